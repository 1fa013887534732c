import { createCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { createOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import type { TrackingMode } from "~/models/product/tracking";
import {
  createPurchaseOrder,
  movePurchaseOrder,
  receivePurchaseOrder,
} from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema, receiveSchema } from "~/models/purchase-order/purchase-order-schema";
import { luhnCheckDigit } from "~/models/serial/imei";
import { createSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import type { testDatabase } from "./database";

/**
 * What the serial tests (issue #31) set up through the app's own write paths: a tracked phone and
 * its supplier, purchase orders received with serials, a customer's confirmed order, a user.
 */

export const random = () => Math.random().toString(36).slice(2, 8);

/** A valid IMEI from 14 digits. */
export const imei = (first14: string) => `${first14}${luhnCheckDigit(first14)}`;

export function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

/** The tables the serial tests write, for `db.truncate`. */
export const SERIAL_TABLES = [
  "audit_log",
  "serial_event",
  "serial_unit",
  "sales_order_item",
  "sales_order",
  "customer",
  "purchase_order_line",
  "purchase_order",
  "document_number",
  "stock_movement",
  "alert",
  "price_history",
  "product",
  "supplier",
] as const;

export function serialFixtures(db: ReturnType<typeof testDatabase>) {
  /** A phone tracked by IMEI (or serial, or not at all) with a 24-month guarantee, no stock, and its supplier. */
  async function phone(tracking: TrackingMode = "imei", guaranteeMonths: number | null = 24) {
    const supplier = await db.inRequest(() =>
      createSupplier(supplierSchema.parse({ name: `Supplier ${random()}` })),
    );
    if (!supplier.ok) throw new Error(supplier.reason);
    const made = await db.inRequest(() =>
      createProduct(
        productSchema.parse({
          name: "Phone X 128 GB",
          sku: `PHX-${random()}`,
          brand: "Nokia",
          purchasePrice: "300.00",
          sellingPrice: "499.00",
          stockLevel: 0,
          supplierId: supplier.supplier.id,
          tracking,
          guaranteeMonths,
        }),
        null,
      ),
    );
    if (!made.ok) throw new Error(made.reason);
    return { product: made.product, supplierId: supplier.supplier.id };
  }

  async function sentOrder(supplierId: number, productId: number, quantity: number) {
    const input = purchaseOrderSchema.parse({ supplierId, lines: [{ productId, quantity }] });
    const order = ok(await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null))).order;
    return ok(await db.inRequest(() => movePurchaseOrder(order.id, "sent", null))).order;
  }

  const receive = (
    orderId: number,
    lineId: number,
    quantity: number,
    serials: string[],
    userId: number | null = null,
  ) =>
    db.inRequest(() =>
      receivePurchaseOrder(orderId, receiveSchema.parse({ lines: [{ lineId, quantity, serials }] }), userId),
    );

  /** The serials (or, untracked, `quantity` units) received on one purchase order of its supplier. */
  async function inStock(
    product: { id: number },
    supplierId: number,
    serials: string[],
    quantity = serials.length,
  ) {
    const order = await sentOrder(supplierId, product.id, quantity);
    ok(await receive(order.id, order.lines[0].id, quantity, serials));
  }

  /** A user of this role, named so the timelines can say who. */
  async function user(firstName = "Ville", lastName = "Vastaanottaja", role = "manager") {
    const [row] = await db.orm.em.fork().execute<{ id: number }[]>(
      `insert into "user" (email, password, first_name, last_name, role, language)
         values (?, 'x', ?, ?, ?, 'fi') returning id`,
      [`${random()}@example.fi`, firstName, lastName, role],
    );
    return row.id;
  }

  async function customer(firstName = "Aino", lastName = "Virtanen") {
    const made = await db.inRequest(() =>
      createCustomer(customerSchema.parse({ firstName, lastName, email: `${random()}@example.fi` })),
    );
    return ok(made).customer;
  }

  /** A confirmed order of `quantity` of the product (its stock taken). */
  async function confirmedOrder(customerId: number | null, productId: number, quantity = 1) {
    const input = orderSchema.parse({ customerId, lines: [{ productId, quantity }] });
    const order = ok(await db.inRequest(() => createOrder(input, null))).order;
    return ok(await db.inRequest(() => moveOrder(order.id, "confirmed", null))).order;
  }

  return { phone, sentOrder, receive, inStock, user, customer, confirmedOrder };
}
