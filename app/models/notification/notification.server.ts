import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { isLanguage, type Language } from "~/i18n/config";
import { formatters } from "~/i18n/format";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import type { RaisedAlert } from "~/models/alert/alert-input";
import { alertText } from "~/models/alert/alert-text";
import type { settingAnswer } from "~/models/api-doc/response-schemas";
import { purchasePriceMovedMoreThan } from "~/models/automation/automation.server";
import { EmailMessage, NotificationSetting } from "./notification.entity";
import { DEFAULT_THRESHOLDS, NOTIFICATION_TYPES, type NotificationType } from "./notification-types";

/**
 * One of a user's notification settings, as the pages read it and /api answers it. Its type is the schema
 * that documents the answer (response-schemas.ts).
 */
export type SettingRow = z.output<typeof settingAnswer>;

type SettingData = {
  id: number;
  type: string;
  enabled: boolean;
  emailEnabled: boolean;
  smsEnabled: boolean;
  thresholdValue: string | null;
  version: number;
};

function toSetting(row: SettingData): SettingRow {
  return {
    id: row.id,
    type: row.type as NotificationType,
    enabled: row.enabled,
    emailEnabled: row.emailEnabled,
    smsEnabled: row.smsEnabled,
    thresholdValue: row.thresholdValue === null ? null : Number(row.thresholdValue),
    version: row.version,
  };
}

/**
 * A user's settings, one per type, in the order of NOTIFICATION_TYPES. A user who never saved
 * them gets them now: told in the app, not by e-mail until they ask for it (a new account is not
 * mailed about every alert), with the spec's thresholds.
 */
export async function listSettings(userId: number, db: EntityManager = em()): Promise<SettingRow[]> {
  await db.execute(
    `insert into notification_setting (user_id, type, enabled, email_enabled, sms_enabled, threshold_value)
     values ${NOTIFICATION_TYPES.map(() => "(?, ?, true, false, false, ?)").join(", ")}
     on conflict (user_id, type) do nothing`,
    NOTIFICATION_TYPES.flatMap((type) => [userId, type, DEFAULT_THRESHOLDS[type] ?? null]),
  );
  const rows = await db
    .createQueryBuilder(NotificationSetting, "s")
    .select(["id", "type", "enabled", "emailEnabled", "smsEnabled", "thresholdValue", "version"])
    .where({ user: userId })
    .execute<SettingData[]>();
  const order = (type: string) => NOTIFICATION_TYPES.indexOf(type as NotificationType);
  return rows
    .filter((row) => order(row.type) >= 0)
    .map(toSetting)
    .sort((a, b) => order(a.type) - order(b.type));
}

export type SettingChange = Partial<{
  enabled: boolean;
  emailEnabled: boolean;
  smsEnabled: boolean;
  thresholdValue: number | null;
}>;

/** Changes one of the user's own settings; another user's is not found. */
export async function changeSetting(
  userId: number,
  id: number,
  change: SettingChange,
): Promise<{ ok: true; setting: SettingRow } | { ok: false; reason: "notFound" }> {
  return em().transactional(async (tx) => {
    const [setting] = await applyChanges(tx, { user: userId, id }, [change]);
    return setting ? { ok: true as const, setting } : { ok: false as const, reason: "notFound" as const };
  });
}

/** Saves the settings form: every type's switches and threshold, in one unit of work. */
export async function saveSettings(userId: number, changes: ({ type: NotificationType } & SettingChange)[]) {
  await listSettings(userId);
  await em().transactional((tx) =>
    applyChanges(tx, { user: userId, type: { $in: changes.map((change) => change.type) } }, changes),
  );
  return listSettings(userId);
}

/**
 * The settings' one write path: the user's settings that `where` finds, each given the change for
 * its type (or the only change), in one flush. A threshold belongs to the types that have one.
 */
async function applyChanges(
  tx: EntityManager,
  where: Record<string, unknown>,
  changes: (SettingChange & { type?: NotificationType })[],
): Promise<SettingRow[]> {
  const settings = await tx.find(NotificationSetting, where);
  for (const setting of settings) {
    const change = changes.find((c) => c.type === undefined || c.type === setting.type);
    if (!change) continue;
    const { thresholdValue, type: _type, ...switches } = change;
    tx.assign(setting, switches);
    if (thresholdValue !== undefined && DEFAULT_THRESHOLDS[setting.type as NotificationType] !== undefined) {
      setting.thresholdValue = thresholdValue === null ? null : String(thresholdValue);
    }
  }
  await tx.flush();
  return settings.map((setting) => toSetting({ ...setting, thresholdValue: setting.thresholdValue ?? null }));
}

type Recipient = {
  user_id: number;
  email: string;
  language: string;
  type: string;
  threshold_value: string | null;
};

/** Whether an alert passes a user's own threshold for its type (the shop's stays as it is). */
export function passesThreshold(alert: RaisedAlert, threshold: number | null): boolean {
  if (threshold === null) return true;
  const { data } = alert;
  switch (alert.type) {
    case "low_stock":
      return typeof data.stock !== "number" || data.stock <= threshold;
    case "low_margin":
      return typeof data.margin !== "number" || data.margin < threshold;
    case "price_change":
      return (
        typeof data.from !== "string" ||
        typeof data.to !== "string" ||
        purchasePriceMovedMoreThan(data.from, data.to, threshold)
      );
    default:
      return true;
  }
}

/**
 * A translator and the formats of one language, for text written on the server. The translations
 * are loaded when first needed: scripts that write products (the seeders, run without Vite) never
 * load them unless someone is to be mailed.
 */
export async function writerFor(language: string) {
  const lng: Language = isLanguage(language) ? language : "en";
  const { fixedT } = await import("~/i18n/i18next.server");
  const t = fixedT(lng);
  const format = formatters(lng);
  return {
    t,
    format: {
      percent: format.percent,
      money: (v: string) => format.money(v),
      date: (v: string) => format.date(v),
    },
  };
}

function productLink(productId: number | null) {
  const base = env().PUBLIC_URL;
  return base && productId ? `${base.replace(/\/$/, "")}/products/${productId}` : null;
}

/**
 * E-mails about these alerts, written into the outbox in the caller's transaction, to each active
 * user who turned on e-mail for the alert's type and whose threshold the alert passes, in that
 * user's language. A job delivers them (mail.server.ts).
 */
export async function queueAlertEmails(tx: EntityManager, alerts: RaisedAlert[]) {
  if (alerts.length === 0) return;
  const types = [...new Set(alerts.map((alert) => alert.type))];
  const recipients = await tx.execute<Recipient[]>(
    `select u.id as user_id, u.email, u.language, s.type, s.threshold_value
     from notification_setting s join "user" u on u.id = s.user_id
     where s.type in (?) and s.enabled and s.email_enabled and u.is_active`,
    [types],
  );
  if (recipients.length === 0) return;
  const messages: { user: number; toAddress: string; subject: string; body: string }[] = [];
  for (const alert of alerts) {
    for (const recipient of recipients) {
      if (recipient.type !== alert.type) continue;
      const threshold = recipient.threshold_value === null ? null : Number(recipient.threshold_value);
      if (!passesThreshold(alert, threshold)) continue;
      const { t, format } = await writerFor(recipient.language);
      const text = alertText({ type: alert.type, title: "", message: "", data: alert.data }, t, format);
      const link = productLink(alert.productId);
      messages.push({
        user: recipient.user_id,
        toAddress: recipient.email,
        subject: `VoltStock: ${text.title}`,
        body: [
          text.message,
          "",
          link ? t("notifications:email.open", { link }) : null,
          t("notifications:email.why"),
        ]
          .filter((line) => line !== null)
          .join("\n"),
      });
    }
  }
  if (messages.length > 0) await tx.insertMany(EmailMessage, messages);
}

/** An e-mail as the outbox shows it to admins. */
export type OutboxRow = {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** The outbox, newest first, a page at a time. */
export async function listOutbox({
  limit = 20,
  offset = 0,
} = {}): Promise<{ messages: OutboxRow[]; total: number }> {
  const db = em();
  const [rows, total] = await Promise.all([
    db
      .createQueryBuilder(EmailMessage, "m")
      .select([
        "id",
        "toAddress",
        "subject",
        "body",
        "status",
        "attempts",
        "lastError",
        "createdAt",
        "sentAt",
      ])
      .orderBy({ id: "desc" })
      .limit(limit)
      .offset(offset)
      .execute<(Omit<OutboxRow, "createdAt" | "sentAt"> & { createdAt: Date; sentAt: Date | null })[]>(),
    db.createQueryBuilder(EmailMessage, "m").count().execute<{ count: number }>("get"),
  ]);
  return {
    messages: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
    })),
    total: Number(total?.count ?? 0),
  };
}
