import { defineEntity, p } from "@mikro-orm/core";
import { Product } from "~/models/product/product.entity";
import { createdAt, money } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { BELOW_COST_SUBJECTS } from "./below-cost";

/**
 * A price below cost an admin or a manager confirmed (below-cost.ts): one row per product priced or
 * sold under its net cost, or per customer discount, with the reason, the user and the time.
 * Written in the transaction of the write it confirms; never changed. The user's name and the
 * product's label are copied, so that the report still reads after either is deleted.
 */
export const BelowCostApproval = defineEntity({
  name: "BelowCostApproval",
  tableName: "below_cost_approval",
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: createdAt(),
    user: p.manyToOne(User).nullable().deleteRule("set null").index(),
    userName: p.string().length(255).default(""),
    reason: p.string().length(500),
    /** Where the price was set, and that record's id (a product, campaign, batch, quote, order, customer). */
    subject: p.enum([...BELOW_COST_SUBJECTS]),
    subjectId: p.integer(),
    product: p.manyToOne(Product).nullable().deleteRule("set null").index(),
    /** The product as "Name (SKU)" then, or the customer. */
    label: p.string().length(255),
    /** The price set or charged, VAT included. */
    price: money().nullable(),
    /** The net purchase price. */
    cost: money().nullable(),
    margin: p.decimal("string").precision(15).scale(1).nullable(),
    discountPercent: p.decimal("string").precision(5).scale(2).nullable(),
  },
});
