import { z } from "zod/v4";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { ROLES } from "./roles";

// Messages are i18n keys: pages translate them, the API answers in English (see api.server.ts).
export const emailField = z
  .string(typeMessages({ required: "validation.emailRequired" }))
  .trim()
  .toLowerCase()
  .max(255, lengthRule("validation.tooLong"))
  .email("validation.email");

export const passwordField = z
  .string(typeMessages({ required: "validation.passwordRequired" }))
  .min(6, lengthRule("validation.passwordMin"))
  .max(200, lengthRule("validation.tooLong"));

export const roleField = z.enum(ROLES, { error: "validation.role" });

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});

export const registerSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: z
    .string(typeMessages({ required: "validation.firstNameRequired" }))
    .trim()
    .min(1, lengthRule("validation.firstNameRequired"))
    .max(100, lengthRule("validation.tooLong")),
  lastName: z
    .string(typeMessages({ required: "validation.lastNameRequired" }))
    .trim()
    .min(1, lengthRule("validation.lastNameRequired"))
    .max(100, lengthRule("validation.tooLong")),
  role: roleField.default("salesperson"),
});

export type RegisterInput = z.infer<typeof registerSchema>;
