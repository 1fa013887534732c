import { defineEntity, p } from "@mikro-orm/core";
import { Location } from "~/models/location/location.entity";
import { Product } from "~/models/product/product.entity";
import { SerialUnit } from "~/models/serial/serial.entity";
import { createdAt, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { TRANSFER_LOSS_REASONS, TRANSFER_STATUSES } from "./transfer-status";

const moment = () => p.datetime().columnType("timestamptz").nullable();

/**
 * A transfer of stock from one location to another (issue #32), numbered TR-YYYY-NNNNNN from
 * `document_number` (kind "TR"). Sent, its lines' stock has left the source (`transfer_out`
 * movements naming the number) and is in transit; received, it has come into the destination
 * (`transfer_in`), and what did not arrive is each line's loss.
 */
export const Transfer = defineEntity({
  name: "Transfer",
  tableName: "transfer",
  indexes: [
    // The list, newest first, whole or by status.
    { name: "transfer_created_at_index", properties: ["createdAt", "id"] },
    { name: "transfer_status_created_at_index", properties: ["status", "createdAt", "id"] },
  ],
  checks: [{ name: "transfer_locations_check", expression: "from_location_id <> to_location_id" }],
  properties: {
    id: p.integer().primary().autoincrement(),
    transferNumber: p.string().length(50).unique(),
    // A location named by a transfer is not deleted (the foreign key, and the location's uses).
    fromLocation: p.manyToOne(Location).deleteRule("no action").index(),
    toLocation: p.manyToOne(Location).deleteRule("no action").index(),
    status: p.enum([...TRANSFER_STATUSES]).default("draft"),
    note: p.text().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    sentAt: moment(),
    sentBy: p.manyToOne(User).nullable().deleteRule("set null"),
    receivedAt: moment(),
    receivedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    cancelledAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

/**
 * A line of a transfer: a quantity of a product (its name and SKU kept as they were). Received,
 * `received` is what arrived; the rest (quantity - received) is the line's loss, with its reason.
 */
export const TransferLine = defineEntity({
  name: "TransferLine",
  tableName: "transfer_line",
  checks: [
    { name: "transfer_line_quantity_check", expression: "quantity > 0" },
    {
      name: "transfer_line_received_check",
      expression: "received is null or (received >= 0 and received <= quantity)",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    transfer: p.manyToOne(Transfer).deleteRule("cascade").index(),
    // A product on a transfer is not deleted: no cascade.
    product: p.manyToOne(Product).deleteRule("no action").index(),
    position: p.integer().default(0),
    productName: p.string().length(255),
    sku: p.string().length(100),
    quantity: p.integer(),
    /** What arrived (null until received). */
    received: p.integer().nullable(),
    /** Why quantity - received did not arrive. */
    lossReason: p.enum([...TRANSFER_LOSS_REASONS]).nullable(),
    lossNote: p.text().nullable(),
  },
});

/**
 * A serial-tracked unit on a transfer line: one per unit of the line. `received` says, once the
 * transfer is received, whether it arrived (else it was lost with the line's reason).
 */
export const TransferSerial = defineEntity({
  name: "TransferSerial",
  tableName: "transfer_serial",
  uniques: [{ name: "transfer_serial_line_unit_unique", properties: ["line", "unit"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    line: p.manyToOne(TransferLine).deleteRule("cascade"),
    unit: p.manyToOne(SerialUnit).deleteRule("no action").index(),
    received: p.boolean().nullable(),
  },
});
