import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { fullNameSql, namedSql, toIso } from "~/infra/sql.server";
import { shopToday } from "~/models/campaign/campaign.server";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { Location } from "~/models/location/location.entity";
import { ownActiveLocationId } from "~/models/location/location.server";
import { lockForChange } from "~/models/locked.server";
import { Product } from "~/models/product/product.entity";
import { valueAtCostSql } from "~/models/product/stock-value-sql";
import type { TrackingMode } from "~/models/product/tracking";
import { SerialUnit } from "~/models/serial/serial.entity";
import {
  SerialConflict,
  type SerialDocument,
  type SerialLine,
  type SerialLineProblems,
} from "~/models/serial/serial.server";
import { leavingSerialProblems } from "~/models/serial/serial-leaving.server";
import type { SerialProblem } from "~/models/serial/serial-list";
import { receiveTransferUnits, sendTransferUnits } from "~/models/serial/serial-transfer.server";
import { changeStock, type ShortProduct } from "~/models/stock/stock-ledger.server";
import { User } from "~/models/user/user.entity";
import { Transfer, TransferLine, TransferSerial } from "./transfer.entity";
import type {
  TransferChangeInput,
  TransferCreateInput,
  TransferListRow,
  TransferReceiptLine,
  TransferRow,
  TransferTransitionInput,
} from "./transfer-schema";
import {
  canEditTransfer,
  canMoveTransfer,
  TRANSFER_STATUSES,
  type TransferLossReason,
  type TransferStatus,
} from "./transfer-status";

/**
 * Transfers between locations (issue #32): their one write path and their reads. Every change is
 * one transaction that locks the transfer's row first. Stock moves only through the ledger
 * (`changeStock`: `transfer_out` from the source when sent, `transfer_in` into the destination when
 * received, both naming the number), serial-tracked units only through serial-transfer.server.ts.
 * A refusal found after a write throws `Refused` inside the transaction, so nothing of it is kept.
 */

export type { TransferLineRow, TransferListRow, TransferRow } from "./transfer-schema";

type TransferEntity = InferEntity<typeof Transfer>;

export type TransferRefusal =
  | { reason: "notFound" | "stale" | "locked" | "sameLocation" | "notAllowed" }
  | { reason: "fromLocation" | "toLocation" }
  | { reason: "illegalMove"; from: string; to: string }
  /** a line's product by id or SKU that does not exist */
  | { reason: "productNotFound"; product: string }
  /** the source holds less than the lines take (product and location named) */
  | { reason: "short"; product: ShortProduct }
  | { reason: "serials"; lines: SerialLineProblems[] }
  | { reason: "lineNotFound"; lineId: number }
  | { reason: "receivedTooMany"; lineId: number; product: string; quantity: number }
  /** a short line's loss needs its reason */
  | { reason: "lossReason"; lineId: number; product: string };

type Result<T> = ({ ok: true } & T) | ({ ok: false } & TransferRefusal);

class Refused extends Error {
  constructor(readonly refusal: TransferRefusal) {
    super(`Transfer refused: ${refusal.reason}`);
  }
}

async function write<T>(work: (tx: EntityManager) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await em().transactional(work);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal } as Result<T>;
    if (error instanceof SerialConflict) return { ok: false, reason: "serials", lines: error.lines };
    throw error;
  }
}

const idOf = (reference: unknown) => (reference as { id: number }).id;

const documentOf = (transfer: { id: number; transferNumber: string }): SerialDocument => ({
  type: "transfer",
  id: transfer.id,
  number: transfer.transferNumber,
});

type ProductFacts = { id: number; name: string; sku: string; tracking: TrackingMode };
type ResolvedLine = ProductFacts & { quantity: number; serials: string[] };

/** The lines' products by id or SKU (letter case ignored), each once; the first unknown is refused. */
async function resolveLines(
  tx: EntityManager,
  lines: TransferCreateInput["lines"],
): Promise<Result<{ lines: ResolvedLine[] }>> {
  const ids = lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const skus = lines.flatMap((line) => (line.productId ? [] : line.sku ? [line.sku.toLowerCase()] : []));
  const { rows } = await namedSql<ProductFacts>(
    tx,
    `select id, name, sku, tracking from product
      where id = any(:ids::int[]) or lower(sku) = any(:skus::text[])`,
    { ids, skus },
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bySku = new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
  const resolved: ResolvedLine[] = [];
  for (const line of lines) {
    const product = line.productId ? byId.get(line.productId) : bySku.get((line.sku ?? "").toLowerCase());
    if (!product)
      return {
        ok: false,
        reason: "productNotFound",
        product: line.productId ? `#${line.productId}` : (line.sku ?? ""),
      };
    resolved.push({ ...product, quantity: line.quantity, serials: line.serials });
  }
  return { ok: true, lines: resolved };
}

/** Both locations active and different. */
async function checkLocations(
  tx: EntityManager,
  fromId: number,
  toId: number,
): Promise<TransferRefusal | null> {
  if (fromId === toId) return { reason: "sameLocation" };
  const { rows } = await namedSql<{ id: number }>(
    tx,
    "select id from location where id = any(:ids::int[]) and active",
    { ids: [fromId, toId] },
  );
  const active = new Set(rows.map((row) => row.id));
  if (!active.has(fromId)) return { reason: "fromLocation" };
  if (!active.has(toId)) return { reason: "toLocation" };
  return null;
}

/** The first product of which the lines take more than the source holds (a draft's early word; the send decides). */
async function firstShort(
  tx: EntityManager,
  lines: ResolvedLine[],
  sourceId: number,
): Promise<ShortProduct | null> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
  const { rows } = await namedSql<{ product_id: number; quantity: number; location: string }>(
    tx,
    `select p.id as product_id, coalesce(s.quantity, 0)::int as quantity, l.name as location
       from product p cross join location l
       left join product_stock s on s.product_id = p.id and s.location_id = l.id
      where p.id = any(:ids::int[]) and l.id = :source`,
    { ids: [...wanted.keys()], source: sourceId },
  );
  const held = new Map(rows.map((row) => [row.product_id, row]));
  for (const line of lines) {
    const row = held.get(line.id);
    const need = wanted.get(line.id) ?? 0;
    if (row && row.quantity < need)
      return {
        id: line.id,
        name: line.name,
        sku: line.sku,
        stockLevel: row.quantity,
        wanted: need,
        location: { id: sourceId, name: row.location },
      };
  }
  return null;
}

const serialLinesOf = (lines: ResolvedLine[]): SerialLine[] =>
  lines.map((line, index) => ({
    lineId: index + 1,
    productId: line.id,
    productName: line.name,
    sku: line.sku,
    tracking: line.tracking,
    quantity: line.quantity,
    serials: line.serials,
  }));

/**
 * Everything a draft's content must be: locations active and different, products known, no more
 * than the source holds, each tracked line's serials in stock at the source. Answers the lines'
 * unit ids by position.
 */
async function checkDraft(
  tx: EntityManager,
  input: TransferCreateInput,
): Promise<Result<{ lines: ResolvedLine[]; unitIds: Map<number, number[]> }>> {
  const placed = await checkLocations(tx, input.fromLocationId, input.toLocationId);
  if (placed) return { ok: false, ...placed };
  const resolved = await resolveLines(tx, input.lines);
  if (!resolved.ok) return resolved;
  const short = await firstShort(tx, resolved.lines, input.fromLocationId);
  if (short) return { ok: false, reason: "short", product: short };
  const { problems, unitIds } = await leavingSerialProblems(
    tx,
    serialLinesOf(resolved.lines),
    input.fromLocationId,
  );
  if (problems.length > 0) return { ok: false, reason: "serials", lines: problems };
  return { ok: true, lines: resolved.lines, unitIds };
}

function writeLines(
  tx: EntityManager,
  transfer: TransferEntity,
  lines: ResolvedLine[],
  unitIds: Map<number, number[]>,
) {
  lines.forEach((line, index) => {
    const row = tx.create(TransferLine, {
      transfer,
      product: tx.getReference(Product, line.id),
      position: index,
      productName: line.name,
      sku: line.sku,
      quantity: line.quantity,
    });
    for (const unitId of unitIds.get(index + 1) ?? [])
      tx.create(TransferSerial, { line: row, unit: tx.getReference(SerialUnit, unitId) });
  });
}

/** A draft transfer from one active location to another, with its lines. */
export async function createTransfer(
  input: TransferCreateInput,
  userId: number | null,
): Promise<Result<{ transfer: TransferRow }>> {
  return write<{ transfer: TransferRow }>((tx) => createTransferIn(tx, input, userId));
}

/** `createTransfer` in the caller's transaction (the demo shop's). */
export async function createTransferIn(
  tx: EntityManager,
  input: TransferCreateInput,
  userId: number | null,
): Promise<Result<{ transfer: TransferRow }>> {
  {
    const checked = await checkDraft(tx, input);
    if (!checked.ok) return checked;
    const [number] = await nextDocumentNumbers(tx, "TR", Number(shopToday().slice(0, 4)), 1);
    const transfer = tx.create(Transfer, {
      transferNumber: number,
      fromLocation: tx.getReference(Location, input.fromLocationId),
      toLocation: tx.getReference(Location, input.toLocationId),
      status: "draft",
      note: input.note,
      createdBy: userId ? tx.getReference(User, userId) : null,
    }) as TransferEntity;
    writeLines(tx, transfer, checked.lines, checked.unitIds);
    await tx.flush();
    return { ok: true, transfer: (await getTransfer(transfer.id, tx)) as TransferRow };
  }
}

/** Changes a draft: its locations, note and lines (all replaced). */
export async function changeTransfer(
  id: number,
  input: TransferChangeInput,
): Promise<Result<{ transfer: TransferRow }>> {
  return write<{ transfer: TransferRow }>(async (tx) => {
    const locked = await lockForChange(tx, Transfer, id, input.version);
    if (!locked.ok) return locked;
    const transfer = locked.entity as TransferEntity;
    if (!canEditTransfer(transfer.status)) return { ok: false, reason: "locked" };
    const checked = await checkDraft(tx, input);
    if (!checked.ok) return checked;
    transfer.fromLocation = tx.getReference(Location, input.fromLocationId);
    transfer.toLocation = tx.getReference(Location, input.toLocationId);
    transfer.note = input.note;
    transfer.updatedAt = new Date();
    for (const line of await tx.find(TransferLine, { transfer: id })) tx.remove(line);
    await tx.flush();
    writeLines(tx, transfer, checked.lines, checked.unitIds);
    await tx.flush();
    return { ok: true, transfer: (await getTransfer(id, tx)) as TransferRow };
  });
}

/** Deletes a draft with its lines. */
export async function deleteTransfer(
  id: number,
  version: number | null,
): Promise<Result<{ number: string }>> {
  return write<{ number: string }>(async (tx) => {
    const locked = await lockForChange(tx, Transfer, id, version);
    if (!locked.ok) return locked;
    const transfer = locked.entity as TransferEntity;
    if (!canEditTransfer(transfer.status)) return { ok: false, reason: "locked" };
    for (const line of await tx.find(TransferLine, { transfer: id })) tx.remove(line);
    tx.remove(transfer);
    await tx.flush();
    return { ok: true, number: transfer.transferNumber };
  });
}

/** Who moves a transfer: admins and managers any; a salesperson receives one into their own location. */
export type TransferActor = { id: number | null; mayWrite: boolean };

/** The system's moves (the demo shop): no user, allowed to write. */
export const SYSTEM_ACTOR: TransferActor = { id: null, mayWrite: true };

/** Whether this staff member may receive this transfer: a writer, or its destination is their own location. */
export async function mayReceiveTransfer(
  actor: TransferActor,
  transfer: { to: { id: number } },
  db: EntityManager = em(),
): Promise<boolean> {
  return actor.mayWrite || (await ownActiveLocationId(actor.id, db)) === transfer.to.id;
}

/**
 * Moves a transfer: sent (a draft: its stock leaves the source), received (a sent one: the lines'
 * receipts, default all that was sent) or cancelled (a draft).
 */
export async function moveTransfer(
  id: number,
  input: TransferTransitionInput,
  actor: TransferActor,
): Promise<Result<{ transfer: TransferRow }>> {
  return write<{ transfer: TransferRow }>((tx) => moveTransferIn(tx, id, input, actor));
}

/**
 * `moveTransfer` in the caller's transaction; a refusal found after a write throws (Refused,
 * SerialConflict): the caller's transaction must roll back. The system (the demo shop) moves
 * with `SYSTEM_ACTOR`.
 */
export async function moveTransferIn(
  tx: EntityManager,
  id: number,
  input: TransferTransitionInput,
  actor: TransferActor,
): Promise<Result<{ transfer: TransferRow }>> {
  {
    const locked = await lockForChange(tx, Transfer, id, input.version);
    if (!locked.ok) return locked;
    const transfer = locked.entity as TransferEntity;
    if (!canMoveTransfer(transfer.status, input.to))
      return { ok: false, reason: "illegalMove", from: transfer.status, to: input.to };
    if (input.to === "received") {
      const own = actor.mayWrite ? null : await ownActiveLocationId(actor.id, tx);
      if (!actor.mayWrite && own !== idOf(transfer.toLocation)) return { ok: false, reason: "notAllowed" };
    } else if (!actor.mayWrite) return { ok: false, reason: "notAllowed" };
    const now = new Date();
    if (input.to === "cancelled") {
      transfer.status = "cancelled";
      transfer.cancelledAt = now;
    } else if (input.to === "sent") {
      const refused = await send(tx, transfer, actor.id);
      if (refused) return { ok: false, ...refused };
      transfer.status = "sent";
      transfer.sentAt = now;
      transfer.sentBy = actor.id ? tx.getReference(User, actor.id) : null;
    } else {
      const refused = await receive(tx, transfer, input.lines, actor.id);
      if (refused) return { ok: false, ...refused };
      transfer.status = "received";
      transfer.receivedAt = now;
      transfer.receivedBy = actor.id ? tx.getReference(User, actor.id) : null;
    }
    transfer.updatedAt = now;
    await tx.flush();
    return { ok: true, transfer: (await getTransfer(id, tx)) as TransferRow };
  }
}

type StoredLine = {
  id: number;
  product_id: number;
  product_name: string;
  sku: string;
  tracking: TrackingMode;
  quantity: number;
  units: { id: number; serial: string }[] | null;
};

async function storedLines(tx: EntityManager, transferId: number): Promise<StoredLine[]> {
  const { rows } = await namedSql<StoredLine>(
    tx,
    `select l.id, l.product_id, l.product_name, l.sku, p.tracking, l.quantity,
            (select json_agg(json_build_object('id', u.id, 'serial', u.serial) order by u.serial)
               from transfer_serial ts join serial_unit u on u.id = ts.unit_id where ts.line_id = l.id) as units
       from transfer_line l join product p on p.id = l.product_id
      where l.transfer_id = :id order by l.position, l.id`,
    { id: transferId },
  );
  return rows;
}

/** The send: both places still active, the units still in stock at the source, the stock out of it. */
async function send(
  tx: EntityManager,
  transfer: TransferEntity,
  userId: number | null,
): Promise<TransferRefusal | null> {
  const source = idOf(transfer.fromLocation);
  const placed = await checkLocations(tx, source, idOf(transfer.toLocation));
  if (placed) return placed;
  const lines = await storedLines(tx, transfer.id);
  const serialLines = lines.map((line) => ({
    lineId: line.id,
    productId: line.product_id,
    productName: line.product_name,
    sku: line.sku,
    tracking: line.tracking,
    quantity: line.quantity,
    serials: (line.units ?? []).map((unit) => unit.serial),
  }));
  const moved = await changeStock(
    tx,
    lines.map((line) => ({
      productId: line.product_id,
      delta: -line.quantity,
      reason: "transfer_out" as const,
      locationId: source,
      userId,
      reference: transfer.transferNumber,
    })),
  );
  if (!moved.ok) {
    if (moved.reason === "short") throw new Refused({ reason: "short", product: moved.product });
    throw new Error(`A product of ${transfer.transferNumber} is gone`);
  }
  // The products are locked now (the ledger's lock): a sale of a unit waits for this send.
  const { problems, unitIds } = await leavingSerialProblems(tx, serialLines, source, true);
  if (problems.length > 0) throw new Refused({ reason: "serials", lines: problems });
  await sendTransferUnits(
    tx,
    serialLines.map((line) => ({ ...line, unitIds: unitIds.get(line.lineId) ?? [] })),
    source,
    documentOf(transfer),
    userId,
  );
  return null;
}

const lossNoteOf = (reason: TransferLossReason, note: string | null) =>
  note ? `${reason}: ${note}` : reason;

/** The receipt: each line's quantity arrived into the destination, the rest its loss with a reason. */
async function receive(
  tx: EntityManager,
  transfer: TransferEntity,
  asked: TransferReceiptLine[],
  userId: number | null,
): Promise<TransferRefusal | null> {
  const lines = await storedLines(tx, transfer.id);
  const byId = new Map(lines.map((line) => [line.id, line]));
  for (const line of asked)
    if (!byId.has(line.lineId)) return { reason: "lineNotFound", lineId: line.lineId };
  const askedOf = new Map(asked.map((line) => [line.lineId, line]));
  const serialProblems: SerialLineProblems[] = [];
  const receipts: {
    line: StoredLine;
    received: number;
    reason: TransferLossReason | null;
    note: string | null;
    arrived: number[];
    lost: number[];
  }[] = [];
  for (const line of lines) {
    const typed = askedOf.get(line.id);
    const units = line.units ?? [];
    const product = `${line.product_name} (${line.sku})`;
    let received = typed?.received ?? null;
    let arrived: number[] = units.map((unit) => unit.id);
    if (
      line.tracking !== "none" &&
      typed?.serials !== undefined &&
      (typed.serials.length > 0 || received === 0)
    ) {
      const bySerial = new Map(units.map((unit) => [unit.serial, unit.id]));
      const problems: SerialProblem[] = typed.serials
        .filter((serial) => !bySerial.has(serial))
        .map((serial) => ({ problem: "notOnLine" as const, serial }));
      const named = [...new Set(typed.serials)];
      if (received !== null && received !== named.length)
        problems.push({ problem: "count", expected: received, given: named.length });
      if (problems.length > 0) {
        serialProblems.push({ lineId: line.id, productName: line.product_name, sku: line.sku, problems });
        continue;
      }
      arrived = named.map((serial) => bySerial.get(serial) as number);
      received = arrived.length;
    }
    received ??= line.quantity;
    if (received > line.quantity)
      return { reason: "receivedTooMany", lineId: line.id, product, quantity: line.quantity };
    if (line.tracking !== "none" && received < line.quantity && arrived.length !== received) {
      serialProblems.push({
        lineId: line.id,
        productName: line.product_name,
        sku: line.sku,
        problems: [{ problem: "count", expected: received, given: 0 }],
      });
      continue;
    }
    const reason = received < line.quantity ? (typed?.lossReason ?? null) : null;
    if (received < line.quantity && !reason) return { reason: "lossReason", lineId: line.id, product };
    const kept = new Set(arrived);
    receipts.push({
      line,
      received,
      reason,
      note: reason ? (typed?.lossNote ?? null) : null,
      arrived,
      lost: units.map((unit) => unit.id).filter((unitId) => !kept.has(unitId)),
    });
  }
  if (serialProblems.length > 0) return { reason: "serials", lines: serialProblems };
  const destination = idOf(transfer.toLocation);
  const moved = await changeStock(
    tx,
    receipts
      .filter((receipt) => receipt.received > 0)
      .map((receipt) => ({
        productId: receipt.line.product_id,
        delta: receipt.received,
        reason: "transfer_in" as const,
        locationId: destination,
        userId,
        reference: transfer.transferNumber,
      })),
  );
  if (!moved.ok) throw new Error(`Receiving ${transfer.transferNumber}: ${moved.reason}`);
  await receiveTransferUnits(
    tx,
    receipts.flatMap((receipt) => receipt.arrived),
    receipts.flatMap((receipt) =>
      receipt.lost.map((unitId) => ({
        unitId,
        note: lossNoteOf(receipt.reason as TransferLossReason, receipt.note),
      })),
    ),
    destination,
    documentOf(transfer),
    userId,
  );
  const entities = await tx.find(TransferLine, { transfer: transfer.id });
  const byLine = new Map(receipts.map((receipt) => [receipt.line.id, receipt]));
  for (const entity of entities) {
    const receipt = byLine.get(entity.id);
    if (!receipt) continue;
    entity.received = receipt.received;
    entity.lossReason = receipt.reason;
    entity.lossNote = receipt.note;
  }
  for (const receipt of receipts) {
    if (receipt.line.tracking === "none" || (receipt.line.units ?? []).length === 0) continue;
    await namedSql(
      tx,
      "update transfer_serial set received = (unit_id = any(:arrived::int[])) where line_id = :line",
      { arrived: receipt.arrived, line: receipt.line.id },
    );
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reads

const moment = (value: Date | string | null | undefined) => (value ? toIso(value) : null);

/** One transfer with its locations, lines (their serials, receipts and losses) and in-transit units. */
export async function getTransfer(id: number, db: EntityManager = em()): Promise<TransferRow | null> {
  const [row] = await db.execute<
    {
      id: number;
      transfer_number: string;
      status: TransferStatus;
      from_id: number;
      from_name: string;
      to_id: number;
      to_name: string;
      note: string | null;
      created_by: string | null;
      created_at: Date | string;
      sent_at: Date | string | null;
      sent_by: string | null;
      received_at: Date | string | null;
      received_by: string | null;
      cancelled_at: Date | string | null;
      version: number;
    }[]
  >(
    `select t.id, t.transfer_number, t.status, f.id as from_id, f.name as from_name, d.id as to_id,
            d.name as to_name, t.note, ${fullNameSql("cu")} as created_by, t.created_at, t.sent_at,
            ${fullNameSql("su")} as sent_by, t.received_at, ${fullNameSql("ru")} as received_by,
            t.cancelled_at, t.version
       from transfer t
       join location f on f.id = t.from_location_id
       join location d on d.id = t.to_location_id
       left join "user" cu on cu.id = t.created_by_id
       left join "user" su on su.id = t.sent_by_id
       left join "user" ru on ru.id = t.received_by_id
      where t.id = ?`,
    [id],
  );
  if (!row) return null;
  const lines = await db.execute<
    {
      id: number;
      product_id: number;
      product_name: string;
      sku: string;
      tracking: TrackingMode;
      quantity: number;
      received: number | null;
      loss_reason: TransferLossReason | null;
      loss_note: string | null;
      cost: string;
      serials: { unitId: number; serial: string; received: boolean | null }[] | null;
    }[]
  >(
    `select l.id, l.product_id, l.product_name, l.sku, p.tracking, l.quantity, l.received,
            l.loss_reason, l.loss_note, (l.quantity * p.purchase_cost)::numeric(20, 2)::text as cost,
            (select json_agg(json_build_object('unitId', u.id, 'serial', u.serial, 'received', ts.received)
                    order by u.serial)
               from transfer_serial ts join serial_unit u on u.id = ts.unit_id where ts.line_id = l.id) as serials
       from transfer_line l join product p on p.id = l.product_id
      where l.transfer_id = ? order by l.position, l.id`,
    [id],
  );
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const cents = lines.reduce((sum, line) => sum + Math.round(Number(line.cost) * 100), 0);
  return {
    id: row.id,
    number: row.transfer_number,
    status: row.status,
    from: { id: row.from_id, name: row.from_name },
    to: { id: row.to_id, name: row.to_name },
    note: row.note,
    units,
    inTransit: row.status === "sent" ? units : 0,
    valueAtCost: (cents / 100).toFixed(2),
    createdBy: row.created_by,
    createdAt: toIso(row.created_at),
    sentAt: moment(row.sent_at),
    sentBy: row.sent_by,
    receivedAt: moment(row.received_at),
    receivedBy: row.received_by,
    cancelledAt: moment(row.cancelled_at),
    version: row.version,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      productName: line.product_name,
      sku: line.sku,
      tracking: line.tracking,
      quantity: line.quantity,
      received: line.received,
      lost: line.received === null ? 0 : line.quantity - line.received,
      lossReason: line.loss_reason,
      lossNote: line.loss_note,
      serials: line.serials ?? [],
    })),
  };
}

export type TransferFilters = {
  status?: TransferStatus | null;
  /** from or to this location */
  locationId?: number | null;
  limit: number;
  offset: number;
};

/** A page of transfers, newest first, with their units, in transit and lost, and how many match. */
export async function listTransfers(
  filters: TransferFilters,
  db: EntityManager = em(),
): Promise<{ rows: TransferListRow[]; total: number }> {
  const where = `where (:status::text is null or t.status = :status)
      and (:location::int is null or t.from_location_id = :location or t.to_location_id = :location)`;
  const bindings = {
    status:
      filters.status && (TRANSFER_STATUSES as readonly string[]).includes(filters.status)
        ? filters.status
        : null,
    location: filters.locationId ?? null,
  };
  const [count, page] = await Promise.all([
    namedSql<{ total: number }>(db, `select count(*)::int as total from transfer t ${where}`, bindings),
    namedSql<{
      id: number;
      transfer_number: string;
      status: TransferStatus;
      from_id: number;
      from_name: string;
      to_id: number;
      to_name: string;
      units: number;
      lost: number;
      created_at: Date | string;
      sent_at: Date | string | null;
    }>(
      db,
      `select t.id, t.transfer_number, t.status, f.id as from_id, f.name as from_name, d.id as to_id,
              d.name as to_name, t.created_at, t.sent_at,
              coalesce(x.units, 0)::int as units, coalesce(x.lost, 0)::int as lost
         from transfer t
         join location f on f.id = t.from_location_id
         join location d on d.id = t.to_location_id
         left join lateral (
           select sum(l.quantity) as units, sum(l.quantity - l.received) as lost
             from transfer_line l where l.transfer_id = t.id
         ) x on true
        ${where}
        order by t.created_at desc, t.id desc
        limit :limit offset :offset`,
      { ...bindings, limit: filters.limit, offset: filters.offset },
    ),
  ]);
  return {
    total: count.rows[0]?.total ?? 0,
    rows: page.rows.map((row) => ({
      id: row.id,
      number: row.transfer_number,
      status: row.status,
      from: { id: row.from_id, name: row.from_name },
      to: { id: row.to_id, name: row.to_name },
      units: row.units,
      inTransit: row.status === "sent" ? row.units : 0,
      lost: row.lost,
      createdAt: toIso(row.created_at),
      sentAt: moment(row.sent_at),
    })),
  };
}

export type InTransitTotals = { units: number; value: string; valueAtCost: string };

/**
 * Everything in transit (sent, not yet received), across all transfers: its units, their value at
 * selling price and at purchase cost without VAT (today's prices, the stock value's rules, each
 * line to the cent as a report's row). It has
 * left its source's stock and not reached its destination's: the stock value adds it.
 */
export async function inTransitTotals(
  db: EntityManager = em(),
  /** Only what is on its way to this location (its dashboard's figures); none: all. */
  toLocationId: number | null = null,
): Promise<InTransitTotals> {
  const [row] = await db.execute<{ units: number; value: string; value_at_cost: string }[]>(
    `select coalesce(sum(l.quantity), 0)::int as units,
            coalesce(sum(l.quantity * p.selling_price), 0)::numeric(20, 2)::text as value,
            coalesce(sum(${valueAtCostSql((name) => (name === "stock_level" ? "l.quantity" : `p.${name}`))}), 0)::numeric(20, 2)::text as value_at_cost
       from transfer t join transfer_line l on l.transfer_id = t.id join product p on p.id = l.product_id
      where t.status = 'sent' and (?::int is null or t.to_location_id = ?)`,
    [toLocationId, toLocationId],
  );
  return { units: row.units, value: row.value, valueAtCost: row.value_at_cost };
}

/**
 * Units in transit towards each place, as SQL: a relation of (product_id, location_id, in_transit)
 * over the sent transfers (a draft has not left; a received one has arrived). The reorder list
 * counts them as on their way to a location, as a purchase order receiving there is.
 */
export function inTransitToSql(): string {
  return `select l.product_id, t.to_location_id as location_id, sum(l.quantity)::int as in_transit
      from transfer t join transfer_line l on l.transfer_id = t.id
      where t.status = 'sent' group by l.product_id, t.to_location_id`;
}

export type ProductInTransit = {
  quantity: number;
  transfers: { id: number; number: string; quantity: number; to: string }[];
};

/** A product's units in transit, with the transfers carrying them (the product page's "In transit: 4 (TR-…)"). */
export async function productInTransit(
  productId: number,
  db: EntityManager = em(),
): Promise<ProductInTransit> {
  const rows = await db.execute<{ id: number; number: string; quantity: number; to: string }[]>(
    `select t.id, t.transfer_number as number, sum(l.quantity)::int as quantity, d.name as to
       from transfer_line l join transfer t on t.id = l.transfer_id and t.status = 'sent'
       join location d on d.id = t.to_location_id
      where l.product_id = ? group by t.id, d.name order by t.sent_at, t.id`,
    [productId],
  );
  return { quantity: rows.reduce((sum, row) => sum + row.quantity, 0), transfers: rows };
}
