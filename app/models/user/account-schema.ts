import { z } from "zod/v4";
import { LANGUAGES } from "~/i18n/config";
import { withCrossCheck } from "~/models/cross-check";
import { lengthRule, typeMessages } from "~/models/zod-messages";
import { passwordField } from "./auth-schema";
import { nameField, versionField } from "./user-schema";

/** A user's own details on /account: name and interface language (email and role are the admin's). */
export const profileSchema = z.object({
  firstName: nameField("validation.firstNameRequired"),
  lastName: nameField("validation.lastNameRequired"),
  language: z.enum(LANGUAGES, { error: "validation.invalid" }),
  version: versionField,
});

/** A password change: the current password, and the new one twice. */
const passwordChangeFields = z.object({
  currentPassword: z
    .string(typeMessages({ required: "account:errors.currentRequired" }))
    .min(1, lengthRule("account:errors.currentRequired"))
    .max(200, lengthRule("validation.tooLong")),
  newPassword: passwordField,
  confirmPassword: z.string(typeMessages({ required: "account:errors.confirmRequired" })),
});

export const passwordChangeSchema = withCrossCheck(
  passwordChangeFields,
  { newPassword: true, confirmPassword: true },
  (value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "account:errors.mismatch" });
    }
  },
);

export type ProfileInput = z.infer<typeof profileSchema>;
