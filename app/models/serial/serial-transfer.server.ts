import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";
import {
  recordEvents,
  SerialConflict,
  type SerialDocument,
  type SerialLine,
  type SerialLineProblems,
  unitKey,
} from "./serial.server";
import { isStorableSerial, type SerialProblem, serialListProblems } from "./serial-list";
import type { SerialState } from "./serial-state";

/**
 * Serial-tracked units on a transfer between locations (issue #32): a line of a tracked product
 * takes one serial per unit, each a unit of that product in stock at the source. Sent, the units
 * are in transit (their location still the source's); received, they are in stock at the
 * destination, and those that did not arrive are scrapped with the loss's reason. Every change
 * leaves its event on the unit's timeline. In the caller's transaction.
 */

type UnitFacts = { id: number; productId: number; serial: string; state: SerialState; locationId: number };

async function unitsOf(
  tx: EntityManager,
  pairs: { productId: number; serial: string }[],
  lock = false,
): Promise<Map<string, UnitFacts>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await namedSql<{
    id: number;
    product_id: number;
    serial: string;
    state: SerialState;
    location_id: number;
  }>(
    tx,
    `select u.id, u.product_id, u.serial, u.state, u.location_id
       from serial_unit u
       join unnest(:products::int[], :serials::text[]) as asked(product_id, serial)
         on u.product_id = asked.product_id and u.serial = asked.serial
      order by u.id${lock ? " for update of u" : ""}`,
    { products: pairs.map((pair) => pair.productId), serials: pairs.map((pair) => pair.serial) },
  );
  return new Map(
    rows.map((row) => [
      unitKey(row.product_id, row.serial),
      {
        id: row.id,
        productId: row.product_id,
        serial: row.serial,
        state: row.state,
        locationId: row.location_id,
      },
    ]),
  );
}

/**
 * Everything wrong with a transfer's serials, all lines at once, each naming its serial: the list's
 * own problems (duplicates, bad IMEIs, a count that is not the quantity), a serial on two lines of
 * one product, a serial the product does not know, one not in stock, one in stock elsewhere; an
 * untracked line takes none. With `lock`, the units found are locked (the send). Answers the
 * problems and, when there are none, each line's unit ids.
 */
export async function transferSerialProblems(
  tx: EntityManager,
  lines: SerialLine[],
  sourceLocationId: number,
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
        else if (unit.locationId !== sourceLocationId) problems.push({ problem: "notHere", serial });
        else ids.push(unit.id);
      }
    }
    unitIds.set(line.lineId, ids);
    if (problems.length > 0)
      found.push({ lineId: line.lineId, productName: line.productName, sku: line.sku, problems });
  }
  return { problems: found, unitIds };
}

/**
 * Sends units on a transfer: each, in stock at the source, goes in transit with a `transfer_sent`
 * event. A unit that changed since the checks (sold meanwhile) throws SerialConflict.
 */
export async function sendTransferUnits(
  tx: EntityManager,
  lines: (SerialLine & { unitIds: number[] })[],
  sourceLocationId: number,
  document: SerialDocument,
  userId: number | null,
): Promise<void> {
  const ids = lines.flatMap((line) => line.unitIds);
  if (ids.length === 0) return;
  const { rows } = await namedSql<{ id: number; product_id: number; serial: string }>(
    tx,
    `update serial_unit set state = 'in_transit', version = version + 1
      where id = any(:ids::int[]) and state = 'in_stock' and location_id = :source
      returning id, product_id, serial`,
    { ids, source: sourceLocationId },
  );
  if (rows.length < ids.length) {
    const done = new Set(rows.map((row) => unitKey(row.product_id, row.serial)));
    throw SerialConflict.of(lines, done, "notInStock");
  }
  await recordEvents(tx, ids, "transfer_sent", document, userId);
}

/**
 * Receives a transfer's units: those that arrived are in stock at the destination with a
 * `transfer_received` event; the others are scrapped with a `scrapped` event carrying the loss's
 * reason. Only units in transit move (a unit is on one open transfer at a time).
 */
export async function receiveTransferUnits(
  tx: EntityManager,
  arrived: number[],
  lost: { unitId: number; note: string }[],
  destinationId: number,
  document: SerialDocument,
  userId: number | null,
): Promise<void> {
  if (arrived.length > 0) {
    await namedSql(
      tx,
      `update serial_unit set state = 'in_stock', location_id = :destination, version = version + 1
        where id = any(:ids::int[]) and state = 'in_transit'`,
      { ids: arrived, destination: destinationId },
    );
    await recordEvents(tx, arrived, "transfer_received", document, userId);
  }
  const notes = new Map<string, number[]>();
  for (const { unitId, note } of lost) notes.set(note, [...(notes.get(note) ?? []), unitId]);
  for (const [note, ids] of notes) {
    await namedSql(
      tx,
      `update serial_unit set state = 'scrapped', version = version + 1
        where id = any(:ids::int[]) and state = 'in_transit'`,
      { ids },
    );
    await recordEvents(tx, ids, "scrapped", document, userId, note);
  }
}
