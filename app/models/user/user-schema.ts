import { z } from "zod/v4";
import { lengthRule, typeMessages, unionOf } from "~/models/zod-messages";
import { emailField, passwordField, roleField } from "./auth-schema";

const name = (message: string) =>
  z
    .string(typeMessages({ required: message, invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule(message))
    .max(100, lengthRule("validation.tooLong"));

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], typeMessages({ invalid: "validation.invalid" }))
  .nullish()
  .transform((v) => v === null || v === undefined || v === true || v === "true" || v === "on");

const base = {
  firstName: name("validation.firstNameRequired"),
  lastName: name("validation.lastNameRequired"),
  email: emailField,
  role: roleField.nullish().transform((v) => v ?? "salesperson"),
  isActive: flag,
  version: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v > 0), "validation.invalid"),
};

/** A user an admin creates on /users or with POST /api/users: the password is required. */
export const newUserSchema = z.object({ ...base, password: passwordField });

/** An edit: the password is optional, empty keeps the old one. */
export const editUserSchema = z.object({
  ...base,
  password: unionOf([z.literal(""), passwordField])
    .nullish()
    .transform((v) => v || null),
});

export type NewUserInput = z.infer<typeof newUserSchema>;
export type EditUserInput = z.infer<typeof editUserSchema>;

/** The fields a user's own account page shares with the admin's form. */
export const nameField = name;
export const versionField = base.version;
