import { z } from "zod";
import { ROLES } from "./roles";

// Messages are i18n keys: pages translate them, the API answers in English (see api.server.ts).
export const emailField = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .toLowerCase()
  .max(255, "validation.tooLong")
  .email("validation.email");

export const passwordField = z
  .string({ required_error: "validation.passwordRequired" })
  .min(6, "validation.passwordMin")
  .max(200, "validation.tooLong");

export const roleField = z.enum(ROLES, { errorMap: () => ({ message: "validation.role" }) });

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});

export const registerSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: z
    .string({ required_error: "validation.firstNameRequired" })
    .trim()
    .min(1, "validation.firstNameRequired")
    .max(100, "validation.tooLong"),
  lastName: z
    .string({ required_error: "validation.lastNameRequired" })
    .trim()
    .min(1, "validation.lastNameRequired")
    .max(100, "validation.tooLong"),
  role: roleField.default("salesperson"),
});

export type RegisterInput = z.infer<typeof registerSchema>;
