import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, updatedAt } from "~/models/timestamps";
import { LOCATION_KINDS } from "./location-kind";

/**
 * A place that holds stock (issue #32): a store or a warehouse. Every stock movement names one,
 * and a product's stock there is the running sum of its movements there (`product_stock`). Exactly
 * one location is the default: where stock goes when nobody names a place (a staff member without
 * a location of their own, an API call without `locationId`, a new product's opening stock).
 * Names are unique in any letter case.
 */
export const Location = defineEntity({
  name: "Location",
  tableName: "location",
  indexes: [
    {
      name: "location_name_lower_index",
      expression: "create unique index location_name_lower_index on location (lower(name))",
    },
    // At most one default (the write path moves the flag in one transaction).
    {
      name: "location_default_index",
      expression: "create unique index location_default_index on location (is_default) where is_default",
    },
  ],
  checks: [
    // The default location is where stock goes when no place is named: it is never inactive.
    { name: "location_default_active_check", expression: "not is_default or active" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    kind: p.enum([...LOCATION_KINDS]).default("store"),
    address: p.text().nullable(),
    active: p.boolean().default(true),
    isDefault: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});
