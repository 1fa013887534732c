import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/**
 * Transfers between locations (issue #32): admins and managers create, send, receive and cancel
 * them; everyone signed in reads them, and a salesperson receives one into their own location.
 */
export const aggregate = defineAggregate({
  permissions: { "transfer:write": ["admin", "manager"] },
  sidebar: [{ to: "/transfers", label: "nav.transfers", icon: "transfer", place: 47 }],
  lists: { transfer: "/transfers" },
});

/** What the audit trail records: each transfer's creation, changes, moves and deletion, and its lines' receipts and losses. */
export const audited = defineAudited({
  Transfer: {
    type: "transfer",
    place: 57,
    label: (transfer) => text(transfer.transferNumber),
    page: "/transfers/:id",
  },
  TransferLine: {
    type: "transfer_line",
    place: 58,
    label: (line) => `${text(line.productName)} (${text(line.sku)})`,
    ignore: ["position", "transfer"],
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    transfer: typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk: anyone signed in reads transfers; admins and managers
 * ("transfer:write") create, change and delete them. A transfer's moves are open to everyone
 * signed in at the guard (a salesperson receives one into their own location; the write path
 * refuses the rest). `:id` rows use a transfer that does not exist.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/transfers", "staff", 200],
    ["GET", "/transfers/new", "managers", 200],
    ["POST", "/transfers/new", "managers", 400], // an empty form: its messages
    ["GET", "/transfers/:id", "staff", 404, { target: "missing" }],
    ["POST", "/transfers/:id", "staff", 404, { target: "missing" }],
    ["GET", "/api/transfers", "staff", 200],
    ["POST", "/api/transfers", "managers", 400], // no locations, no lines
    ["GET", "/api/transfers/:id", "staff", 404, { target: "missing" }],
    ["PATCH", "/api/transfers/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/transfers/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/transfers/:id/transition", "everyone", 405],
    ["POST", "/api/transfers/:id/transition", "staff", 404, { target: "missing" }],
  ],
  fingerprint: ["transfer", "transfer_line", "transfer_serial"],
});
