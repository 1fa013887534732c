import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";

/** One user's choice for one notification type (notification-types.ts). */
export const NotificationSetting = defineEntity({
  name: "NotificationSetting",
  tableName: "notification_setting",
  uniques: [{ properties: ["user", "type"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).deleteRule("cascade"),
    type: p.string().length(50),
    enabled: p.boolean().default(true),
    emailEnabled: p.boolean().default(true),
    smsEnabled: p.boolean().default(false),
    thresholdValue: p.decimal("string").precision(10).scale(2).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;

/** A file sent with an e-mail: a text file (the reports are CSV), kept as its text. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/**
 * The mail outbox: every message the shop sends is written here in the transaction that causes
 * it, then delivered by a job through SMTP_URL. Without SMTP_URL it stays here, for admins to read
 * on /notifications.
 */
export const EmailMessage = defineEntity({
  name: "EmailMessage",
  tableName: "email_outbox",
  indexes: [{ name: "email_outbox_status_index", properties: ["status", "id"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).nullable().deleteRule("set null").index(),
    toAddress: p.string().length(255),
    subject: p.string().length(255),
    body: p.text(),
    /** Files sent with the message (a scheduled report's file), up to MAX_ATTACHMENT_BYTES. */
    attachments: p.json<EmailAttachment[]>().columnType("jsonb").nullable(),
    status: p.enum([...EMAIL_STATUSES]).default("pending"),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    createdAt: createdAt(),
    sentAt: p.datetime().columnType("timestamptz").nullable(),
  },
});
