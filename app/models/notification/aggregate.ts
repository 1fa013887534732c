import { defineAggregate, defineAudited, idOf, text } from "~/models/aggregate";

/** Each user's notification settings and the e-mail outbox. */
export const aggregate = defineAggregate({
  sidebar: [{ to: "/notifications", label: "nav.notifications", icon: "bell", place: 120 }],
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  NotificationSetting: {
    type: "notification_setting",
    place: 90,
    label: (s) => `${text(s.type)}, user ${idOf(s.user)}`,
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    notification: typeof aggregate & { audited: typeof audited };
  }
}
