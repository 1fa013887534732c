import { z } from "zod/v4";
import { roleField } from "~/models/user/auth-schema";
import { lengthRule, typeMessages } from "~/models/zod-messages";

/** A new API token: a name people recognise it by, and the role it acts with. */
export const apiTokenSchema = z.object({
  name: z
    .string(typeMessages({ required: "users:tokens.nameRequired", invalid: "validation.invalid" }))
    .trim()
    .min(1, lengthRule("users:tokens.nameRequired"))
    .max(100, lengthRule("validation.tooLong")),
  role: roleField,
});
export type ApiTokenInput = z.infer<typeof apiTokenSchema>;
