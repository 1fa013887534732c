import { defineEntity, p } from "@mikro-orm/core";
import { Customer } from "~/models/customer/customer.entity";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { ORDER_STATUSES, PAYMENT_STATUSES, QUOTE_STATUSES } from "./document-status";

const percent = () => p.decimal("string").precision(5).scale(2);
const moment = () => p.datetime().columnType("timestamptz").nullable();

/** What quotes and orders share: who, when, the customer's discount and the amounts kept. */
const documentFields = {
  id: p.integer().primary().autoincrement(),
  customer: p.manyToOne(Customer).nullable().deleteRule("set null").index(),
  /** The customer's discount when the document was made (the lines are priced with it). */
  discountPercent: percent().default("0"),
  subtotal: money().default("0"),
  taxAmount: money().default("0"),
  discountAmount: money().default("0"),
  totalAmount: money().default("0"),
  notes: p.text().nullable(),
  createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: p.integer().version(),
};

/**
 * What a line keeps of its product when it is written: the name, SKU, VAT rate and purchase price
 * (without VAT) then, so that a document reads and adds up the same after the product changes.
 */
const lineFields = {
  id: p.integer().primary().autoincrement(),
  product: p.manyToOne(Product).deleteRule("no action").index(),
  position: p.integer().default(0),
  productName: p.string().length(255),
  sku: p.string().length(100),
  quantity: p.integer(),
  /** per unit, including VAT */
  unitPrice: money(),
  vatRate: percent(),
  /** per unit, without VAT */
  purchasePrice: money(),
  /** unitPrice x quantity */
  totalPrice: money(),
};

export const Quote = defineEntity({
  name: "Quote",
  tableName: "quote",
  indexes: [
    { name: "quote_quote_date_index", properties: ["quoteDate", "id"] },
    { name: "quote_status_quote_date_index", properties: ["status", "quoteDate", "id"] },
  ],
  properties: {
    ...documentFields,
    quoteNumber: p.string().length(50).unique(),
    status: p.enum([...QUOTE_STATUSES]).default("draft"),
    quoteDate: p
      .datetime()
      .columnType("timestamptz")
      .defaultRaw("now()")
      .onCreate(() => new Date()),
    validUntil: p.date(),
    sentAt: moment(),
  },
});

export const QuoteItem = defineEntity({
  name: "QuoteItem",
  tableName: "quote_item",
  checks: [{ name: "quote_item_quantity_check", expression: "quantity > 0" }],
  properties: {
    ...lineFields,
    quote: p.manyToOne(Quote).deleteRule("cascade").index(),
  },
});

export const SalesOrder = defineEntity({
  name: "SalesOrder",
  tableName: "sales_order",
  indexes: [
    { name: "sales_order_order_date_index", properties: ["orderDate", "id"] },
    { name: "sales_order_status_order_date_index", properties: ["status", "orderDate", "id"] },
  ],
  properties: {
    ...documentFields,
    orderNumber: p.string().length(50).unique(),
    /** The quote this order was made from, if it was. */
    quote: p.manyToOne(Quote).nullable().deleteRule("set null").unique(),
    status: p.enum([...ORDER_STATUSES]).default("pending"),
    orderDate: p
      .datetime()
      .columnType("timestamptz")
      .defaultRaw("now()")
      .onCreate(() => new Date()),
    deliveryDate: p.datetime().columnType("timestamptz").nullable(),
    paymentStatus: p.enum([...PAYMENT_STATUSES]).default("pending"),
    paymentMethod: p.string().length(50).nullable(),
    /**
     * Where it ships from (issue #32): confirming takes its stock there, cancelling gives it back
     * there, and its serial units leave from there. Chosen while it holds no stock.
     */
    location: p.manyToOne(Location).deleteRule("no action").index(),
    approvedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    approvedAt: moment(),
    confirmedAt: moment(),
    shippedAt: moment(),
    deliveredAt: moment(),
    cancelledAt: moment(),
  },
});

export const SalesOrderItem = defineEntity({
  name: "SalesOrderItem",
  tableName: "sales_order_item",
  checks: [{ name: "sales_order_item_quantity_check", expression: "quantity > 0" }],
  properties: {
    ...lineFields,
    order: p.manyToOne(SalesOrder).deleteRule("cascade").index(),
  },
});
