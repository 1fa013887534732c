import { defineAggregateServer } from "~/models/registry.server";
import { queueDailyDigest } from "./digest.server";
import { deliverPendingEmail } from "./mail.server";
import { EmailMessage, NotificationSetting } from "./notification.entity";
import { NOTIFICATION_OPERATIONS } from "./notification-operations";

/** The notification aggregate on the server: its entities, its /api operations and its scheduled work. */
export const server = defineAggregateServer({
  operations: NOTIFICATION_OPERATIONS,
  entities: [NotificationSetting, EmailMessage],
  jobs: [
    // The daily digest e-mail, before the shop opens.
    { name: "daily-digest", cron: "0 7 * * *", run: (orm, now) => queueDailyDigest(orm.em.fork(), now) },
    // The outbox's e-mails, every minute.
    { name: "deliver-email", cron: "* * * * *", run: (orm) => deliverPendingEmail(orm.em.fork()) },
  ],
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    notification: typeof server;
  }
}
