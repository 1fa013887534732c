import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { fullNameSql, namedSql, toIso } from "~/infra/sql.server";
import { auditActor } from "~/models/audit/audit-trail.server";
import type { TrackingMode } from "~/models/product/tracking";
import { isStorableSerial, normaliseSerial, type SerialProblem, serialListProblems } from "./serial-list";
import type { SerialUnitRow, SerialUnitSummary } from "./serial-schema";
import type { SerialDocumentType, SerialEventKind, SerialState } from "./serial-state";

/**
 * Serial-tracked units (issue #31): their checks and writes in the caller's transaction (a
 * purchase order's receipt calls them), and their reads (the search, the unit's page, the API).
 */

/** A line of a receipt as the serial checks see it. */
export type SerialLine = {
  lineId: number;
  productId: number;
  productName: string;
  sku: string;
  tracking: TrackingMode;
  quantity: number;
  serials: string[];
};

/** A line's problems, each naming its serial (or the count's expected and given). */
export type SerialLineProblems = {
  lineId: number;
  productName: string;
  sku: string;
  problems: SerialProblem[];
};

/**
 * Thrown inside a receipt's transaction when a serial it writes was written by another receipt
 * since the checks (two receipts of one serial at once: the unique index decided): the transaction
 * rolls back, and the write path answers the serials named.
 */
export class SerialConflict extends Error {
  constructor(readonly lines: SerialLineProblems[]) {
    super("A serial was taken by another document at the same time");
  }

  /**
   * The conflict of a write that reached fewer units than its lines name: each line's serials
   * among `written` ("productId\0serial" keys) are not named; the others are, as `problem`.
   */
  static of(lines: SerialLine[], written: Set<string>, problem: "known" | "notInStock"): SerialConflict {
    return new SerialConflict(
      lines
        .map((line) => ({
          lineId: line.lineId,
          productName: line.productName,
          sku: line.sku,
          problems: line.serials
            .filter((serial) => !written.has(unitKey(line.productId, serial)))
            .map((serial) => ({ problem, serial })),
        }))
        .filter((line) => line.problems.length > 0),
    );
  }
}

/**
 * Everything wrong with a receipt's serials, all lines at once: a tracked line takes exactly one
 * valid, new serial per unit (not in its list twice, not on another line of the product, not
 * known for the product in any state); an untracked line takes none. Empty: all is well.
 */
export async function receiptSerialProblems(
  tx: EntityManager,
  lines: SerialLine[],
): Promise<SerialLineProblems[]> {
  const storable = (line: SerialLine) => [...new Set(line.serials)].filter(isStorableSerial);
  const tracked = lines.filter((line) => line.tracking !== "none");
  const known = await knownSerials(
    tx,
    tracked.flatMap((line) => storable(line).map((serial) => ({ productId: line.productId, serial }))),
  );
  const found: SerialLineProblems[] = [];
  const seenByProduct = new Map<number, Set<string>>();
  for (const line of lines) {
    const problems: SerialProblem[] = [];
    if (line.tracking === "none") {
      if (line.serials.length > 0) problems.push({ problem: "untracked", serial: line.serials[0] });
    } else {
      problems.push(...serialListProblems(line.serials, line.tracking, line.quantity));
      const seen = seenByProduct.get(line.productId) ?? new Set<string>();
      seenByProduct.set(line.productId, seen);
      for (const serial of new Set(line.serials)) {
        if (seen.has(serial)) problems.push({ problem: "duplicate", serial });
        seen.add(serial);
      }
      for (const serial of storable(line).sort())
        if (known.has(unitKey(line.productId, serial))) problems.push({ problem: "known", serial });
    }
    if (problems.length > 0)
      found.push({ lineId: line.lineId, productName: line.productName, sku: line.sku, problems });
  }
  return found;
}

/** A unit's key in the sets of one write: its product and serial. */
export const unitKey = (productId: number, serial: string) => `${productId}\u0000${serial}`;

/** Which of these products' serials have a unit already, in any state: one query for a whole receipt. */
async function knownSerials(
  tx: EntityManager,
  pairs: { productId: number; serial: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await namedSql<{ product_id: number; serial: string }>(
    tx,
    `select u.product_id, u.serial
       from serial_unit u
       join unnest(:products::int[], :serials::text[]) as asked(product_id, serial)
         on u.product_id = asked.product_id and u.serial = asked.serial`,
    { products: pairs.map((pair) => pair.productId), serials: pairs.map((pair) => pair.serial) },
  );
  return new Set(rows.map((row) => unitKey(row.product_id, row.serial)));
}

/** A unit's location as SQL: the named parameter `:location`, or the default location when it is null. */
export const LOCATION_OR_DEFAULT_SQL = "coalesce(:location::int, (select id from location where is_default))";

export type SerialDocument = { type: SerialDocumentType; id: number; number: string };

/**
 * The units of a receipt, in stock, each with its `received` event naming the document; in the
 * caller's transaction, after `receiptSerialProblems` found nothing. A serial another transaction
 * wrote meanwhile (the unique index: `on conflict do nothing` waits for it, then skips) throws
 * SerialConflict, so the caller's transaction rolls back. Answers the units written.
 */
export async function recordReceivedSerials(
  tx: EntityManager,
  lines: SerialLine[],
  document: SerialDocument,
  userId: number | null,
  /** Where they come in (issue #32); none: the default location. */
  locationId: number | null = null,
): Promise<{ id: number; productId: number; serial: string }[]> {
  const tracked = lines.filter((line) => line.tracking !== "none" && line.serials.length > 0);
  if (tracked.length === 0) return [];
  const rows = tracked.flatMap((line) =>
    line.serials.map((serial) => ({ lineId: line.lineId, productId: line.productId, serial })),
  );
  const { rows: inserted } = await namedSql<{ id: number; product_id: number; serial: string }>(
    tx,
    `insert into serial_unit (product_id, serial, state, received_at, purchase_order_line_id, location_id, created_at, version)
     select r.product_id, r.serial, 'in_stock', now(), r.line_id, ${LOCATION_OR_DEFAULT_SQL}, now(), 1
       from unnest(:products::int[], :serials::text[], :lines::int[]) as r(product_id, serial, line_id)
     on conflict on constraint serial_unit_product_serial_unique do nothing
     returning id, product_id, serial`,
    {
      location: locationId,
      products: rows.map((row) => row.productId),
      serials: rows.map((row) => row.serial),
      // A purchase order's line; another document's units (a supplier claim's replacements) have none.
      lines: rows.map((row) => (document.type === "purchase_order" ? row.lineId : null)),
    },
  );
  if (inserted.length < rows.length) {
    const written = new Set(inserted.map((row) => unitKey(row.product_id, row.serial)));
    throw SerialConflict.of(tracked, written, "known");
  }
  await recordEvents(
    tx,
    inserted.map((row) => row.id),
    "received",
    document,
    userId,
  );
  return inserted.map((row) => ({ id: row.id, productId: row.product_id, serial: row.serial }));
}

/**
 * Units counted into stock without a receipt (a shop's opening stock when it starts tracking a
 * product, the demo's), in stock from now, each with a `counted` event carrying `note` ("opening": the
 * unit page's words for it); in the
 * caller's transaction. A serial the product already knows is left as it is.
 */
export async function recordOpeningSerials(
  tx: EntityManager,
  units: { productId: number; serial: string }[],
  note: string,
  userId: number | null = null,
  /** Where they are (issue #32); none: the default location. */
  locationId: number | null = null,
): Promise<void> {
  if (units.length === 0) return;
  const { rows } = await namedSql<{ id: number }>(
    tx,
    `insert into serial_unit (product_id, serial, state, received_at, location_id, created_at, version)
     select r.product_id, r.serial, 'in_stock', now(), ${LOCATION_OR_DEFAULT_SQL}, now(), 1
       from unnest(:products::int[], :serials::text[]) as r(product_id, serial)
     on conflict on constraint serial_unit_product_serial_unique do nothing
     returning id`,
    {
      location: locationId,
      products: units.map((unit) => unit.productId),
      serials: units.map((unit) => normaliseSerial(unit.serial)),
    },
  );
  await recordEvents(
    tx,
    rows.map((row) => row.id),
    "counted",
    null,
    userId,
    note,
  );
}

/**
 * One event per unit, on one document, by one user, now (or `at`: the demo's history); and, in a request, its line of the audit
 * trail (the unit, its state after the event, the event and the document), in the same transaction.
 */
export async function recordEvents(
  tx: EntityManager,
  unitIds: number[],
  kind: SerialEventKind,
  document: SerialDocument | null,
  userId: number | null,
  note: string | null = null,
  at: Date | null = null,
): Promise<void> {
  if (unitIds.length === 0) return;
  await namedSql(
    tx,
    `insert into serial_event (unit_id, kind, document_type, document_id, document_number, user_id, at, note)
     select u, :kind, :type, :id::int, :number, :userId::int, coalesce(:at::timestamptz, now()), :note
       from unnest(:units::int[]) as u`,
    {
      at,
      kind,
      type: document?.type ?? null,
      id: document?.id ?? null,
      number: document?.number ?? null,
      userId,
      note,
      units: unitIds,
    },
  );
  const actor = auditActor();
  if (!actor) return;
  await namedSql(
    tx,
    `insert into audit_log (user_id, user_name, entity_type, entity_id, entity_label, action, changes, request_id, created_at)
     select :actorId::int, :actorName, 'serial_unit', u.id, left(u.serial || ' · ' || p.name, 255),
            case when :kind in ('received') then 'create' else 'update' end,
            jsonb_build_object('state', jsonb_build_object('to', u.state), 'event', jsonb_build_object('to', :kind::text))
              || case when :number::text is null then '{}'::jsonb
                 else jsonb_build_object('document', jsonb_build_object('to', :number::text)) end,
            :requestId, now()
       from serial_unit u join product p on p.id = u.product_id where u.id = any(:units::int[])`,
    {
      actorId: actor.userId,
      actorName: actor.userName,
      kind,
      number: document?.number ?? null,
      requestId: actor.requestId,
      units: unitIds,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Reads

type UnitData = {
  id: number;
  serial: string;
  state: SerialState;
  product_id: number;
  product_name: string;
  sku: string;
  tracking: TrackingMode;
  received_at: Date | string | null;
};

const UNIT_COLUMNS = `u.id, u.serial, u.state, u.product_id, p.name as product_name, p.sku, p.tracking,
  u.received_at`;

function toSummary(row: UnitData): SerialUnitSummary {
  return {
    id: row.id,
    serial: row.serial,
    state: row.state,
    productId: row.product_id,
    productName: row.product_name,
    sku: row.sku,
    tracking: row.tracking,
    receivedAt: row.received_at ? toIso(row.received_at) : null,
  };
}

/**
 * The units whose serial or IMEI is this one (letter case and spaces around ignored): one, or a
 * few when products of different makers share a serial. Empty for text no serial can be.
 */
export async function findSerialUnits(text: string, tx: EntityManager = em()): Promise<SerialUnitSummary[]> {
  const serial = normaliseSerial(text);
  if (!isStorableSerial(serial)) return [];
  const rows = await tx.execute<UnitData[]>(
    `select ${UNIT_COLUMNS} from serial_unit u join product p on p.id = u.product_id
      where u.serial = ? order by u.id limit 50`,
    [serial],
  );
  return rows.map(toSummary);
}

/** A unit with its product and its timeline (oldest first); null when there is none. */
export async function getSerialUnit(id: number, tx: EntityManager = em()): Promise<SerialUnitRow | null> {
  const [row] = await tx.execute<
    (UnitData & {
      guarantee_months: number | null;
      purchase_order_id: number | null;
      order_id: number | null;
      order_number: string | null;
      customer_id: number | null;
      customer_name: string | null;
      sold_at: Date | string | null;
      guarantee_ends: string | null;
    })[]
  >(
    `select ${UNIT_COLUMNS}, p.guarantee_months, l.purchase_order_id, o.id as order_id, o.order_number,
            c.id as customer_id, ${fullNameSql("c")} as customer_name,
            u.sold_at, to_char(u.guarantee_ends, 'YYYY-MM-DD') as guarantee_ends
       from serial_unit u join product p on p.id = u.product_id
       left join purchase_order_line l on l.id = u.purchase_order_line_id
       left join sales_order_item i on i.id = u.sold_item_id
       left join sales_order o on o.id = i.order_id
       left join customer c on c.id = o.customer_id
      where u.id = ?`,
    [id],
  );
  if (!row) return null;
  const events = await tx.execute<
    {
      id: number;
      kind: SerialEventKind;
      document_type: SerialDocumentType | null;
      document_id: number | null;
      document_number: string | null;
      user_name: string | null;
      at: Date | string;
      note: string | null;
    }[]
  >(
    `select e.id, e.kind, e.document_type, e.document_id, e.document_number, e.at, e.note,
            ${fullNameSql("us")} as user_name
       from serial_event e left join "user" us on us.id = e.user_id
      where e.unit_id = ? order by e.at, e.id`,
    [id],
  );
  return {
    ...toSummary(row),
    guaranteeMonths: row.guarantee_months,
    purchaseOrderId: row.purchase_order_id,
    sale:
      row.order_id !== null && row.order_number !== null && row.sold_at !== null
        ? {
            orderId: row.order_id,
            orderNumber: row.order_number,
            customerId: row.customer_id,
            customerName: row.customer_name,
            soldAt: toIso(row.sold_at),
            guaranteeEnds: row.guarantee_ends,
          }
        : null,
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      documentType: event.document_type,
      documentId: event.document_id,
      documentNumber: event.document_number,
      user: event.user_name,
      at: toIso(event.at),
      note: event.note,
    })),
  };
}
