import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";
import { type SerialLine, type SerialLineProblems, unitKey } from "./serial.server";
import { isStorableSerial, type SerialProblem, serialListProblems } from "./serial-list";
import type { SerialState } from "./serial-state";

/**
 * Units leaving a location (issues #31 and #32): a shipment's (an order ships from its location)
 * and a transfer's (from its source). One rule for both: a line of a tracked product takes one
 * serial per unit, each a unit of that product in stock at that location.
 */

type Unit = { id: number; state: SerialState; locationId: number; locationName: string };

/** Each of these products' serials that has a unit, with its state and place; `lock`: locked. */
async function unitsOf(
  tx: EntityManager,
  pairs: { productId: number; serial: string }[],
  lock: boolean,
): Promise<Map<string, Unit>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await namedSql<{
    id: number;
    product_id: number;
    serial: string;
    state: SerialState;
    location_id: number;
    location_name: string;
  }>(
    tx,
    `select u.id, u.product_id, u.serial, u.state, u.location_id, l.name as location_name
       from serial_unit u
       join location l on l.id = u.location_id
       join unnest(:products::int[], :serials::text[]) as asked(product_id, serial)
         on u.product_id = asked.product_id and u.serial = asked.serial
      order by u.id${lock ? " for update of u" : ""}`,
    { products: pairs.map((pair) => pair.productId), serials: pairs.map((pair) => pair.serial) },
  );
  return new Map(
    rows.map((row) => [
      unitKey(row.product_id, row.serial),
      { id: row.id, state: row.state, locationId: row.location_id, locationName: row.location_name },
    ]),
  );
}

/**
 * Everything wrong with the serials of units leaving `locationId`, all lines at once, each naming
 * its serial: the list's own problems (duplicates, bad IMEIs, a count that is not the line's
 * quantity), a serial on two lines of one product, a serial the product does not know, one not in
 * stock, one in stock at another location (named with its place); an untracked line takes none.
 * With `lock`, the units found are locked. Answers the problems and, when a line has none, its
 * units' ids.
 */
export async function leavingSerialProblems(
  tx: EntityManager,
  lines: SerialLine[],
  locationId: number,
  lock = false,
): Promise<{ problems: SerialLineProblems[]; unitIds: Map<number, number[]> }> {
  const tracked = lines.filter((line) => line.tracking !== "none");
  const units = await unitsOf(
    tx,
    tracked.flatMap((line) =>
      line.serials.filter(isStorableSerial).map((serial) => ({ productId: line.productId, serial })),
    ),
    lock,
  );
  const found: SerialLineProblems[] = [];
  const unitIds = new Map<number, number[]>();
  const seenByProduct = new Map<number, Set<string>>();
  for (const line of lines) {
    const problems: SerialProblem[] = [];
    const ids: number[] = [];
    if (line.tracking === "none") {
      if (line.serials.length > 0) problems.push({ problem: "untracked", serial: line.serials[0] });
    } else {
      const listed = serialListProblems(line.serials, line.tracking, line.quantity);
      problems.push(...listed);
      const refused = new Set(listed.flatMap((problem) => ("serial" in problem ? [problem.serial] : [])));
      const seen = seenByProduct.get(line.productId) ?? new Set<string>();
      seenByProduct.set(line.productId, seen);
      for (const serial of new Set(line.serials)) {
        if (seen.has(serial)) problems.push({ problem: "duplicate", serial });
        seen.add(serial);
        if (refused.has(serial)) continue;
        const unit = units.get(unitKey(line.productId, serial));
        if (!unit) problems.push({ problem: "unknown", serial });
        else if (unit.state !== "in_stock") problems.push({ problem: "notInStock", serial });
        else if (unit.locationId !== locationId)
          problems.push({ problem: "elsewhere", serial, location: unit.locationName });
        else ids.push(unit.id);
      }
    }
    unitIds.set(line.lineId, ids);
    if (problems.length > 0)
      found.push({ lineId: line.lineId, productName: line.productName, sku: line.sku, problems });
  }
  return { problems: found, unitIds };
}
