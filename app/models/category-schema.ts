import { z } from "zod";

const optionalId = z
  .union([z.string(), z.number()], { invalid_type_error: "validation.invalid" })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === "") return null;
    const text = String(value).trim();
    if (!/^\d{1,9}$/.test(text) || Number(text) === 0) {
      ctx.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return Number(text);
  });

const fields = {
  name: z
    .string({ required_error: "categories:errors.nameRequired", invalid_type_error: "validation.invalid" })
    .trim()
    .min(1, "categories:errors.nameRequired")
    .max(100, "validation.tooLong"),
  description: z
    .string({ invalid_type_error: "validation.invalid" })
    .trim()
    .max(1000, "validation.tooLong")
    .nullish()
    .transform((v) => v || null),
  parentId: optionalId,
  version: optionalId,
};

/** A category from the page form or POST /api/categories. Messages are i18n keys. */
export const categorySchema = z.object(fields);

/** PATCH /api/categories/:id: fields left out keep their value. */
export const categoryPatchSchema = z.object({
  name: fields.name.optional(),
  description: fields.description,
  parentId: fields.parentId,
  version: fields.version,
});

export type CategoryInput = z.infer<typeof categorySchema>;
