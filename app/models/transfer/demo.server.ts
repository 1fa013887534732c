import type { EntityManager } from "@mikro-orm/postgresql";
import { between, shuffled } from "~/models/demo-random";
import type { DemoShop, DemoStep } from "~/models/demo-shop";
import { DEMO_LOCATIONS } from "~/models/location/demo.server";
import { createTransferIn, moveTransferIn, SYSTEM_ACTOR } from "./transfer.server";
import { transferTransitionSchema } from "./transfer-schema";

/**
 * The demo shop's stock spread over its places by transfers from Main store, through the transfers'
 * write path, after the order history took its sales: a share of 40 products to the web warehouse
 * and a few units of 20 to the Tampere store, both received, and one transfer from the warehouse to
 * the store still in transit. Products tracked by serial stay in Main store (a transfer of them
 * names each unit).
 */
export const demoTransfers: DemoStep = {
  place: 65,
  seed: async (tx, shop) => {
    const places = await placeIds(tx);
    const movable = await movableProducts(tx, shop);
    const [toWarehouse, toStore] = [movable.slice(0, 40), movable.slice(40, 60)];
    const warehouseLines = toWarehouse.map((product) => ({
      productId: product.id,
      quantity: Math.floor(product.stock * 0.4),
    }));
    const storeLines = toStore.map((product) => ({
      productId: product.id,
      quantity: between(shop.rng, 2, 4),
    }));
    await transfer(tx, places.main, places.warehouse, warehouseLines, "received");
    await transfer(tx, places.main, places.store, storeLines, "received");
    await transfer(
      tx,
      places.warehouse,
      places.store,
      warehouseLines.slice(0, 3).map((line) => ({ productId: line.productId, quantity: 2 })),
      "sent",
    );
  },
};

async function placeIds(tx: EntityManager) {
  const rows = await tx.execute<{ id: number; name: string; is_default: boolean }[]>(
    "select id, name, is_default from location",
  );
  const named = (name: string) => rows.find((row) => row.name === name)?.id as number;
  return {
    main: rows.find((row) => row.is_default)?.id as number,
    warehouse: named(DEMO_LOCATIONS[0].name),
    store: named(DEMO_LOCATIONS[1].name),
  };
}

/** Active untracked demo products with 10 or more in stock now, in the shop's random order. */
async function movableProducts(tx: EntityManager, shop: DemoShop) {
  const rows = await tx.execute<{ id: number; stock: number }[]>(
    `select id, stock_level as stock from product
      where id in (?) and tracking = 'none' and status = 'active' and stock_level >= 10 order by id`,
    [[...shop.productIds.values()]],
  );
  return shuffled(shop.rng, rows);
}

async function transfer(
  tx: EntityManager,
  fromLocationId: number,
  toLocationId: number,
  lines: { productId: number; quantity: number }[],
  until: "sent" | "received",
) {
  const made = await createTransferIn(
    tx,
    {
      fromLocationId,
      toLocationId,
      note: null,
      lines: lines.map((line) => ({ ...line, sku: null, serials: [] })),
    },
    null,
  );
  if (!made.ok) throw new Error(`The demo transfer was refused: ${made.reason}`);
  for (const to of until === "sent" ? ["sent"] : ["sent", "received"]) {
    const moved = await moveTransferIn(
      tx,
      made.transfer.id,
      transferTransitionSchema.parse({ to, lines: [] }),
      SYSTEM_ACTOR,
    );
    if (!moved.ok) throw new Error(`The demo transfer was not ${to}: ${moved.reason}`);
  }
}
