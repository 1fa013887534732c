import { z } from "zod/v4";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { LOCATION_KINDS } from "./location-kind";

/** A flag from a form's select ("true"/"false") or JSON (a boolean); absent: `fallback`. */
const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(["true", "false", "on"])], typeMessages({ invalid: "validation.invalid" }))
    .nullish()
    .transform((v) => (v === null || v === undefined ? fallback : v === true || v === "true" || v === "on"));

const version = z
  .union([z.string(), z.number()], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v > 0), "validation.invalid");

/** A location from the page form or the API (issue #32). Messages are i18n keys. */
export const locationSchema = z.object({
  name: z
    .string(typeMessages({ required: "locations:errors.nameRequired", invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule("locations:errors.nameRequired"))
    .max(100, lengthRule("validation.tooLong")),
  kind: z
    .enum(LOCATION_KINDS, typeMessages({ invalid: "locations:errors.kind" }))
    .nullish()
    .transform((v) => v ?? "store"),
  address: z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(1000, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => v || null)),
  active: flag(true),
  isDefault: flag(false),
  version,
});

export type LocationInput = z.infer<typeof locationSchema>;

/** A location a caller names (a movement's, a staff member's own): a positive whole id. */
export const locationIdField = z.coerce
  .number(typeMessages({ invalid: "locations:errors.unknown" }))
  .int("locations:errors.unknown")
  .min(1, "locations:errors.unknown")
  .max(2_147_483_647, "locations:errors.unknown");
