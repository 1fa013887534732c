import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import type { stockMovementAnswer } from "~/models/api-doc/response-schemas";
import { isActiveLocation, workLocationId } from "~/models/location/location.server";
import { lockForChange } from "~/models/locked.server";
import { Product } from "~/models/product/product.entity";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { displayName } from "~/models/user/user";
import type { User } from "~/models/user/user.entity";
import { StockMovement } from "./stock-movement.entity";
import { MAX_STOCK_LEVEL, type StockMovementInput } from "./stock-movement-schema";
import type { StockReason } from "./stock-reason";

/**
 * The stock movement ledger's reads, and a movement recorded by hand (the product page, the API).
 * Every movement is written by the product's write path (`changeStock` in stock-ledger.server.ts),
 * which keeps the product's stock level the running sum of its ledger.
 */

/**
 * A stock movement as the pages read it and /api answers it. Its type is the schema that documents the
 * answer (response-schemas.ts).
 */
export type StockMovementRow = z.output<typeof stockMovementAnswer>;

type MovementData = Pick<
  InferEntity<typeof StockMovement>,
  "id" | "quantity" | "reason" | "stockAfter" | "locationStockAfter" | "note" | "reference" | "createdAt"
> & {
  location: { id: number; name: string };
  product: number | { id: number };
  user: Pick<InferEntity<typeof User>, "id" | "firstName" | "lastName" | "email"> | null;
};

function movementQuery(db: EntityManager) {
  return db
    .createQueryBuilder(StockMovement, "m")
    .select([
      "id",
      "product",
      "quantity",
      "reason",
      "stockAfter",
      "locationStockAfter",
      "note",
      "reference",
      "createdAt",
    ])
    .leftJoinAndSelect("m.user", "u", {}, ["firstName", "lastName", "email"])
    .leftJoinAndSelect("m.location", "l", {}, ["name"]);
}

function toRow(row: MovementData): StockMovementRow {
  return {
    id: row.id,
    productId: typeof row.product === "number" ? row.product : row.product.id,
    quantity: row.quantity,
    reason: row.reason as StockReason,
    stockAfter: row.stockAfter,
    location: { id: row.location.id, name: row.location.name },
    locationStockAfter: row.locationStockAfter,
    note: row.note ?? null,
    reference: row.reference ?? null,
    userId: row.user?.id ?? null,
    userName: row.user ? displayName(row.user) : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A page of a product's ledger, newest first (the index on product, time and id), and its length. */
export async function listStockMovements(
  productId: number,
  page: { limit: number; offset: number },
  db: EntityManager = em(),
): Promise<{ movements: StockMovementRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    movementQuery(db)
      .where({ product: productId })
      .orderBy([{ createdAt: "desc" }, { id: "desc" }])
      .limit(page.limit)
      .offset(page.offset)
      .execute<MovementData[]>(),
    db.count(StockMovement, { product: productId }),
  ]);
  return { movements: rows.map(toRow), total };
}

export async function getStockMovement(
  id: number,
  db: EntityManager = em(),
): Promise<StockMovementRow | null> {
  const row = await movementQuery(db).where({ id }).execute<MovementData | null>("get");
  return row ? toRow(row) : null;
}

export type RecordMovementResult =
  | { ok: true; movement: StockMovementRow }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "inactiveLocation" }
  | {
      ok: false;
      reason: "short";
      product: {
        name: string;
        sku: string;
        stockLevel: number;
        wanted: number;
        location: { id: number; name: string };
      };
    }
  | {
      ok: false;
      reason: "tooMuch";
      product: { name: string; sku: string; stockLevel: number; atMost: number };
    };

/**
 * Records a movement by hand (a receipt, a damage, a count ...) through the product's write path,
 * in one transaction: refused, with nothing written, when the product does not exist, when it
 * would go below zero, or above what a product may hold.
 */
export async function recordStockMovement(
  productId: number,
  input: StockMovementInput,
  userId: number | null,
): Promise<RecordMovementResult> {
  return em().transactional(async (tx) => {
    // Issue #32: the place named, else the staff member's own (else the default); a place named
    // must take stock (active).
    if (input.locationId && !(await isActiveLocation(tx, input.locationId)))
      return { ok: false, reason: "inactiveLocation" } as const;
    const locationId = input.locationId ?? (await workLocationId(tx, userId));
    if (input.quantity > 0) {
      // Locked as changeStock locks it, so the level checked is the one the movement adds to.
      const locked = await lockForChange(tx, Product, productId);
      if (!locked.ok) return { ok: false, reason: "notFound" } as const;
      const product = locked.entity;
      if (product.stockLevel + input.quantity > MAX_STOCK_LEVEL) {
        const { name, sku, stockLevel } = product;
        return {
          ok: false,
          reason: "tooMuch",
          product: { name, sku, stockLevel, atMost: MAX_STOCK_LEVEL },
        } as const;
      }
    }
    const moved = await changeStock(tx, [
      { productId, delta: input.quantity, reason: input.reason, note: input.note, userId, locationId },
    ]);
    if (!moved.ok) {
      if (moved.reason === "notFound") return { ok: false, reason: "notFound" } as const;
      const { name, sku, stockLevel, wanted, location } = moved.product;
      return { ok: false, reason: "short", product: { name, sku, stockLevel, wanted, location } } as const;
    }
    return {
      ok: true,
      movement: (await getStockMovement(moved.movementIds[0], tx)) as StockMovementRow,
    } as const;
  });
}

/** A point of a product's stock over time: the level a movement left, and when. */
export type StockPoint = { at: string; stockAfter: number };

/** The levels the product's latest movements left (at most `limit`), oldest first: the stock chart. */
export async function stockHistory(
  productId: number,
  limit = 60,
  db: EntityManager = em(),
): Promise<StockPoint[]> {
  const rows = await db
    .createQueryBuilder(StockMovement, "m")
    .select(["m.createdAt", "m.stockAfter", "m.id"])
    .where({ product: productId })
    .orderBy([{ createdAt: "desc" }, { id: "desc" }])
    .limit(limit)
    .execute<{ createdAt: Date | string; stockAfter: number }[]>();
  return rows
    .reverse()
    .map((row) => ({ at: new Date(row.createdAt).toISOString(), stockAfter: row.stockAfter }));
}
