/**
 * A form's constraint attributes per field (required, minLength, maxLength, min, max, step,
 * pattern, multiple), as conform's getZodConstraint derives them from the form's schema. The
 * server computes them (`formConstraint` in form.server.ts) and a loader hands them to the form,
 * so that the page renders them without zod.
 */
export type FormConstraint = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    multiple?: boolean;
    pattern?: string;
  }
>;
