import { z } from "zod/v4";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";

/**
 * An optional positive id as a form sends it ("12", "") or as JSON does (12, null).
 * Empty means none (null); anything else that is not a whole number above zero is an error.
 */
const idText = z.union([z.string(), z.number()], typeMessages({ invalid: "validation.invalid" }));

function toId(value: string | number | null | undefined, ctx: z.RefinementCtx<unknown>) {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) === 0) {
    ctx.addIssue({ code: "custom", message: "validation.invalid" });
    return z.NEVER;
  }
  return Number(text);
}

const optionalId = idText.nullish().transform(toId);

const name = z
  .string(typeMessages({ required: "categories:errors.nameRequired", invalid: "validation.invalid" }))
  .trim()
  .min(1, lengthRule("categories:errors.nameRequired"))
  .max(100, lengthRule("validation.tooLong"));

const descriptionText = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .max(1000, lengthRule("validation.tooLong"));
const emptyAsNull = whenValid((v: string | null | undefined) => v || null);
const description = descriptionText.nullish().transform(emptyAsNull);

/** A category from the page form or POST /api/categories. Messages are i18n keys. */
export const categorySchema = z.object({
  name,
  description,
  parentId: optionalId,
  version: optionalId,
});

/**
 * PATCH /api/categories/:id: a field left out keeps its value (undefined), while an explicit null
 * clears it (description) or makes the category a root (parentId). (A field is made optional
 * before it may be undefined: zod v4's optional() hands undefined on to a schema that takes it.)
 */
export const categoryPatchSchema = z.object({
  name: name.optional(),
  description: descriptionText.nullable().transform(emptyAsNull).optional(),
  parentId: idText.nullable().transform(toId).optional(),
  version: idText.nullable().transform(toId).optional(),
});

export type CategoryInput = z.infer<typeof categorySchema>;
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;
