import { defineEntity, p } from "@mikro-orm/core";
import { Location } from "~/models/location/location.entity";
import { SalesOrderItem } from "~/models/order/order.entity";
import { Product } from "~/models/product/product.entity";
import { PurchaseOrderLine } from "~/models/purchase-order/purchase-order.entity";
import { createdAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { SERIAL_DOCUMENT_TYPES, SERIAL_EVENT_KINDS, SERIAL_STATES } from "./serial-state";

/**
 * One unit of a serial-tracked product (issue #31): its serial number or IMEI, normalised (trimmed,
 * upper-case), unique per product in any state: a serial is never in stock twice, and two receipts
 * of one serial at once are decided by the unique index (one wins, the other is refused).
 */
export const SerialUnit = defineEntity({
  name: "SerialUnit",
  tableName: "serial_unit",
  uniques: [{ name: "serial_unit_product_serial_unique", properties: ["product", "serial"] }],
  indexes: [
    // The search by serial or IMEI across products (the top bar, GET /api/serials?q=).
    { name: "serial_unit_serial_index", properties: ["serial"] },
    // Supplier claims: the defective units, gathered per supplier (a few among many).
    {
      name: "serial_unit_defective_index",
      expression:
        "create index serial_unit_defective_index on serial_unit (product_id) where state = 'defective'",
    },
  ],
  checks: [
    // Trimmed and not empty. Upper case is the app's (normaliseSerial): PostgreSQL's upper() follows the
    // database's locale and could disagree with JavaScript's on some letter, refusing a write as a 500.
    { name: "serial_unit_serial_check", expression: "serial = btrim(serial) and serial <> ''" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    // A product with units was received on a purchase order, which keeps it from deletion: no cascade.
    product: p.manyToOne(Product).deleteRule("no action"),
    serial: p.string().length(100),
    state: p.enum([...SERIAL_STATES]).default("in_stock"),
    receivedAt: p.datetime().columnType("timestamptz").nullable(),
    /** The purchase order line it came in on (null: counted in, or its order deleted). */
    purchaseOrderLine: p.manyToOne(PurchaseOrderLine).nullable().deleteRule("set null").index(),
    /** The order line it was last sold on (null: never sold, or back in stock by a return). */
    soldItem: p.manyToOne(SalesOrderItem).nullable().deleteRule("set null").index(),
    soldAt: p.datetime().columnType("timestamptz").nullable(),
    /**
     * The last day of its guarantee, fixed when it is sold (the shop day of the sale plus the
     * product's guarantee months then): a later change of the product's guarantee leaves it.
     */
    guaranteeEnds: p.date().nullable(),
    /**
     * Where it is (issue #32): the location that holds it while in stock; once it left (sold, sent to
     * the supplier, scrapped), the one it left from. A transfer moves it when received.
     */
    location: p.manyToOne(Location).deleteRule("no action").index(),
    createdAt: createdAt(),
    version: p.integer().version(),
  },
});

/**
 * A unit's timeline: what happened to it, on which document (type, id and number, so the page links
 * it and the number stays readable once the document is gone), by whom and when.
 */
export const SerialEvent = defineEntity({
  name: "SerialEvent",
  tableName: "serial_event",
  properties: {
    id: p.integer().primary().autoincrement(),
    unit: p.manyToOne(SerialUnit).deleteRule("cascade").index(),
    kind: p.enum([...SERIAL_EVENT_KINDS]),
    documentType: p.enum([...SERIAL_DOCUMENT_TYPES]).nullable(),
    documentId: p.integer().nullable(),
    documentNumber: p.string().length(30).nullable(),
    user: p.manyToOne(User).nullable().deleteRule("set null"),
    at: p.datetime().columnType("timestamptz").defaultRaw("now()"),
    note: p.text().nullable(),
  },
});
