import { defineEntity, p } from "@mikro-orm/core";
import { Location } from "~/models/location/location.entity";
import { EmailMessage } from "~/models/notification/notification.entity";
import { Product } from "~/models/product/product.entity";
import { Supplier } from "~/models/supplier/supplier.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { PURCHASE_ORDER_STATUSES } from "./purchase-order-status";

const moment = () => p.datetime().columnType("timestamptz").nullable();

/**
 * A purchase order to a supplier (issue #15 item 4): drafted, sent, received in one or more
 * receipts (each a receipt movement of the stock ledger naming the order's number), or cancelled.
 * Numbers PO-YYYY-NNNNNN come from the same per-year counter as quotes and sales orders
 * (`document_number`, kind "PO"). Amounts are without VAT; the VAT is shown beside them.
 */
export const PurchaseOrder = defineEntity({
  name: "PurchaseOrder",
  tableName: "purchase_order",
  indexes: [
    // The list, newest first, whole or by status.
    { name: "purchase_order_created_at_index", properties: ["createdAt", "id"] },
    { name: "purchase_order_status_created_at_index", properties: ["status", "createdAt", "id"] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    orderNumber: p.string().length(50).unique(),
    // A supplier with purchase orders is not deleted (deleteSupplier refuses on the foreign key).
    supplier: p.manyToOne(Supplier).deleteRule("no action").index(),
    status: p.enum([...PURCHASE_ORDER_STATUSES]).default("draft"),
    /** The day the goods are expected: by default today plus the supplier's lead time. */
    expectedDate: p.date(),
    note: p.text().nullable(),
    /**
     * Where it is delivered (issue #32): each receipt moves stock into it and records its serial
     * units there. Chosen until the first receipt.
     */
    location: p.manyToOne(Location).deleteRule("no action").index(),
    /** Without VAT: the lines' sum. */
    subtotal: money().default("0"),
    /** The VAT on the subtotal, per line's rate. */
    taxAmount: money().default("0"),
    /** subtotal + taxAmount */
    totalAmount: money().default("0"),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    sentAt: moment(),
    /** The address the order was e-mailed to when sent; null when it was sent without e-mail. */
    sentTo: p.string().length(255).nullable(),
    /** The e-mail in the outbox that carried it. */
    email: p.manyToOne(EmailMessage).nullable().deleteRule("set null"),
    receivedAt: moment(),
    /** Set when a partly received order was closed: the rest will not come. */
    closedAt: moment(),
    cancelledAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

/**
 * A line of a purchase order. It keeps its product's name, SKU and VAT rate as they were when
 * written, so the order reads the same after the product changes.
 */
export const PurchaseOrderLine = defineEntity({
  name: "PurchaseOrderLine",
  tableName: "purchase_order_line",
  checks: [
    { name: "purchase_order_line_quantity_check", expression: "quantity_ordered > 0" },
    // More than ordered may come in (confirmed by the receiver); never less than nothing.
    { name: "purchase_order_line_received_check", expression: "quantity_received >= 0" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    purchaseOrder: p.manyToOne(PurchaseOrder).deleteRule("cascade").index(),
    // A product on a purchase order is not deleted (deleteProduct refuses): no cascade.
    product: p.manyToOne(Product).deleteRule("no action").index(),
    position: p.integer().default(0),
    productName: p.string().length(255),
    sku: p.string().length(100),
    quantityOrdered: p.integer(),
    quantityReceived: p.integer().default(0),
    /** per unit, without VAT */
    unitCost: money(),
    /** the product's VAT percent, for the VAT shown beside the amounts */
    vatRate: p.decimal("string").precision(5).scale(2),
    /** unitCost x quantityOrdered */
    lineTotal: money(),
  },
});
