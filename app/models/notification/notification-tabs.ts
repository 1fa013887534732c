/** The tabs of /notifications, each a route of its own, in the order the page shows them. */
export const NOTIFICATION_TABS = [
  { name: "settings", path: "/notifications" },
  { name: "rules", path: "/notifications/rules" },
  { name: "recent", path: "/notifications/recent" },
] as const;
