import { parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod/v4";
import type { FormConstraint } from "./form-constraint";
import { useSubmitWithoutShift } from "./use-submit-without-shift";

type Validate = (formData: FormData) => Submission<unknown, string[], unknown>;

/**
 * conform's useForm as every form here uses it: the server's zod schema checks in the browser too
 * (the same messages), first on blur (not when leaving a field for the submit button:
 * use-submit-without-shift.ts), then as the user types. A form with `serverChecks` (a SKU or
 * an e-mail in use, which only the database knows) is sent on submit even with errors showing, so
 * that one answer lists every field's error at once.
 *
 * The page does not download zod and the schema to render the form: the constraint attributes
 * (required, maxlength ...) come from the loader (`formConstraint`, computed on the server from
 * the same schema), and `schema` loads the schema after hydration. Until it is there, a blur checks
 * nothing and a submit goes to the server, which checks everything.
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(options: {
  id: string;
  constraint: FormConstraint;
  schema: () => Promise<S>;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, unknown>;
  serverChecks?: boolean;
}) {
  const [validate, setValidate] = useState<Validate | null>(null);
  const load = useRef(options.schema);
  const serverChecks = Boolean(options.serverChecks);
  useEffect(() => {
    let current = true;
    void Promise.all([load.current(), import("./schema-validation")]).then(([schema, { validator }]) => {
      if (current) setValidate(() => validator(schema, serverChecks));
    });
    return () => {
      current = false;
    };
  }, [serverChecks]);
  useSubmitWithoutShift(options.id);

  return useForm<z.input<S>, z.output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    // biome-ignore lint/suspicious/noExplicitAny: conform's default-value type is the schema's input shape
    defaultValue: options.defaultValue as any,
    constraint: options.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      (validate ?? notYet)(formData) as Submission<z.input<S>, string[], z.output<S>>,
  });
}

/** Before the schema is loaded: no errors on a blur; a submit is the server's to decide (null). */
const notYet: Validate = (formData) =>
  parse(formData, { resolve: (_, intent) => (intent ? { error: {} } : { error: null }) }) as Submission<
    unknown,
    string[],
    unknown
  >;
