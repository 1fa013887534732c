import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { raiseProductAlerts } from "~/models/alert/alert.server";
import { lockEachForChange } from "~/models/locked.server";
import { Product } from "~/models/product/product.entity";
import { type ProductWriteState, stateOf } from "~/models/product/product-state";
import { User } from "~/models/user/user.entity";
import { StockMovement } from "./stock-movement.entity";
import type { StockReason } from "./stock-reason";

/*
 * The stock ledger's write path, part of the product aggregate's (docs/data-layer.md): a product's
 * stock level changes only by a movement of the ledger (stock_movement), and the level is the
 * ledger's running sum. Its reads and a movement recorded by hand are stock-movement.server.ts.
 */

type ProductEntity = InferEntity<typeof Product>;

/** A change of one product's stock: one movement of the ledger. */
export type StockChange = {
  productId: number;
  /** Signed: + comes in, - goes out. */
  delta: number;
  reason: StockReason;
  note?: string | null;
  /** Who moved it (null: the system, a job, the seed). */
  userId?: number | null;
  /** What it belongs to, e.g. the order number of a sale or a return. */
  reference?: string | null;
};
export type StockChangeResult =
  | { ok: true; movementIds: number[] }
  | { ok: false; reason: "notFound"; productId: number }
  | {
      ok: false;
      reason: "short";
      product: { id: number; name: string; sku: string; stockLevel: number; wanted: number };
    };

type Moved = {
  before: ProductWriteState;
  product: ProductEntity;
  movement: InferEntity<typeof StockMovement>;
};

/**
 * The ledger's core, without flushing or alerts (for the product's write path, whose edit of a
 * stock level is a movement too, in the same flush as the rest of the edit): locks the products in id order, refuses a level
 * below zero, moves each product's level by the sum of its changes and creates one movement per
 * product (the reason, note, user and reference of its first change). With `countedAt`, every
 * product named (a change of 0 too) keeps it as its last counted time. The caller flushes.
 */
export async function moveStock(
  tx: EntityManager,
  changes: StockChange[],
  countedAt?: Date,
): Promise<{ ok: true; moved: Moved[] } | Exclude<StockChangeResult, { ok: true }>> {
  const byProduct = new Map<number, StockChange>();
  for (const change of changes) {
    const seen = byProduct.get(change.productId);
    byProduct.set(change.productId, seen ? { ...seen, delta: seen.delta + change.delta } : { ...change });
  }
  const ids = [...byProduct.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return { ok: true, moved: [] };
  // Locked in id order, so two writers touching the same products never deadlock; each waits
  // for the other and then reads the level the other left.
  const locked = await lockEachForChange(
    tx,
    Product,
    ids.map((id) => ({ id })),
    { refresh: true },
  );
  if (!locked.ok) return { ok: false, reason: "notFound", productId: ids[locked.index] };
  const products = ids.map((id) => locked.byId.get(id) as ProductEntity);
  for (const product of products) {
    const { delta } = byProduct.get(product.id) as StockChange;
    if (product.stockLevel + delta < 0) {
      const { id, name, sku, stockLevel } = product;
      return { ok: false, reason: "short", product: { id, name, sku, stockLevel, wanted: -delta } };
    }
  }
  const moved: Moved[] = [];
  for (const product of products) {
    const change = byProduct.get(product.id) as StockChange;
    if (countedAt) product.lastCountedAt = countedAt;
    if (change.delta === 0) continue;
    const before = stateOf(product);
    product.stockLevel += change.delta;
    const movement = tx.create(StockMovement, {
      product,
      quantity: change.delta,
      reason: change.reason,
      stockAfter: product.stockLevel,
      user: change.userId ? tx.getReference(User, change.userId) : null,
      note: change.note ?? null,
      reference: change.reference ?? null,
    });
    moved.push({ before, product, movement });
  }
  return { ok: true, moved };
}

/**
 * Moves stock in the caller's transaction, the product aggregate's way, and the only way stock
 * changes after a product is created: each product's change is a movement of the ledger with its
 * reason, and its level the running sum. The rows are locked in id order (so two writers touching
 * the same products never deadlock), none may go below zero whatever the reason (the first one
 * short is named and nothing moves), and the alerts and automation rules follow as for an edit.
 * Orders (sale, return), the product page and the API (any manual reason) move stock through this.
 *
 * A stock count's commit names every product it counted, those without a difference with a change
 * of 0, and `countedAt`: each keeps it as its last counted time, in the same locked write.
 */
export async function changeStock(
  tx: EntityManager,
  changes: StockChange[],
  options: { countedAt?: Date } = {},
): Promise<StockChangeResult> {
  const result = await moveStock(tx, changes, options.countedAt);
  if (!result.ok) return result;
  if (result.moved.length === 0) {
    if (options.countedAt) await tx.flush();
    return { ok: true, movementIds: [] };
  }
  await tx.flush();
  await raiseProductAlerts(
    tx,
    result.moved.map(({ before, product }) => ({ before, after: stateOf(product) })),
  );
  return { ok: true, movementIds: result.moved.map(({ movement }) => movement.id) };
}
