import { defineEntity, p } from "@mikro-orm/core";
import { Customer } from "~/models/customer/customer.entity";
import { Location } from "~/models/location/location.entity";
import { SalesOrder, SalesOrderItem } from "~/models/order/order.entity";
import { Product } from "~/models/product/product.entity";
import { SerialUnit } from "~/models/serial/serial.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { RETURN_OUTCOMES, RETURN_REASONS, RETURN_STATUSES } from "./customer-return-state";

const moment = () => p.datetime().columnType("timestamptz").nullable();

/**
 * A customer return (issue #31, item 5), numbered RMA-YYYY-NNNNNN from `document_number` (kind
 * "RMA"), against one shipped or delivered order, whose customer it keeps. A draft is changed until
 * it is completed (every move at once) or cancelled. ("return" is a reserved word: the table is
 * customer_return.)
 */
export const CustomerReturn = defineEntity({
  name: "CustomerReturn",
  tableName: "customer_return",
  indexes: [
    // The list, newest first, whole or by status.
    { name: "customer_return_created_at_index", properties: ["createdAt", "id"] },
    { name: "customer_return_status_created_at_index", properties: ["status", "createdAt", "id"] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    returnNumber: p.string().length(50).unique(),
    // An order with returns is shipped or delivered: it is never deleted.
    order: p.manyToOne(SalesOrder).deleteRule("no action").index(),
    /** The order's customer when the return was made (null: a walk-in sale, or the customer deleted). */
    customer: p.manyToOne(Customer).nullable().deleteRule("set null").index(),
    status: p.enum([...RETURN_STATUSES]).default("draft"),
    note: p.text().nullable(),
    /**
     * Where the goods come back into (issue #32): the order's location unless an admin or a manager
     * chose another; completing moves the stock and the units taken back there.
     */
    location: p.manyToOne(Location).deleteRule("no action").index(),
    /** The refunded lines' amounts summed, VAT included (0: nothing refunded). */
    refundTotal: money().default("0"),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: moment(),
    completedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    cancelledAt: moment(),
    version: p.integer().version(),
  },
});

/**
 * A line of a return: units of one order line, why they came back (reason) and what the shop does
 * (outcome). It keeps the product's name and SKU, the price paid per unit after the order's discount
 * and the VAT rate as the order line has them, so the return reads the same after the product changes.
 */
export const CustomerReturnLine = defineEntity({
  name: "CustomerReturnLine",
  tableName: "customer_return_line",
  checks: [
    { name: "customer_return_line_quantity_check", expression: "quantity > 0" },
    // A refunded line says how much; no other line refunds anything.
    {
      name: "customer_return_line_refund_check",
      expression: "(outcome = 'refunded') = (refund_amount is not null)",
    },
    { name: "customer_return_line_refund_amount_check", expression: "refund_amount >= 0" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    customerReturn: p.manyToOne(CustomerReturn).deleteRule("cascade").index(),
    orderItem: p.manyToOne(SalesOrderItem).deleteRule("no action").index(),
    product: p.manyToOne(Product).deleteRule("no action").index(),
    position: p.integer().default(0),
    productName: p.string().length(255),
    sku: p.string().length(100),
    quantity: p.integer(),
    reason: p.enum([...RETURN_REASONS]),
    outcome: p.enum([...RETURN_OUTCOMES]),
    /** per unit, VAT included, after the order's discount */
    unitPaid: money(),
    vatRate: p.decimal("string").precision(5).scale(2),
    /** a refunded line's amount, VAT included: at most unitPaid x quantity */
    refundAmount: money().nullable(),
  },
});

/**
 * A serial-tracked unit on a return line, one per unit: the unit and its serial, its sale's time and
 * guarantee end as they were when it came back (the return clears them from the unit), and for a
 * replaced line the unit given in its place.
 */
export const CustomerReturnUnit = defineEntity({
  name: "CustomerReturnUnit",
  tableName: "customer_return_unit",
  indexes: [
    // The returns list's search by serial or IMEI.
    { name: "customer_return_unit_serial_index", properties: ["serial"] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    line: p.manyToOne(CustomerReturnLine).deleteRule("cascade").index(),
    unit: p.manyToOne(SerialUnit).deleteRule("no action").index(),
    serial: p.string().length(100),
    soldAt: moment(),
    guaranteeEnds: p.date().nullable(),
    replacementUnit: p.manyToOne(SerialUnit).nullable().deleteRule("no action").index(),
    replacementSerial: p.string().length(100).nullable(),
  },
});
