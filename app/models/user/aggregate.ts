import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

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

/** What the cross-cutting tests walk: the users' screens and /api/users, for admins only. */
export const checks = defineChecks({
  routes: [
    ["GET", "/users", "admins", 200],
    ["POST", "/users", "admins", 400],
    ["GET", "/users/new", "admins", 200],
    ["POST", "/users/new", "admins", 400],
    ["GET", "/users/:id/edit", "admins", 200],
    ["POST", "/users/:id/edit", "admins", 400],
    ["GET", "/users/:id/delete", "admins", 200],
    ["POST", "/users/:id/delete", "admins", "→/users", { target: "missing" }],
    ["GET", "/api/users", "admins", 200],
    ["POST", "/api/users", "admins", 400],
    ["GET", "/api/users/:id", "admins", 200],
    ["PUT", "/api/users/:id", "admins", 404, { target: "missing" }],
    ["DELETE", "/api/users/:id", "admins", 404, { target: "missing" }],
  ],
  // A salesperson nobody signs in as: the walk's callers are users of their own.
  record: {
    segment: "users",
    create: "/api/users",
    body: {
      email: "checked-{unique}@e2e.test",
      password: "secret123",
      firstName: "Checked",
      lastName: "{unique}",
      role: "salesperson",
    },
  },
  fingerprint: ["user"],
});
