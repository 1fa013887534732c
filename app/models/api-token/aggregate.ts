import { defineAggregate, defineAudited, text } from "~/models/aggregate";

/** API tokens. */
export const aggregate = defineAggregate({});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  ApiToken: {
    type: "api_token",
    place: 100,
    label: (t) => `${text(t.name)} (${text(t.prefix)}…)`,
    ignore: ["tokenHash", "lastUsedAt", "windowStart", "windowCount"],
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    "api-token": typeof aggregate & { audited: typeof audited };
  }
}
