import type { EntityManager } from "@mikro-orm/postgresql";
import { alertText } from "~/models/alert/alert-text";
import { EmailMessage } from "./notification.entity";
import { writerFor } from "./notification.server";

/** How many of the day's alerts a digest lists one by one (the rest are counted). */
const DIGEST_LINES = 20;

/**
 * The daily digest: to each active user who turned on e-mail for it, the alerts of the 24 hours
 * before `now` (newest first) and how many are still unread, in the user's language, into the
 * outbox. Nobody gets a digest of an empty day. Returns how many were written.
 */
export async function queueDailyDigest(db: EntityManager, now: Date): Promise<number> {
  return db.transactional(async (tx) => {
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const alerts = await tx.execute<
      { type: string; title: string; message: string; data: Record<string, unknown> | null }[]
    >(
      `select type, title, message, data from alert where created_at > ? and created_at <= ?
       order by created_at desc, id desc limit ?`,
      [since, now, DIGEST_LINES + 1],
    );
    if (alerts.length === 0) return 0;
    const [{ total, unread }] = await tx.execute<{ total: number; unread: number }[]>(
      `select count(*)::int as total, (select count(*)::int from alert where not is_read) as unread
       from alert where created_at > ? and created_at <= ?`,
      [since, now],
    );
    const users = await tx.execute<{ id: number; email: string; language: string }[]>(
      `select u.id, u.email, u.language from notification_setting s join "user" u on u.id = s.user_id
       where s.type = 'daily_digest' and s.enabled and s.email_enabled and u.is_active`,
    );
    const messages = [];
    for (const user of users) {
      const { t, format } = await writerFor(user.language);
      const lines = alerts.slice(0, DIGEST_LINES).map((alert) => {
        const text = alertText(alert, t, format);
        return `- ${text.title}: ${text.message}`;
      });
      if (total > DIGEST_LINES) lines.push(t("notifications:digest.more", { count: total - DIGEST_LINES }));
      messages.push({
        user: user.id,
        toAddress: user.email,
        subject: `VoltStock: ${t("notifications:digest.subject", { count: total })}`,
        body: [t("notifications:digest.intro", { count: total, unread }), "", ...lines].join("\n"),
      });
    }
    if (messages.length > 0) await tx.insertMany(EmailMessage, messages);
    return messages.length;
  });
}
