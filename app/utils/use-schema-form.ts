import { type SubmissionResult, useForm } from "@conform-to/react";
import { conformZodMessage, getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";

/** Leaves a submit's whole verdict to the server. */
const decidedOnServer = z.any().superRefine((_, ctx) => {
  ctx.addIssue({ code: "custom", message: conformZodMessage.VALIDATION_UNDEFINED });
});

/**
 * conform's useForm as every form here uses it: the server's zod schema checks in the browser too
 * (constraints before hydration, the same messages after), first on blur, then as the user types.
 * A form with `serverChecks` (a SKU or an e-mail in use, which only the database knows) is sent on
 * submit even with errors showing, so that one answer lists every field's error at once.
 */
export function useSchemaForm<S extends z.ZodTypeAny>(options: {
  id: string;
  schema: S;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, unknown>;
  serverChecks?: boolean;
}) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    // biome-ignore lint/suspicious/noExplicitAny: conform's default-value type is the schema's input shape
    defaultValue: options.defaultValue as any,
    constraint: getZodConstraint(options.schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        // The intent is null on submit, a validate intent on blur and input.
        schema: (intent) => (intent === null && options.serverChecks ? decidedOnServer : options.schema),
        disableAutoCoercion: true,
      }),
  });
}
