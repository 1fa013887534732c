import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, updatedAt } from "~/models/timestamps";
import { DEFAULT_LEAD_TIME_DAYS, MAX_LEAD_TIME_DAYS } from "./lead-time";

/**
 * A supplier the shop buys from (issue #15): products point to one (`product.supplier_id`), and
 * purchase orders are sent to one. Names are unique in any letter case, so "Tech Data" and
 * "tech data" typed on two products are one supplier.
 */
export const Supplier = defineEntity({
  name: "Supplier",
  tableName: "supplier",
  indexes: [
    // Unique in any letter case; also the index of the list's order (by name) and of the
    // find-or-create by name (product writes, the import), `on conflict ((lower(name)))`.
    {
      name: "supplier_name_lower_index",
      expression: "create unique index supplier_name_lower_index on supplier (lower(name))",
    },
    // The list's search by name, contact or e-mail (ILIKE '%term%', pg_trgm).
    {
      name: "supplier_search_trgm",
      expression:
        "create index supplier_search_trgm on supplier using gin ((name || ' ' || coalesce(contact_name, '') || ' ' || coalesce(email, '')) gin_trgm_ops)",
    },
  ],
  checks: [
    {
      name: "supplier_lead_time_days_check",
      expression: `lead_time_days >= 0 and lead_time_days <= ${MAX_LEAD_TIME_DAYS}`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(255),
    contactName: p.string().length(255).nullable(),
    email: p.string().length(255).nullable(),
    phone: p.string().length(50).nullable(),
    /** Days from sending an order to the goods arriving: what the reorder suggestion plans for. */
    leadTimeDays: p.integer().default(DEFAULT_LEAD_TIME_DAYS),
    notes: p.text().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

/** The text the suppliers search matches; queries must use exactly this for the trigram index. */
export function supplierSearchText(alias: string) {
  return `(${alias}.name || ' ' || coalesce(${alias}.contact_name, '') || ' ' || coalesce(${alias}.email, ''))`;
}
