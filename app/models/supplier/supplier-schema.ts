import { z } from "zod/v4";
import { searchParam, wholeNumberParam } from "~/models/paging-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { DEFAULT_LEAD_TIME_DAYS, MAX_LEAD_TIME_DAYS } from "./lead-time";

const text = (max: number) =>
  z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(max, "validation.tooLong")
    .nullish()
    .transform(whenValid((v) => v || null));

/** A supplier's name: what products name it by, unique in any letter case. */
export const supplierName = z
  .string(typeMessages({ required: "suppliers:errors.nameRequired", invalid: "validation.invalid" }))
  .trim()
  .min(1, lengthRule("suppliers:errors.nameRequired"))
  .max(255, lengthRule("validation.tooLong"));

const optionalEmail = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .toLowerCase()
  .max(255, lengthRule("validation.tooLong"))
  .nullish()
  .transform(whenValid((v) => v || null))
  .refine((v) => v === null || z.string().email().safeParse(v).success, "validation.email");

/** Whole days, 0 to a year; empty is the default (7). Forms send text, JSON a number. */
const leadTimeDays = z
  .union([z.string(), z.number()], typeMessages({ invalid: "suppliers:errors.leadTime" }))
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === "") return DEFAULT_LEAD_TIME_DAYS;
    const text = String(value).trim();
    if (!/^\d{1,3}$/.test(text) || Number(text) > MAX_LEAD_TIME_DAYS) {
      ctx.addIssue({ code: "custom", message: "suppliers:errors.leadTime" });
      return z.NEVER;
    }
    return Number(text);
  });

const version = z
  .union([z.string(), z.number()], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v > 0), "validation.invalid");

/** A supplier from the page form or the API. Messages are i18n keys. */
export const supplierSchema = z.object({
  name: supplierName,
  contactName: text(255),
  email: optionalEmail,
  phone: text(50),
  leadTimeDays,
  notes: text(5000),
  version,
});

export type SupplierInput = z.infer<typeof supplierSchema>;

/** The query of GET /api/suppliers and the /suppliers page: a search and a page. */
export const supplierQuerySchema = z.object({
  search: searchParam(),
  limit: wholeNumberParam(1, 1000, undefined),
  offset: wholeNumberParam(0, 1_000_000_000, 0),
});
