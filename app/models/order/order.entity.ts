import { defineEntity, p } from "@mikro-orm/core";
import { Customer } from "~/models/customer/customer.entity";
import { Product } from "~/models/product/product.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";

export const SalesOrder = defineEntity({
  name: "SalesOrder",
  tableName: "sales_order",
  properties: {
    id: p.integer().primary().autoincrement(),
    orderNumber: p.string().length(50).unique(),
    customer: p.manyToOne(Customer).nullable().deleteRule("set null").index(),
    status: p.string().length(20).default("pending").index(),
    orderDate: p
      .datetime()
      .columnType("timestamptz")
      .defaultRaw("now()")
      .onCreate(() => new Date()),
    deliveryDate: p.datetime().columnType("timestamptz").nullable(),
    subtotal: money().default("0"),
    taxAmount: money().default("0"),
    discountAmount: money().default("0"),
    totalAmount: money().default("0"),
    paymentStatus: p.string().length(20).default("pending"),
    paymentMethod: p.string().length(50).nullable(),
    notes: p.text().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

export const SalesOrderItem = defineEntity({
  name: "SalesOrderItem",
  tableName: "sales_order_item",
  properties: {
    id: p.integer().primary().autoincrement(),
    order: p.manyToOne(SalesOrder).deleteRule("cascade").index(),
    product: p.manyToOne(Product).deleteRule("no action").index(),
    quantity: p.integer(),
    unitPrice: money(),
    totalPrice: money(),
  },
});

export const Quote = defineEntity({
  name: "Quote",
  tableName: "quote",
  properties: {
    id: p.integer().primary().autoincrement(),
    quoteNumber: p.string().length(50).unique(),
    customer: p.manyToOne(Customer).nullable().deleteRule("set null").index(),
    status: p.string().length(20).default("draft").index(),
    quoteDate: p
      .datetime()
      .columnType("timestamptz")
      .defaultRaw("now()")
      .onCreate(() => new Date()),
    validUntil: p.date(),
    subtotal: money().default("0"),
    taxAmount: money().default("0"),
    discountAmount: money().default("0"),
    totalAmount: money().default("0"),
    notes: p.text().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

export const QuoteItem = defineEntity({
  name: "QuoteItem",
  tableName: "quote_item",
  properties: {
    id: p.integer().primary().autoincrement(),
    quote: p.manyToOne(Quote).deleteRule("cascade").index(),
    product: p.manyToOne(Product).deleteRule("no action").index(),
    quantity: p.integer(),
    unitPrice: money(),
    totalPrice: money(),
  },
});
