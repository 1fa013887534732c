import { z } from "zod/v4";
import { lengthRule, typeMessages, unionOf } from "~/models/zod-messages";

/** A switch as JSON sends it (true/false) or a form does ("on", "true", "false"). */
const flag = z
  .union([z.boolean(), z.enum(["on", "true", "false"])], typeMessages({ invalid: "validation.invalid" }))
  .transform((value) => value === true || value === "on" || value === "true");

/** A threshold: a number of 0 or more ("12,5" as a Finnish form sends it), or empty for none. */
const threshold = z
  .union([z.number(), z.string()], typeMessages({ invalid: "notifications:errors.threshold" }))
  .nullable()
  .transform((value, ctx) => {
    if (value === null) return null;
    const text = String(value).trim().replace(",", ".");
    if (text === "") return null;
    const number = Number(text);
    if (!Number.isFinite(number) || number < 0 || number > 1_000_000 || !/^\d+(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "notifications:errors.threshold" });
      return z.NEVER;
    }
    return number;
  });

/** A change of one notification setting (PATCH /api/notification-settings/:id): fields left out keep their value. */
export const settingChangeSchema = z.object({
  enabled: flag.optional(),
  emailEnabled: flag.optional(),
  smsEnabled: flag.optional(),
  thresholdValue: threshold.optional(),
});

export type SettingChangeInput = z.infer<typeof settingChangeSchema>;

/** POST /api/notifications/read: these notifications, or all of them. */
export const markReadSchema = unionOf([
  z
    .object({ ids: z.array(z.number().int().positive()).min(1, lengthRule()).max(1000, lengthRule()) })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** GET /api/notifications: unread only or all, a page at a time. */
export const notificationQuerySchema = z.object({
  unread: z.enum(["true", "false"], { error: "Use true or false" }).optional(),
  limit: z.coerce
    .number(typeMessages({ invalid: "validation.invalid" }))
    .int("validation.invalid")
    .min(1)
    .max(200)
    .default(50),
  offset: z.coerce
    .number(typeMessages({ invalid: "validation.invalid" }))
    .int("validation.invalid")
    .min(0)
    .max(1_000_000)
    .default(0),
});
