import type { EntityManager } from "@mikro-orm/postgresql";
import { between, type Rng } from "~/models/demo-random";
import type { DemoStep } from "~/models/demo-shop";
import { UNGUARDED } from "~/models/price/below-cost";
import { linesToShip } from "~/models/serial/serial-sale.server";
import { createOrders, getOrder, moveOrderIn, movePaymentIn, type Shipment } from "./order.server";

/**
 * Three months of sales orders through the orders' write path (priced, numbered, stock taken by
 * the ledger's sale movements, customer totals kept), each moved as far as its age allows: the
 * sales report, the customers' totals and the ledger have something to show on the first day.
 */
async function insertDemoOrders(tx: EntityManager, rng: Rng) {
  const products = (
    await tx.execute<{ id: number }[]>(
      "select id from product where status = 'active' and stock_level >= 20 order by id",
    )
  ).map((row) => row.id);
  const customers = (await tx.execute<{ id: number }[]>("select id from customer order by id")).map(
    (row) => row.id,
  );
  if (products.length === 0) return;
  const now = Date.now();
  const hour = 3_600_000;
  for (let i = 0; i < 60; i++) {
    const daysAgo = between(rng, 0, 89);
    const placedAt = new Date(now - daysAgo * 24 * hour - between(rng, 0, 8) * hour);
    const lineCount = between(rng, 1, 3);
    const picked = new Set<number>();
    while (picked.size < Math.min(lineCount, products.length))
      picked.add(products[between(rng, 0, products.length - 1)]);
    const lines = [...picked].map((productId) => ({
      productId,
      quantity: between(rng, 1, 2),
      unitPrice: null,
    }));
    const customerId =
      rng() < 0.85 && customers.length ? customers[between(rng, 0, customers.length - 1)] : null;
    const made = await createOrders(tx, [{ customerId, notes: null, lines, placedAt }], null, UNGUARDED);
    // A business customer's credit limit may refuse one: the demo goes on without it.
    if (!made.ok) continue;
    const id = made.orderIds[0];
    const moves =
      rng() < 0.08
        ? ["cancelled"]
        : daysAgo > 14
          ? ["confirmed", "shipped", "delivered"]
          : daysAgo > 3
            ? ["confirmed", "shipped"]
            : daysAgo > 0
              ? ["confirmed"]
              : [];
    let at = placedAt.getTime();
    for (const to of moves) {
      at = Math.min(now, at + between(rng, 1, 48) * hour);
      const shipment = to === "shipped" ? await demoShipment(tx, id) : {};
      if (!(await moveOrderIn(tx, id, to, null, null, new Date(at), shipment)).ok) break;
    }
    if (moves.includes("delivered")) await movePaymentIn(tx, id, "paid");
  }
}

/** A demo order's serial-tracked lines ship the units of their products in stock longest. */
async function demoShipment(tx: EntityManager, orderId: number): Promise<Shipment> {
  const order = await getOrder(orderId, tx);
  const lines = await linesToShip(tx, order?.lines ?? [], 50, order?.location.id ?? null);
  return {
    serials: lines.map((line) => ({ lineId: line.lineId, serials: line.inStock.slice(0, line.quantity) })),
  };
}

export const demoOrders: DemoStep = { place: 60, seed: (tx, shop) => insertDemoOrders(tx, shop.rng) };
