import type { z } from "zod/v4";

/**
 * An object schema with a rule across some of its fields (an end date after a start date, two
 * passwords alike) that runs even when other fields are refused. zod skips an object's own
 * refinements as soon as any field fails, which made a form reveal its errors over several
 * submits; here the rule checks its own fields alongside the whole object, and both answer at once.
 */
export function withCrossCheck<Shape extends z.ZodRawShape, Key extends keyof Shape & string>(
  base: z.ZodObject<Shape>,
  fields: readonly Key[],
  check: (value: z.output<z.ZodObject<Pick<Shape, Key>>>, ctx: z.RefinementCtx) => void,
) {
  const mask = Object.fromEntries(fields.map((field) => [field, true]));
  const part = base.pick(mask as never).superRefine((value, ctx) => check(value as never, ctx));
  return base.and(part) as unknown as z.ZodType<z.output<typeof base>, z.input<typeof base>>;
}
