import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";
import { recordEvents, SerialConflict, type SerialDocument, type SerialLine, unitKey } from "./serial.server";

/**
 * Serial-tracked units on a transfer between locations (issue #32): a line of a tracked product
 * takes one serial per unit, each a unit of that product in stock at the source. Sent, the units
 * are in transit (their location still the source's); received, they are in stock at the
 * destination, and those that did not arrive are scrapped with the loss's reason. Every change
 * leaves its event on the unit's timeline. In the caller's transaction.
 */

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
