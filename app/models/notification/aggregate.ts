import { defineAggregate, idOf, text } from "~/models/aggregate";

/** Each user's notification settings and the e-mail outbox. */
export const aggregate = defineAggregate({
  name: "notification",
  sidebar: [{ to: "/notifications", label: "nav.notifications", icon: "bell", place: 120 }],
  audited: {
    NotificationSetting: {
      type: "notification_setting",
      place: 90,
      label: (s) => `${text(s.type)}, user ${idOf(s.user)}`,
    },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    notification: typeof aggregate;
  }
}
