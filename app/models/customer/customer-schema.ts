import { z } from "zod";
import { optionalMoney, optionalPercent } from "~/models/amount-schema";
import { emailField } from "~/models/user/auth-schema";

export const CUSTOMER_TYPES = ["individual", "business", "retail"] as const;

const text = (max: number) =>
  z
    .string({ invalid_type_error: "validation.invalid" })
    .trim()
    .max(max, "validation.tooLong")
    .nullish()
    .transform((v) => v || null);

const required = (max: number, message: string) =>
  z
    .string({ required_error: message, invalid_type_error: "validation.invalid" })
    .trim()
    .min(1, message)
    .max(max, "validation.tooLong");

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], { invalid_type_error: "validation.invalid" })
  .nullish()
  .transform((v) => v === true || v === "true" || v === "on");

/** A customer from the page form or the API (spec section 3 lengths). Messages are i18n keys. */
export const customerSchema = z.object({
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
    .enum(CUSTOMER_TYPES, { errorMap: () => ({ message: "customers:errors.type" }) })
    .nullish()
    .transform((v) => v ?? "individual"),
  vipStatus: flag,
  discountPercentage: optionalPercent("0.00"),
  creditLimit: optionalMoney("0.00"),
  notes: text(5000),
  version: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v > 0), "validation.invalid"),
});

export type CustomerInput = z.infer<typeof customerSchema>;
