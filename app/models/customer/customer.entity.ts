import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, money, updatedAt } from "~/models/timestamps";

/**
 * The name the customers search matches, first and last name as one text. Queries must use exactly
 * this expression for its trigram index to apply.
 */
export function customerNameSearchText(alias?: string) {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(${column("first_name")} || ' ' || ${column("last_name")})`;
}

export const Customer = defineEntity({
  name: "Customer",
  tableName: "customer",
  indexes: [
    // The list's order: by last name, then first name, letter case ignored.
    {
      name: "customer_name_lower_index",
      expression:
        "create index customer_name_lower_index on customer (lower(last_name), lower(first_name), id)",
    },
    // Trigram indexes serve the search by name or e-mail (ILIKE '%term%', pg_trgm).
    {
      name: "customer_name_trgm",
      expression: `create index customer_name_trgm on customer using gin (${customerNameSearchText()} gin_trgm_ops)`,
    },
    {
      name: "customer_email_trgm",
      expression: "create index customer_email_trgm on customer using gin (email gin_trgm_ops)",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    email: p.string().length(255).unique(),
    phone: p.string().length(20).nullable(),
    company: p.string().length(200).nullable(),
    vatNumber: p.string().length(50).nullable(),
    address: p.text().nullable(),
    city: p.string().length(100).nullable(),
    postalCode: p.string().length(20).nullable(),
    country: p.string().length(100).nullable(),
    customerType: p.string().length(20).default("retail"),
    vipStatus: p.boolean().default(false),
    discountPercentage: p.decimal("string").precision(5).scale(2).default("0"),
    creditLimit: money().default("0"),
    notes: p.text().nullable(),
    totalOrders: p.integer().default(0),
    totalSpent: money().default("0"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});
