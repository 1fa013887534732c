import { defineAggregate, text } from "~/models/aggregate";

/** Users, their sessions and sign-in failures. */
export const aggregate = defineAggregate({
  name: "user",
  permissions: { "user:manage": ["admin"] },
  sidebar: [{ to: "/users", label: "nav.users", icon: "users", place: 150, permission: "user:manage" }],
  lists: { user: "/users" },
  audited: {
    User: {
      type: "user",
      place: 70,
      label: (u) => text(u.email),
      ignore: ["language"],
      secret: ["password"],
      page: "/users/:id/edit",
    },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    user: typeof aggregate;
  }
}
