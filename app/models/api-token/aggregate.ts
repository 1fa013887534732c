import { defineAggregate, text } from "~/models/aggregate";

/** API tokens. */
export const aggregate = defineAggregate({
  name: "api-token",
  audited: {
    ApiToken: {
      type: "api_token",
      place: 100,
      label: (t) => `${text(t.name)} (${text(t.prefix)}…)`,
      ignore: ["tokenHash", "lastUsedAt", "windowStart", "windowCount"],
    },
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "api-token": typeof aggregate;
  }
}
