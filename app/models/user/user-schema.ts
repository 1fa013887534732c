import { z } from "zod";
import { emailField, passwordField, roleField } from "./auth-schema";

const name = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: "validation.invalid" })
    .trim()
    .min(1, message)
    .max(100, "validation.tooLong");

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], { invalid_type_error: "validation.invalid" })
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
  password: z
    .union([z.literal(""), passwordField])
    .nullish()
    .transform((v) => v || null),
});

export type NewUserInput = z.infer<typeof newUserSchema>;
export type EditUserInput = z.infer<typeof editUserSchema>;

/** The fields a user's own account page shares with the admin's form. */
export const nameField = name;
export const versionField = base.version;
