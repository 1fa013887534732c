import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";
import type { TrackingMode } from "~/models/product/tracking";
import { LOCATION_OR_DEFAULT_SQL, recordEvents, type SerialDocument } from "./serial.server";
import { type SerialProblem, serialListProblems } from "./serial-list";
import type { SerialState } from "./serial-state";

/**
 * A stock count of serial-tracked products (issue #31): the serials found on the shelf against the
 * units the shop has, and what the count's commit does to the units, in the commit's transaction.
 * The count keeps its lines and their serials (stock-count/); this module knows the units.
 */

/** A problem of a line's serial list; `counted`: already on the line (a list added to it). */
export type CountSerialProblem = SerialProblem | { problem: "counted"; serial: string };

/**
 * Everything wrong with the serials given for a count line, each serial named: twice in the list,
 * too long or unprintable, not an IMEI (an IMEI product), or already on the line when the list is
 * added to it. Any number may be counted, so there is no count to match; the serials the shop
 * does not know are what the count is for, so they are not refused.
 */
export function countSerialProblems(
  serials: string[],
  tracking: Exclude<TrackingMode, "none">,
  onLine: ReadonlySet<string> = new Set(),
): CountSerialProblem[] {
  const problems: CountSerialProblem[] = serialListProblems(serials, tracking, serials.length);
  for (const serial of new Set(serials))
    if (onLine.has(serial)) problems.push({ problem: "counted", serial });
  return problems;
}

/** The serials of one count line, as the checks see them. */
export type CountedSerials = {
  lineId: number;
  productId: number;
  /** the serials scanned on the line */
  serials: string[];
  /** the count's location (issue #32): the units expected are those in stock there */
  locationId: number;
  /**
   * When the line was last counted: a unit whose timeline moved since (received, returned to
   * stock) was not on the shelf then, so it is not judged missing.
   */
  countedAt: Date | string;
};

/** A serial scanned that is not a unit of the product in stock. */
export type UnexpectedSerial = {
  serial: string;
  /** the unit's state; null: the shop does not know the serial for this product */
  state: SerialState | null;
  unitId: number | null;
  /** a sold unit's order (when its line is still there) */
  orderId: number | null;
  orderNumber: string | null;
  /** a unit in stock at another location than the count's: that location's name (issue #32) */
  locationName: string | null;
};

export type MissingSerial = { unitId: number; serial: string };

/** What a count's lines found: per line id, the serials missing and the unexpected ones. */
export type SerialCountFindings = Map<number, { missing: MissingSerial[]; unexpected: UnexpectedSerial[] }>;

/**
 * States a counted serial may be found in and brought back to stock by the commit: a unit written
 * off (a count found it missing before) that is on the shelf after all. Any other state (sold,
 * returned, defective, at the supplier) belongs to its own document: the commit is refused naming
 * it, never changing it silently (docs/decisions.md).
 */
const FOUND_AGAIN: ReadonlySet<SerialState> = new Set(["scrapped"]);

/** Whether an unexpected serial keeps the count from being committed. */
export function blocksCommit(serial: Pick<UnexpectedSerial, "state">): boolean {
  return serial.state !== null && !FOUND_AGAIN.has(serial.state);
}

/**
 * The scanned serials that are not a unit of their product in stock at the line's location, each
 * with what it is: a unit in stock at another location is named with its place (it blocks the
 * commit: a count never moves a unit between locations silently; a transfer does).
 */
export async function unexpectedSerials(
  tx: EntityManager,
  lines: Omit<CountedSerials, "countedAt">[],
): Promise<Map<number, UnexpectedSerial[]>> {
  const asked = lines.flatMap((line) =>
    line.serials.map((serial) => ({
      lineId: line.lineId,
      productId: line.productId,
      locationId: line.locationId,
      serial,
    })),
  );
  const found = new Map<number, UnexpectedSerial[]>();
  if (asked.length === 0) return found;
  const { rows } = await namedSql<{
    line_id: number;
    serial: string;
    unit_id: number | null;
    state: SerialState | null;
    order_id: number | null;
    order_number: string | null;
    location_name: string | null;
  }>(
    tx,
    `select asked.line_id, asked.serial, u.id as unit_id, u.state, o.id as order_id, o.order_number,
         case when u.state = 'in_stock' then place.name end as location_name
       from unnest(:lines::int[], :products::int[], :serials::text[], :places::int[])
         as asked(line_id, product_id, serial, location_id)
       left join serial_unit u on u.product_id = asked.product_id and u.serial = asked.serial
       left join location place on place.id = u.location_id
       left join sales_order_item i on i.id = u.sold_item_id and u.state = 'sold'
       left join sales_order o on o.id = i.order_id
      where u.id is null or u.state <> 'in_stock' or u.location_id <> asked.location_id
      order by asked.line_id, asked.serial`,
    {
      places: asked.map((row) => row.locationId),
      lines: asked.map((row) => row.lineId),
      products: asked.map((row) => row.productId),
      serials: asked.map((row) => row.serial),
    },
  );
  for (const row of rows) {
    const list = found.get(row.line_id) ?? [];
    found.set(row.line_id, list);
    list.push({
      serial: row.serial,
      state: row.state,
      unitId: row.unit_id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      locationName: row.location_name,
    });
  }
  return found;
}

/**
 * The units of each line's product in stock at the line's location that were not scanned, serial
 * order; a unit whose timeline moved after the line was counted is left out (it came in since).
 */
export async function missingSerials(
  tx: EntityManager,
  lines: CountedSerials[],
): Promise<Map<number, MissingSerial[]>> {
  const found = new Map<number, MissingSerial[]>();
  if (lines.length === 0) return found;
  const scanned = lines.flatMap((line) => line.serials.map((serial) => ({ lineId: line.lineId, serial })));
  const { rows } = await namedSql<{ line_id: number; unit_id: number; serial: string }>(
    tx,
    `with scanned(line_id, serial) as (select * from unnest(:scannedLines::int[], :scannedSerials::text[]))
     select asked.line_id, u.id as unit_id, u.serial
       from unnest(:lines::int[], :products::int[], :times::timestamptz[], :places::int[])
         as asked(line_id, product_id, counted_at, location_id)
       join serial_unit u on u.product_id = asked.product_id and u.state = 'in_stock'
         and u.location_id = asked.location_id
      where not exists (select 1 from scanned s where s.line_id = asked.line_id and s.serial = u.serial)
        and not exists (select 1 from serial_event e where e.unit_id = u.id and e.at > asked.counted_at)
      order by asked.line_id, u.serial`,
    {
      scannedLines: scanned.map((row) => row.lineId),
      scannedSerials: scanned.map((row) => row.serial),
      lines: lines.map((line) => line.lineId),
      products: lines.map((line) => line.productId),
      times: lines.map((line) => new Date(line.countedAt).toISOString()),
      places: lines.map((line) => line.locationId),
    },
  );
  for (const row of rows) {
    const list = found.get(row.line_id) ?? [];
    found.set(row.line_id, list);
    list.push({ unitId: row.unit_id, serial: row.serial });
  }
  return found;
}

/** Both findings of the lines at once. */
export async function serialCountFindings(
  tx: EntityManager,
  lines: CountedSerials[],
): Promise<SerialCountFindings> {
  const [missing, unexpected] = await Promise.all([missingSerials(tx, lines), unexpectedSerials(tx, lines)]);
  return new Map(
    lines.map((line) => [
      line.lineId,
      { missing: missing.get(line.lineId) ?? [], unexpected: unexpected.get(line.lineId) ?? [] },
    ]),
  );
}

/**
 * Thrown inside a count's commit when a unit changed between the findings and the writes (a
 * receipt of the same serial at that moment): the transaction rolls back; the serials are named.
 */
export class SerialCountConflict extends Error {
  constructor(readonly serials: string[]) {
    super("A counted serial changed while the count was committed");
  }
}

/**
 * What a committed count does to the units, in its transaction, after the caller refused every
 * finding that `blocksCommit`: each missing unit is written off (`scrapped`) and each serial found
 * (unknown to the shop, or written off before) is a unit in stock, each with a `counted` event on
 * the count noted "missing" or "found"; the units found where expected get a `counted` event with
 * no note (seen on the shelf). The units found are at the count's location (issue #32). Returns
 * how many units went each way.
 */
export async function recordCountedSerials(
  tx: EntityManager,
  lines: {
    productId: number;
    /** the serials scanned */
    serials: string[];
    findings: { missing: MissingSerial[]; unexpected: UnexpectedSerial[] };
  }[],
  document: SerialDocument,
  userId: number | null,
  locationId: number,
): Promise<{ missing: number; found: number }> {
  const present = lines.flatMap((line) => {
    const unexpected = new Set(line.findings.unexpected.map((serial) => serial.serial));
    return line.serials
      .filter((serial) => !unexpected.has(serial))
      .map((serial) => ({ productId: line.productId, serial }));
  });
  const { rows: seen } = await namedSql<{ id: number }>(
    tx,
    `select u.id from serial_unit u
       join unnest(:products::int[], :serials::text[]) as r(product_id, serial)
         on u.product_id = r.product_id and u.serial = r.serial
      where u.state = 'in_stock'`,
    { products: present.map((row) => row.productId), serials: present.map((row) => row.serial) },
  );
  const missing = lines.flatMap((line) => line.findings.missing.map((unit) => unit.unitId));
  const unknown = lines.flatMap((line) =>
    line.findings.unexpected
      .filter((serial) => serial.state === null)
      .map((serial) => ({ productId: line.productId, serial: serial.serial })),
  );
  const again = lines.flatMap((line) =>
    line.findings.unexpected.filter((serial) => serial.state !== null && !blocksCommit(serial)),
  );
  // Only what is still in stock: a unit sold meanwhile is no longer the count's to write off.
  const { rows: written } = await namedSql<{ id: number }>(
    tx,
    `update serial_unit set state = 'scrapped', version = version + 1
      where id = any(:ids::int[]) and state = 'in_stock' returning id`,
    { ids: missing },
  );
  const { rows: inserted } = await namedSql<{ id: number; serial: string }>(
    tx,
    `insert into serial_unit (product_id, serial, state, location_id, created_at, version)
     select r.product_id, r.serial, 'in_stock', ${LOCATION_OR_DEFAULT_SQL}, now(), 1
       from unnest(:products::int[], :serials::text[]) as r(product_id, serial)
     on conflict on constraint serial_unit_product_serial_unique do nothing
     returning id, serial`,
    {
      location: locationId,
      products: unknown.map((row) => row.productId),
      serials: unknown.map((row) => row.serial),
    },
  );
  const { rows: back } = await namedSql<{ id: number; serial: string }>(
    tx,
    `update serial_unit set state = 'in_stock', location_id = :location, version = version + 1
      where id = any(:ids::int[]) and state = 'scrapped' returning id, serial`,
    { ids: again.map((serial) => serial.unitId as number), location: locationId },
  );
  const done = new Set([...inserted, ...back].map((row) => row.serial));
  const lost = [...unknown, ...again].map((row) => row.serial).filter((serial) => !done.has(serial));
  if (lost.length > 0) throw new SerialCountConflict([...new Set(lost)].sort());
  await recordEvents(
    tx,
    seen.map((row) => row.id),
    "counted",
    document,
    userId,
  );
  await recordEvents(
    tx,
    written.map((row) => row.id),
    "counted",
    document,
    userId,
    "missing",
  );
  await recordEvents(
    tx,
    [...inserted, ...back].map((row) => row.id),
    "counted",
    document,
    userId,
    "found",
  );
  return { missing: written.length, found: inserted.length + back.length };
}
