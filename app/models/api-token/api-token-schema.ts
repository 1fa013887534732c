import { z } from "zod";
import { roleField } from "~/models/user/auth-schema";

/** A new API token: a name people recognise it by, and the role it acts with. */
export const apiTokenSchema = z.object({
  name: z
    .string({ required_error: "users:tokens.nameRequired", invalid_type_error: "validation.invalid" })
    .trim()
    .min(1, "users:tokens.nameRequired")
    .max(100, "validation.tooLong"),
  role: roleField,
});
export type ApiTokenInput = z.infer<typeof apiTokenSchema>;
