import { conformZodMessage, parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";

/** Leaves a submit's whole verdict to the server. */
const decidedOnServer = z.any().superRefine((_, ctx) => {
  ctx.addIssue({ code: "custom", message: conformZodMessage.VALIDATION_UNDEFINED });
});

/**
 * The browser's checks of a form with its schema (see useSchemaForm): loaded after hydration, with
 * zod, as a chunk of its own.
 */
export function validator(schema: z.ZodType, serverChecks: boolean) {
  return (formData: FormData) =>
    parseWithZod(formData, {
      // The intent is null on submit, a validate intent on blur and input.
      schema: (intent) => (intent === null && serverChecks ? decidedOnServer : schema),
      disableAutoCoercion: true,
    });
}
