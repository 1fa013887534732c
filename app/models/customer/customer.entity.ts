import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, money, updatedAt } from "~/models/timestamps";

export const Customer = defineEntity({
  name: "Customer",
  tableName: "customer",
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
