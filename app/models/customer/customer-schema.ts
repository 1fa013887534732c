import { z } from "zod/v4";
import { optionalMoney, optionalPercent } from "~/models/amount-schema";
import { withCrossCheck } from "~/models/cross-check";
import { searchParam, wholeNumberParam } from "~/models/paging-schema";
import { BELOW_COST_REASON } from "~/models/price/below-cost";
import { belowCostReasonSchema } from "~/models/price/below-cost-schema";
import { emailField } from "~/models/user/auth-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { parseBusinessId } from "./business-id";

export const CUSTOMER_TYPES = ["individual", "business", "retail"] as const;

const text = (max: number) =>
  z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(max, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => v || null));

const required = (max: number, message: string) =>
  z
    .string(typeMessages({ required: message, invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule(message))
    .max(max, lengthRule("validation.tooLong"));

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((v) => v === true || v === "true" || v === "on");

/** The customer's fields (spec section 3 lengths). Messages are i18n keys. */
export const customerFields = z.object({
  firstName: required(100, "validation.firstNameRequired"),
  lastName: required(100, "validation.lastNameRequired"),
  email: emailField,
  phone: text(20),
  company: text(200),
  vatNumber: text(50),
  address: text(1000),
  city: text(100),
  postalCode: text(20),
  country: text(100),
  customerType: z
    .enum(CUSTOMER_TYPES, { error: "customers:errors.type" })
    .nullish()
    .transform((v) => v ?? "individual"),
  vipStatus: flag,
  discountPercentage: optionalPercent("0.00"),
  creditLimit: optionalMoney("0.00"),
  notes: text(5000),
  /** an admin's or a manager's reason for a discount that sells a product under its net cost (below-cost.ts) */
  [BELOW_COST_REASON]: belowCostReasonSchema,
  version: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v > 0), "validation.invalid"),
});

const FINLAND = new Set(["", "finland", "suomi"]);

/** A business in Finland (no country given counts as Finland): its VAT number is a Finnish one. */
export function isFinnishBusiness(value: { customerType: string; country: string | null }) {
  return value.customerType === "business" && FINLAND.has((value.country ?? "").trim().toLowerCase());
}

/**
 * A customer from the page form or the API. A Finnish business's VAT number may be typed as the
 * business ID ("0112038-9") or the VAT number ("FI01120389"); either is checked (format and check
 * digit) and kept as the VAT number. Other customers' VAT numbers are free text.
 */
export const customerSchema = withCrossCheck(
  customerFields,
  { customerType: true, country: true, vatNumber: true },
  (value, ctx) => {
    if (!value.vatNumber || !isFinnishBusiness(value)) return;
    const parsed = parseBusinessId(value.vatNumber);
    if (!parsed.ok) {
      ctx.addIssue({
        code: "custom",
        path: ["vatNumber"],
        message:
          parsed.reason === "format"
            ? "customers:errors.businessIdFormat"
            : "customers:errors.businessIdCheckDigit",
      });
    }
  },
).transform((value) => {
  if (!value.vatNumber || !isFinnishBusiness(value)) return value;
  const parsed = parseBusinessId(value.vatNumber);
  return parsed.ok ? { ...value, vatNumber: parsed.vatNumber } : value;
});

export type CustomerInput = z.infer<typeof customerSchema>;

/** The query of GET /api/customers: an optional search and how many (at most 1,000). */
export const customerQuerySchema = z.object({
  search: searchParam(),
  limit: wholeNumberParam(1, 1000, undefined),
});
