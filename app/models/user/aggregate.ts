import { defineAggregate, defineAudited, text } from "~/models/aggregate";

/** Users, their sessions and sign-in failures. */
export const aggregate = defineAggregate({
  permissions: { "user:manage": ["admin"] },
  sidebar: [{ to: "/users", label: "nav.users", icon: "users", place: 150, permission: "user:manage" }],
  lists: { user: "/users" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  User: {
    type: "user",
    place: 70,
    label: (u) => text(u.email),
    ignore: ["language"],
    secret: ["password"],
    page: "/users/:id/edit",
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    user: typeof aggregate & { audited: typeof audited };
  }
}
