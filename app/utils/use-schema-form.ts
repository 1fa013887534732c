import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * conform's useForm as every form here uses it: the server's zod schema checks in the browser too
 * (constraints before hydration, the same messages after), first on blur, then as the user types.
 */
export function useSchemaForm<S extends z.ZodTypeAny>(options: {
  id: string;
  schema: S;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, unknown>;
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
      parseWithZod(formData, { schema: options.schema, disableAutoCoercion: true }),
  });
}
