import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { isActiveLocation, workLocationId } from "~/models/location/location.server";
import type { TrackingMode } from "~/models/product/tracking";
import { getSerialUnit } from "~/models/serial/serial.server";
import { moveUnits } from "~/models/serial/serial-moves.server";
import type { SerialUnitRow } from "~/models/serial/serial-schema";
import type { SerialState } from "~/models/serial/serial-state";
import { changeDefectiveStock } from "./defective-stock.server";
import type { MarkStockDefectiveInput, MarkUnitDefectiveInput } from "./mark-defective-schema";
import { changeStock } from "./stock-ledger.server";

/**
 * Stock found defective in the shop (issue #31), the other way into defective stock beside a
 * customer's faulty return: the sellable stock goes down by a `damage` movement of the ledger and
 * the product's defective stock up by as many, in one transaction. A serial-tracked product's units
 * are marked one by one (the unit becomes `defective`, with its event); an untracked product's by
 * quantity. A supplier claim gathers them later (supplier-claim/).
 */

/** The product short, with what its location holds (`stockLevel`) and what was asked. */
type Short = { name: string; sku: string; stockLevel: number; wanted: number; location: string };

export type MarkUnitResult =
  | { ok: true; unit: SerialUnitRow }
  | { ok: false; reason: "notFound" | "stale" }
  | { ok: false; reason: "notInStock"; serial: string; state: SerialState }
  | { ok: false; reason: "short"; product: Short };

/**
 * Marks a unit in stock defective: a damage movement of one unit naming its serial (the note kept
 * on it), its product's defective stock +1, the unit `defective` with a `defective` event carrying
 * the note, at the location holding it. A unit not in stock (sold, at the supplier, already
 * defective ...) is refused, naming its state; so is a stock of 0 there beside a unit in stock
 * there (the stock wants counting first).
 */
export async function markUnitDefective(
  unitId: number,
  input: MarkUnitDefectiveInput,
  userId: number | null,
): Promise<MarkUnitResult> {
  return em().transactional(async (tx) => {
    const [unit] = await tx.execute<
      {
        id: number;
        serial: string;
        state: SerialState;
        version: number;
        product_id: number;
        location_id: number;
      }[]
    >("select id, serial, state, version, product_id, location_id from serial_unit where id = ? for update", [
      unitId,
    ]);
    if (!unit) return { ok: false, reason: "notFound" } as const;
    if (input.version && input.version !== unit.version) return { ok: false, reason: "stale" } as const;
    if (unit.state !== "in_stock")
      return { ok: false, reason: "notInStock", serial: unit.serial, state: unit.state } as const;
    const moved = await changeStock(tx, [
      {
        productId: unit.product_id,
        delta: -1,
        reason: "damage",
        // The location holding the unit (issue #32).
        locationId: unit.location_id,
        userId,
        reference: unit.serial,
        note: input.note,
      },
    ]);
    if (!moved.ok) return refusalOf(moved);
    await changeDefectiveStock(tx, [{ productId: unit.product_id, delta: 1 }]);
    await moveUnits(tx, [unit.id], {
      from: ["in_stock"],
      to: "defective",
      kind: "defective",
      document: null,
      userId,
      note: input.note,
    });
    return { ok: true, unit: (await getSerialUnit(unit.id, tx)) as SerialUnitRow } as const;
  });
}

export type MarkStockResult =
  | { ok: true; productId: number; stockLevel: number; defectiveStock: number; movementId: number }
  | { ok: false; reason: "notFound" }
  /** A serial-tracked product: its units are marked one by one, from their pages. */
  | { ok: false; reason: "tracked" }
  | { ok: false; reason: "inactiveLocation" }
  | { ok: false; reason: "short"; product: Short };

/**
 * Marks a quantity of an untracked product defective: a damage movement of that many (the note
 * kept on it) in the location it was found in, and its defective stock up by as many. More than
 * that location holds is refused, naming it. The defective stock itself is the product's, in no
 * location (docs/decisions.md): a supplier claim gathers it from wherever it is.
 */
export async function markStockDefective(
  productId: number,
  input: MarkStockDefectiveInput,
  userId: number | null,
): Promise<MarkStockResult> {
  return em().transactional(async (tx) => {
    const tracking = await trackingOf(tx, productId);
    if (tracking === null) return { ok: false, reason: "notFound" } as const;
    if (tracking !== "none") return { ok: false, reason: "tracked" } as const;
    // Where it was found (issue #32): the place named, which must be active, else one's own.
    if (input.locationId && !(await isActiveLocation(tx, input.locationId)))
      return { ok: false, reason: "inactiveLocation" } as const;
    const locationId = input.locationId ?? (await workLocationId(tx, userId));
    const moved = await changeStock(tx, [
      { productId, delta: -input.quantity, reason: "damage", userId, note: input.note, locationId },
    ]);
    if (!moved.ok) return refusalOf(moved);
    await changeDefectiveStock(tx, [{ productId, delta: input.quantity }]);
    const [after] = await tx.execute<{ stock_level: number; defective_stock: number }[]>(
      "select stock_level, defective_stock from product where id = ?",
      [productId],
    );
    return {
      ok: true,
      productId,
      stockLevel: after.stock_level,
      defectiveStock: after.defective_stock,
      movementId: moved.movementIds[0],
    } as const;
  });
}

async function trackingOf(tx: EntityManager, productId: number): Promise<TrackingMode | null> {
  const [row] = await tx.execute<{ tracking: TrackingMode }[]>("select tracking from product where id = ?", [
    productId,
  ]);
  return row?.tracking ?? null;
}

function refusalOf(
  moved: Exclude<Awaited<ReturnType<typeof changeStock>>, { ok: true }>,
): { ok: false; reason: "notFound" } | { ok: false; reason: "short"; product: Short } {
  if (moved.reason === "notFound") return { ok: false, reason: "notFound" };
  const { name, sku, stockLevel, wanted, location } = moved.product;
  return { ok: false, reason: "short", product: { name, sku, stockLevel, wanted, location: location.name } };
}
