import { z } from "zod/v4";

/**
 * An object schema with a rule across some of its fields (an end date after a start date, two
 * passwords alike, a supplier by name or by id) that runs even when other fields are refused. zod
 * skips an object's own refinements as soon as any field fails, which made a form reveal its
 * errors over several submits; here the rule checks its own fields alongside the whole object, and
 * both answer at once. A field of the rule that is refused is refused once: the rule's copy of its
 * refusal (the same schema's issue at the same place) is dropped.
 */
export function withCrossCheck<Shape extends z.ZodRawShape, Fields extends z.core.util.Mask<keyof Shape>>(
  base: z.ZodObject<Shape>,
  /** the fields the rule reads, as zod's `pick` names them: `{ startDate: true, endDate: true }` */
  fields: Fields,
  check: (value: z.output<ReturnType<typeof base.pick<Fields>>>, ctx: z.RefinementCtx) => void,
) {
  return withCrossChecks(base, crossRule(base, fields, check));
}

/**
 * One rule across some fields of `base`, for `withCrossChecks`: each rule is checked on its own,
 * so a refused field of one rule does not keep another from answering.
 */
export function crossRule<Shape extends z.ZodRawShape, Fields extends z.core.util.Mask<keyof Shape>>(
  base: z.ZodObject<Shape>,
  fields: Fields,
  check: (value: z.output<ReturnType<typeof base.pick<Fields>>>, ctx: z.RefinementCtx) => void,
): z.ZodType {
  return base.pick(fields).superRefine(check);
}

/** `withCrossCheck` with several rules (each from `crossRule`), all answering at once. */
export function withCrossChecks<Shape extends z.ZodRawShape>(
  base: z.ZodObject<Shape>,
  ...rules: z.ZodType[]
) {
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
  let whole: z.ZodType = base;
  for (const rule of rules) whole = whole.and(rule);
  return whole.check(once) as unknown as z.ZodType<z.output<typeof base>, z.input<typeof base>>;
}
