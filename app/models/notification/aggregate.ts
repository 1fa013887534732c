import { defineAggregate, defineAudited, defineChecks, idOf, text } from "~/models/aggregate";

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

/**
 * What the cross-cutting tests walk: one's own notification settings, and the alerts the
 * notifications' "recent" tab lists (the alert folder declares no aggregate of its own). A
 * setting of another user is as missing as one that does not exist.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/notifications", "staff", 200],
    ["POST", "/notifications", "staff", 400], // one's own settings
    ["GET", "/notifications/recent", "staff", 200],
    ["POST", "/notifications/recent", "staff", 400], // an alert marked read: the form names none
    ["GET", "/api/notifications", "staff", 200],
    ["POST", "/api/notifications", "everyone", 405], // marking read is POST /api/notifications/read
    ["GET", "/api/notifications/read", "everyone", 405],
    ["POST", "/api/notifications/read", "staff", 400],
    ["GET", "/api/notification-settings", "staff", 200],
    ["POST", "/api/notification-settings", "everyone", 405], // each setting is changed on its own
    ["GET", "/api/notification-settings/:id", "everyone", 405],
    ["PATCH", "/api/notification-settings/:id", "staff", 404, { target: "missing" }],
    ["GET", "/api/alerts", "staff", 200],
    ["GET", "/api/alerts/:id", "everyone", 405],
    ["DELETE", "/api/alerts/:id", "staff", 404, { target: "missing" }],
  ],
});
