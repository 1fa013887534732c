import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";
import { recordEvents, type SerialDocument } from "./serial.server";

/**
 * Units coming back from a customer (issue #31): the serial aggregate's writes for a customer
 * return, in the return's transaction. Each takes only the units still as the return planned them
 * (sold on the line; in stock for a replacement) and answers the ids it moved: fewer than asked
 * means another transaction took one meanwhile, and the caller rolls back naming it.
 */

/**
 * Units back from their sale: each still sold on its order line leaves it (its sale and guarantee
 * cleared) for `state` (back in stock, or defective), with a `returned` event naming the return.
 * With `locationId` (issue #32) the units are at that location from now on (the return's).
 */
export async function takeBackSoldUnits(
  tx: EntityManager,
  units: { unitId: number; lineId: number; state: "in_stock" | "defective" }[],
  document: SerialDocument,
  userId: number | null,
  locationId: number | null = null,
): Promise<Set<number>> {
  if (units.length === 0) return new Set();
  const { rows } = await namedSql<{ id: number }>(
    tx,
    `update serial_unit u
        set state = s.state, sold_item_id = null, sold_at = null, guarantee_ends = null,
            location_id = coalesce(:location::int, u.location_id), version = u.version + 1
       from unnest(:ids::int[], :lines::int[], :states::text[]) as s(id, line_id, state)
      where u.id = s.id and u.state = 'sold' and u.sold_item_id = s.line_id
      returning u.id`,
    {
      location: locationId,
      ids: units.map((unit) => unit.unitId),
      lines: units.map((unit) => unit.lineId),
      states: units.map((unit) => unit.state),
    },
  );
  const moved = new Set(rows.map((row) => row.id));
  if (moved.size === units.length) await recordEvents(tx, [...moved], "returned", document, userId);
  return moved;
}

/**
 * Replacements given for returned units: each still in stock becomes sold on the returned unit's
 * order line, now, keeping the guarantee end it replaces, with a `replaced` event naming the return.
 * With `locationId` (issue #32) only units in stock there are taken.
 */
export async function sellReplacementUnits(
  tx: EntityManager,
  units: { unitId: number; lineId: number; guaranteeEnds: string | null }[],
  document: SerialDocument,
  userId: number | null,
  locationId: number | null = null,
): Promise<Set<number>> {
  if (units.length === 0) return new Set();
  const { rows } = await namedSql<{ id: number }>(
    tx,
    `update serial_unit u
        set state = 'sold', sold_item_id = s.line_id, sold_at = now(), guarantee_ends = s.ends::date,
            version = u.version + 1
       from unnest(:ids::int[], :lines::int[], :ends::text[]) as s(id, line_id, ends)
      where u.id = s.id and u.state = 'in_stock' and (:location::int is null or u.location_id = :location::int)
      returning u.id`,
    {
      location: locationId,
      ids: units.map((unit) => unit.unitId),
      lines: units.map((unit) => unit.lineId),
      ends: units.map((unit) => unit.guaranteeEnds),
    },
  );
  const moved = new Set(rows.map((row) => row.id));
  if (moved.size === units.length) await recordEvents(tx, [...moved], "replaced", document, userId);
  return moved;
}
