import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";

/**
 * Defective stock (issue #31): units of a product that are not sellable, kept apart from its stock
 * level (a faulty return, a unit found broken), until a supplier claim sends them back. Its one write
 * path: the return, the claim and a unit marked defective call it in their own transactions.
 */

/** A change of one product's defective quantity: signed, + comes in (a faulty return), - leaves. */
export type DefectiveChange = { productId: number; delta: number };

export type DefectiveChangeResult =
  | { ok: true }
  | { ok: false; reason: "notFound"; productId: number }
  | {
      ok: false;
      reason: "defectiveShort";
      product: { id: number; name: string; sku: string; defectiveStock: number; wanted: number };
    };

/**
 * Moves products' defective quantities in the caller's transaction: the rows are locked in id order
 * (two writers never deadlock, and each reads what the other left), and none goes below zero: the
 * first one short is named and the caller rolls back. Changes of one product are summed.
 */
export async function changeDefectiveStock(
  tx: EntityManager,
  changes: DefectiveChange[],
): Promise<DefectiveChangeResult> {
  const byProduct = new Map<number, number>();
  for (const { productId, delta } of changes)
    byProduct.set(productId, (byProduct.get(productId) ?? 0) + delta);
  const ids = [...byProduct.keys()].filter((id) => byProduct.get(id) !== 0).sort((a, b) => a - b);
  if (ids.length === 0) return { ok: true };
  const { rows } = await namedSql<{ id: number; name: string; sku: string; defective_stock: number }>(
    tx,
    "select id, name, sku, defective_stock from product where id = any(:ids::int[]) order by id for update",
    { ids },
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = found.get(id);
    if (!row) return { ok: false, reason: "notFound", productId: id };
    const delta = byProduct.get(id) as number;
    if (row.defective_stock + delta < 0) {
      const { name, sku, defective_stock } = row;
      return {
        ok: false,
        reason: "defectiveShort",
        product: { id, name, sku, defectiveStock: defective_stock, wanted: -delta },
      };
    }
  }
  await namedSql(
    tx,
    `update product p set defective_stock = p.defective_stock + c.delta
       from unnest(:ids::int[], :deltas::int[]) as c(id, delta) where p.id = c.id`,
    { ids, deltas: ids.map((id) => byProduct.get(id) as number) },
  );
  return { ok: true };
}
