import { z } from "zod/v4";

/**
 * An object schema with a rule across some of its fields (an end date after a start date, two
 * passwords alike, a supplier by name or by id) that runs even when other fields are refused. zod
 * skips an object's own refinements as soon as any field fails, which made a form reveal its
 * errors over several submits; here the rule checks its own fields alongside the whole object, and
 * both answer at once. A field of the rule that is refused is refused once: the rule's copy of its
 * refusal (the same schema's issue at the same place) is dropped.
 */
export function withCrossCheck<Shape extends z.ZodRawShape, Key extends keyof Shape & string>(
  base: z.ZodObject<Shape>,
  fields: readonly Key[],
  check: (value: z.output<z.ZodObject<Pick<Shape, Key>>>, ctx: z.RefinementCtx) => void,
) {
  const mask = Object.fromEntries(fields.map((field) => [field, true]));
  const part = base.pick(mask as never).superRefine((value, ctx) => check(value as never, ctx));
  const once = new z.core.$ZodCheck({ check: "custom", when: () => true });
  once._zod.check = (payload) => {
    const seen = new Set<string>();
    const kept = payload.issues.filter((issue) => {
      const key = `${issue.path?.map(String).join(".")}\u0000${issue.code}\u0000${issue.message ?? ""}`;
      const first = !seen.has(key);
      seen.add(key);
      return first;
    });
    payload.issues.splice(0, payload.issues.length, ...kept);
  };
  return base.and(part).check(once) as unknown as z.ZodType<z.output<typeof base>, z.input<typeof base>>;
}
