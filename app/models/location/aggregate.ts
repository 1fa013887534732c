import { defineAggregate, defineAudited, idOf, text } from "~/models/aggregate";

/** Locations (issue #32): the stores and warehouses that hold stock. */
export const aggregate = defineAggregate({
  // Admins and managers add, change and delete locations; everyone reads them.
  permissions: { "location:write": ["admin", "manager"] },
});

/** What the audit trail records of it. */
export const audited = defineAudited({
  Location: { type: "location", place: 45, label: (l) => text(l.name) },
  // A product's figures in one location (issue #32): its reorder point there (and what else is
  // set per place). Its quantity is the ledger's (stock_movement records it), not a line here; a
  // row the ledger creates for its first movement there records nothing (no field left).
  ProductStock: {
    type: "product_stock",
    place: 46,
    label: (s) => `product ${idOf(s.product)}, location ${idOf(s.location)}`,
    ignore: ["quantity", "product", "location"],
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    location: typeof aggregate & { audited: typeof audited };
  }
}
