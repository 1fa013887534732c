import { z } from "zod";

/**
 * An optional positive id as a form sends it ("12", "") or as JSON does (12, null).
 * Empty means none (null); anything else that is not a whole number above zero is an error.
 */
const optionalId = z
  .union([z.string(), z.number()], { invalid_type_error: "validation.invalid" })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    if (text === "") return null;
    if (!/^\d{1,9}$/.test(text) || Number(text) === 0) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return Number(text);
  });

const name = z
  .string({ required_error: "categories:errors.nameRequired", invalid_type_error: "validation.invalid" })
  .trim()
  .min(1, "categories:errors.nameRequired")
  .max(100, "validation.tooLong");

const description = z
  .string({ invalid_type_error: "validation.invalid" })
  .trim()
  .max(1000, "validation.tooLong")
  .nullish()
  .transform((v) => v || null);

/** A category from the page form or POST /api/categories. Messages are i18n keys. */
export const categorySchema = z.object({
  name,
  description,
  parentId: optionalId,
  version: optionalId,
});

/**
 * PATCH /api/categories/:id: a field left out keeps its value (undefined), while an explicit null
 * clears it (description) or makes the category a root (parentId).
 */
export const categoryPatchSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  parentId: optionalId.optional(),
  version: optionalId.optional(),
});

export type CategoryInput = z.infer<typeof categorySchema>;
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;
