import { z } from "zod/v4";
import { optionalMoney, optionalPercent } from "~/models/amount-schema";
import { isCalendarDay } from "~/models/calendar-day";
import { withCrossCheck } from "~/models/cross-check";
import { belowCostReasonSchema } from "~/models/price/below-cost-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";

/** A calendar day "YYYY-MM-DD" that exists (no 30 February) in a sensible range of years. */
const isoDate = z
  .string(typeMessages({ required: "validation.required", invalid: "campaigns:errors.date" }))
  .trim()
  .refine(isCalendarDay, "campaigns:errors.date");

/** A campaign as the page form and the API send it; dates are calendar days "YYYY-MM-DD". */
const campaignFields = z.object({
  name: z
    .string(typeMessages({ required: "campaigns:errors.nameRequired", invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule("campaigns:errors.nameRequired"))
    .max(200, lengthRule("validation.tooLong")),
  description: z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(2000, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => v || null)),
  startDate: isoDate,
  endDate: isoDate,
  // Optional: an empty field (the form's) is none.
  referenceFrozenOn: z
    .string(typeMessages({ invalid: "campaigns:errors.date" }))
    .trim()
    .nullish()
    .transform(whenValid((v) => v || null))
    .refine((v) => v === null || isCalendarDay(v), "campaigns:errors.date"),
  isActive: z
    .union([z.boolean(), z.enum(["true", "false", "on"])], typeMessages({ invalid: "validation.invalid" }))
    .nullish()
    // Absent means active (the spec's default); the page form sends "true" or "false" from a select.
    .transform((v) => v === null || v === undefined || v === true || v === "true" || v === "on"),
  version: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v > 0), "validation.invalid"),
});

export const campaignSchema = withCrossCheck(
  campaignFields,
  { startDate: true, endDate: true },
  (value, ctx) => {
    if (value.endDate < value.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "campaigns:errors.endBeforeStart" });
    }
  },
);

export type CampaignInput = z.infer<typeof campaignSchema>;

/** A product added to a campaign: found by id or SKU, priced by a percent off or a price of its own. */
const campaignProductFields = z.object({
  productId: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === "" ? null : String(v).trim())),
  sku: z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(100, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => v || null)),
  discountPrice: optionalMoney(null, { aboveZero: true }),
  discountPercent: optionalPercent(null),
  /** An admin's or manager's reason for a campaign price below cost (below-cost.ts). */
  belowCostReason: belowCostReasonSchema,
});

export const campaignProductSchema = withCrossCheck(
  campaignProductFields,
  { productId: true, sku: true, discountPrice: true, discountPercent: true },
  (value, ctx) => {
    if (!value.productId && !value.sku) {
      ctx.addIssue({ code: "custom", path: ["sku"], message: "campaigns:errors.productRequired" });
    }
    if (value.productId && !/^\d{1,9}$/.test(value.productId)) {
      ctx.addIssue({ code: "custom", path: ["productId"], message: "validation.invalid" });
    }
    if ((value.discountPrice === null) === (value.discountPercent === null)) {
      ctx.addIssue({ code: "custom", path: ["discountPrice"], message: "campaigns:errors.discountOne" });
    }
  },
);

export type CampaignProductInput = z.infer<typeof campaignProductSchema>;
