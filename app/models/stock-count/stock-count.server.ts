import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { fullNameSql, namedSql } from "~/infra/sql.server";
import type {
  countLineAnswer,
  countSummaryAnswer,
  stockCountAnswer,
} from "~/models/api-doc/response-schemas";
import { todayIn } from "~/models/campaign/campaign-status";
import { Category } from "~/models/category/category.entity";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { Location } from "~/models/location/location.entity";
import { activeLocations, isActiveLocation, workLocationId } from "~/models/location/location.server";
import { type ExpectedVersion, type LockRefusal, lockForChange } from "~/models/locked.server";
import { findProductByCode } from "~/models/product/product-reads.server";
import { valueAtCostSql } from "~/models/product/stock-value-sql";
import type { TrackingMode } from "~/models/product/tracking";
import {
  blocksCommit,
  type CountedSerials,
  type CountSerialProblem,
  countSerialProblems,
  type MissingSerial,
  missingSerials,
  recordCountedSerials,
  SerialCountConflict,
  type UnexpectedSerial,
  unexpectedSerials,
} from "~/models/serial/serial-count.server";
import type { SerialState } from "~/models/serial/serial-state";
import { changeStock, type StockChange } from "~/models/stock/stock-ledger.server";
import { User } from "~/models/user/user.entity";
import type { CountStatus, LineMode } from "./stock-count";
import { MAX_COUNTED } from "./stock-count";
import { StockCount } from "./stock-count.entity";
import type { NewCountInput } from "./stock-count-schema";

/**
 * Stock counts (issue #15 item 5): a count's lines are upserted as staff scan (one line per
 * product, scans adding up; unknown codes kept as lines of their own, to be listed, not to stop
 * the scanning); every problem is read at once (unknown codes, products in scope not counted,
 * counted products outside the scope, lines that would take stock below zero); the commit moves
 * every difference through the product's write path (`changeStock`, reason "count") in one
 * transaction and one batched call, and stamps each counted product's last counted time.
 *
 * Sales during an open count: a line keeps the product's stock as it was when the line was last
 * counted (`expected`), and the commit moves the current stock by counted - expected, so a sale
 * recorded after the line was counted stays taken out.
 *
 * A serial-tracked product (issue #31) is counted by its serials: its line keeps the serials
 * found on the shelf (`stock_count_serial`) and counts their number; it lists the units in stock
 * not scanned (missing) and the serials scanned that are not a unit in stock (unexpected), and the
 * commit writes the missing units off and takes the unknown ones into stock (serial-count.server.ts).
 */

/**
 * A stock count as the pages read it and /api answers it. Its type is the schema that documents the answer
 * (response-schemas.ts).
 */
export type StockCountRow = z.output<typeof stockCountAnswer>;

/** A person's name as the lists show it: first and last name, else the e-mail. */
const userName = (alias: string) => `coalesce(${fullNameSql(alias)}, ${alias}.email)`;

const COUNT_SELECT = `select c.id, c.number, c.scope, c.location_id as "locationId",
    place.name as "locationName", c.category_id as "categoryId",
    k.name as "categoryName", c.shelf, c.not_counted_days as "notCountedDays", c.status,
    c.zero_uncounted as "zeroUncounted", c.note, c.created_by_id as "createdById",
    ${userName("u")} as "createdByName", c.created_at as "createdAt", c.committed_at as "committedAt",
    ${userName("v")} as "committedByName", c.cancelled_at as "cancelledAt", c.version,
    (select count(*) from stock_count_line l where l.count_id = c.id and l.product_id is not null)::int as lines,
    (select count(*) from stock_count_line l where l.count_id = c.id and l.product_id is null)::int as "unknownCodes"
  from stock_count c
  join location place on place.id = c.location_id
  left join category k on k.id = c.category_id
  left join "user" u on u.id = c.created_by_id
  left join "user" v on v.id = c.committed_by_id`;

type CountData = Omit<StockCountRow, "createdAt" | "committedAt" | "cancelledAt"> & {
  createdAt: Date | string;
  committedAt: Date | string | null;
  cancelledAt: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toCount(row: CountData): StockCountRow {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    committedAt: iso(row.committedAt),
    cancelledAt: iso(row.cancelledAt),
  };
}

export async function getStockCount(id: number, db: EntityManager = em()): Promise<StockCountRow | null> {
  const [row] = await db.execute<CountData[]>(`${COUNT_SELECT} where c.id = ?`, [id]);
  return row ? toCount(row) : null;
}

/** A page of counts, newest first, and how many there are. */
export async function listStockCounts(
  filters: { status?: CountStatus | null; limit: number; offset: number },
  db: EntityManager = em(),
): Promise<{ counts: StockCountRow[]; total: number }> {
  const where = filters.status ? "where c.status = ?" : "";
  const params = filters.status ? [filters.status] : [];
  const [rows, [{ total }]] = await Promise.all([
    db.execute<CountData[]>(
      `${COUNT_SELECT} ${where} order by c.created_at desc, c.id desc limit ? offset ?`,
      [...params, filters.limit, filters.offset],
    ),
    db.execute<{ total: number }[]>(`select count(*)::int as total from stock_count c ${where}`, params),
  ]);
  return { counts: rows.map(toCount), total };
}

type ScopeFacts = Pick<
  StockCountRow,
  "scope" | "locationId" | "categoryId" | "shelf" | "notCountedDays" | "createdAt"
>;

/**
 * The count's location's stock of the product `p` (issue #32), as SQL: `HERE` reads it once the
 * query joins `placeJoin` (no row there: none).
 */
const HERE = "coalesce(ps.quantity, 0)";

/** Joins the product `p`'s stock row at the count's location as `ps` (an id read from the count, never input). */
function placeJoin(locationId: number) {
  if (!Number.isSafeInteger(locationId)) throw new Error(`Not a location id: ${locationId}`);
  return `left join product_stock ps on ps.product_id = p.id and ps.location_id = ${locationId}`;
}

/** The same for a line's product, the count's location read from the line's count. */
const LINE_PLACE_JOIN = `left join product_stock ps on ps.product_id = l.product_id
    and ps.location_id = (select location_id from stock_count where id = l.count_id)`;

/**
 * Whether the product `p` is in the count's scope, as SQL with its parameters: the whole shop, a
 * category and its subcategories at any depth, or a shelf (the product's shelf at the count's
 * location, in any letter case); with `notCountedDays`, only products never counted at the
 * count's location or last counted there that many days before the count began.
 */
function scopeSql(count: ScopeFacts): { sql: string; test: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (count.scope === "category") {
    if (count.categoryId === null) parts.push("false");
    else {
      parts.push(`p.category_id = any(array(with recursive tree(id) as (
          select id from category where id = ?
          union all select k.id from category k join tree on k.parent_id = tree.id)
        select id from tree))`);
      params.push(count.categoryId);
    }
  } else if (count.scope === "shelf") {
    // The product's shelf at the count's location (issue #32), in any letter case.
    parts.push(`exists (select 1 from product_stock sh where sh.product_id = p.id
        and sh.location_id = ? and sh.shelf is not null and lower(sh.shelf) = lower(?))`);
    params.push(count.locationId, count.shelf);
  }
  if (count.notCountedDays) {
    // Not counted at the count's location (issue #32) in that many days: a count elsewhere does
    // not count here.
    parts.push(`not exists (select 1 from product_stock lc where lc.product_id = p.id and lc.location_id = ?
        and lc.last_counted_at >= ?::timestamptz - make_interval(days => ?))`);
    params.push(count.locationId, count.createdAt, count.notCountedDays);
  }
  const sql = parts.length ? `(${parts.join(" and ")})` : "true";
  // `sql` filters (a null is no match, and the location index serves it); `test` is a true or
  // false of its own (a product without a category or a location is outside, not unknown).
  return { sql, test: parts.length ? `coalesce(${sql}, false)` : "true", params };
}

/** A line's difference at cost (purchase price excl. VAT x difference, to the cent): kept once committed. */
const LINE_VALUE = `coalesce(l.value_difference, ${valueAtCostSql((name) =>
  name === "stock_level" ? "(l.counted - l.expected)" : `p.${name}`,
)})`;

/**
 * A count's totals, as the pages read them and /api answers them. Its type is the schema that documents the
 * answer (response-schemas.ts).
 */
export type CountSummary = z.output<typeof countSummaryAnswer>;

/** The count's totals in one pass over its lines (and, while open, one count of its scope). */
export async function countSummary(count: StockCountRow, db: EntityManager = em()): Promise<CountSummary> {
  const open = count.status === "open";
  const scope = open ? scopeSql(count) : { test: "true", params: [] };
  const [row] = await db.execute<Record<string, string | number>[]>(
    `with v as (
       select l.product_id, l.counted, l.expected, ${HERE} as stock_level, ${LINE_VALUE} as value,
         (p.id is null or ${scope.test}) as in_scope
       from stock_count_line l left join product p on p.id = l.product_id ${LINE_PLACE_JOIN}
       where l.count_id = ?)
     select count(product_id)::int as lines, (count(*) - count(product_id))::int as "unknownCodes",
       coalesce(sum(counted) filter (where product_id is not null), 0)::bigint::text as "countedUnits",
       coalesce(sum(expected), 0)::bigint::text as "expectedUnits",
       coalesce(sum(counted - expected), 0)::bigint::text as "differenceUnits",
       count(*) filter (where counted <> expected)::int as "withDifference",
       coalesce(sum(value) filter (where value > 0), 0)::numeric(16, 2)::text as "surplusValue",
       coalesce(sum(value) filter (where value < 0), 0)::numeric(16, 2)::text as "shortageValue",
       coalesce(sum(value), 0)::numeric(16, 2)::text as "differenceValue",
       count(*) filter (where not in_scope)::int as "outsideScope",
       count(*) filter (where stock_level + counted - expected < 0)::int as "belowZero"
     from v`,
    [...scope.params, count.id],
  );
  const notCounted = open ? await countNotCounted(count, db) : 0;
  return {
    lines: Number(row.lines),
    unknownCodes: Number(row.unknownCodes),
    countedUnits: Number(row.countedUnits),
    expectedUnits: Number(row.expectedUnits),
    differenceUnits: Number(row.differenceUnits),
    withDifference: Number(row.withDifference),
    surplusValue: String(row.surplusValue),
    shortageValue: String(row.shortageValue),
    differenceValue: String(row.differenceValue),
    notCounted,
    outsideScope: open ? Number(row.outsideScope) : 0,
    belowZero: open ? Number(row.belowZero) : 0,
  };
}

/** Products in the count's scope without a line in it. */
async function countNotCounted(count: StockCountRow, db: EntityManager) {
  const scope = scopeSql(count);
  const [{ total }] = await db.execute<{ total: number }[]>(
    `select count(*)::int as total from product p where ${scope.sql}
       and not exists (select 1 from stock_count_line l where l.count_id = ? and l.product_id = p.id)`,
    [...scope.params, count.id],
  );
  return total;
}

/**
 * A count's line, as the pages read it and /api answers it. Its type is the schema that documents the answer
 * (response-schemas.ts).
 */
export type CountLineRow = z.output<typeof countLineAnswer>;

type LineData = Omit<CountLineRow, "countedAt" | "serials"> & { countedAt: Date | string };

function lineQuery(count: StockCountRow, where: string) {
  const open = count.status === "open";
  const scope = open ? scopeSql(count) : { test: "true", params: [] };
  return {
    sql: `select l.id, l.product_id as "productId", l.code, p.name, p.sku, l.counted, l.expected,
        (l.counted - l.expected) as difference, (${LINE_VALUE})::text as "differenceValue",
        case when p.id is not null then ${HERE} end as "stockNow", l.counted_at as "countedAt",
        ${userName("u")} as "countedByName", (p.id is null or ${scope.test}) as "inScope",
        coalesce(${open ? `${HERE} + l.counted - l.expected < 0` : "false"}, false) as "belowZero",
        p.tracking
      from stock_count_line l
      left join product p on p.id = l.product_id
      ${LINE_PLACE_JOIN}
      left join "user" u on u.id = l.counted_by_id
      where l.count_id = ? ${where}`,
    params: [...scope.params, count.id],
  };
}

/** The lines with their serials (serial-tracked products'; null for the others). */
async function toLines(count: StockCountRow, rows: LineData[], db: EntityManager): Promise<CountLineRow[]> {
  const serials = await countLineSerials(count, rows, db);
  return rows.map((row) => ({
    ...row,
    countedAt: new Date(row.countedAt).toISOString(),
    serials: serials.get(row.id) ?? null,
  }));
}

/** A serial-tracked line's serials, as the pages read them and /api answers them. */
export type LineSerials = NonNullable<CountLineRow["serials"]>;

/**
 * The serials of these lines of the count, by line id: the lines of serial-tracked products and
 * any line that kept serials. While the count is open, what is missing and unexpected is read
 * from the units as they are now; once committed, as the commit found them; a cancelled count
 * keeps only what was scanned.
 */
export async function countLineSerials(
  count: Pick<StockCountRow, "status" | "locationId">,
  lines: { id: number; productId: number | null; tracking: TrackingMode | null; countedAt: Date | string }[],
  db: EntityManager = em(),
): Promise<Map<number, LineSerials>> {
  const known = lines.filter((line) => line.productId !== null);
  const result = new Map<number, LineSerials>();
  if (known.length === 0) return result;
  const rows = await db.execute<
    {
      lineId: number;
      serial: string;
      missing: boolean;
      unitState: SerialState | null;
      unitId: number | null;
    }[]
  >(
    `select s.line_id as "lineId", s.serial, s.missing, s.unit_state as "unitState", u.id as "unitId"
       from stock_count_serial s
       join stock_count_line l on l.id = s.line_id
       left join serial_unit u on u.product_id = l.product_id and u.serial = s.serial
      where s.line_id in (${known.map(() => "?").join(", ")})
      order by s.line_id, s.missing, s.id`,
    known.map((line) => line.id),
  );
  const byLine = new Map<number, typeof rows>();
  for (const row of rows) byLine.set(row.lineId, [...(byLine.get(row.lineId) ?? []), row]);
  const tracked = known.filter((line) => (line.tracking ?? "none") !== "none" || byLine.has(line.id));
  const scanned = (id: number) => (byLine.get(id) ?? []).filter((row) => !row.missing);
  if (count.status === "open") {
    const asked: CountedSerials[] = tracked.map((line) => ({
      lineId: line.id,
      productId: line.productId as number,
      serials: scanned(line.id).map((row) => row.serial),
      countedAt: line.countedAt,
      locationId: count.locationId,
    }));
    const [missing, unexpected] = await Promise.all([
      missingSerials(db, asked),
      unexpectedSerials(db, asked),
    ]);
    for (const line of asked)
      result.set(line.lineId, {
        counted: line.serials,
        missing: (missing.get(line.lineId) ?? []).map((unit) => unit.serial),
        unexpected: unexpected.get(line.lineId) ?? [],
      });
    return result;
  }
  const committed = count.status === "committed";
  for (const line of tracked) {
    const all = byLine.get(line.id) ?? [];
    result.set(line.id, {
      counted: scanned(line.id).map((row) => row.serial),
      missing: committed ? all.filter((row) => row.missing).map((row) => row.serial) : [],
      unexpected: committed
        ? scanned(line.id)
            .filter((row) => row.unitState !== "in_stock")
            .map((row) => ({
              serial: row.serial,
              state: row.unitState,
              unitId: row.unitId,
              orderId: null,
              orderNumber: null,
              locationName: null,
            }))
        : [],
    });
  }
  return result;
}

/**
 * A page of the count's lines: newest first (the last scan on top), or with `differences` only
 * the lines with a difference, the largest at cost first (the variance list).
 */
export async function listCountLines(
  count: StockCountRow,
  page: { limit: number; offset: number; differences?: boolean },
  db: EntityManager = em(),
): Promise<{ lines: CountLineRow[]; total: number }> {
  const where = page.differences ? "and l.counted <> l.expected" : "";
  const query = lineQuery(count, where);
  const order = page.differences
    ? `order by abs(${LINE_VALUE}) desc, abs(l.counted - l.expected) desc, l.id`
    : "order by l.counted_at desc, l.id desc";
  const [rows, [{ total }]] = await Promise.all([
    db.execute<LineData[]>(`${query.sql} ${order} limit ? offset ?`, [
      ...query.params,
      page.limit,
      page.offset,
    ]),
    db.execute<{ total: number }[]>(
      `select count(*)::int as total from stock_count_line l where l.count_id = ? ${where}`,
      [count.id],
    ),
  ]);
  return { lines: await toLines(count, rows, db), total };
}

/** Every line of the count, a page at a time in id order: the variance file. */
export async function* countLinePages(
  count: StockCountRow,
  pageSize = 1000,
  db: EntityManager = em(),
): AsyncGenerator<CountLineRow[]> {
  let after = 0;
  for (;;) {
    const query = lineQuery(count, "and l.id > ?");
    const rows = await db.execute<LineData[]>(`${query.sql} order by l.id limit ?`, [
      ...query.params,
      after,
      pageSize,
    ]);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    yield await toLines(count, rows, db);
    if (rows.length < pageSize) return;
  }
}

type ProductBrief = { id: number; name: string; sku: string; stockLevel: number };

export type CountProblems = {
  /** codes no product has: the commit waits until they are removed (or the product is made and rescanned) */
  unknownCodes: { id: number; code: string; counted: number }[];
  /** lines whose difference would take the stock below zero now (sold since they were counted): recount them */
  belowZero: (ProductBrief & { lineId: number; counted: number; expected: number })[];
  /** products in scope nobody counted: left as they are, or set to zero by the commit's choice */
  notCounted: { total: number; sample: ProductBrief[] };
  /** counted products outside the scope: committed like the others */
  outsideScope: { total: number; sample: ProductBrief[] };
  /** serials scanned whose unit is sold, returned, defective or at the supplier: the commit waits */
  unexpectedSerials: BlockingSerial[];
  /** serial-tracked products counted by quantity (tracked since): the commit waits for their serials */
  countBySerials: (ProductBrief & { lineId: number; counted: number; serials: number })[];
};

/** A serial scanned whose unit is in a state the count does not change, with its line's product. */
export type BlockingSerial = UnexpectedSerial & {
  state: SerialState;
  lineId: number;
  productId: number;
  name: string;
  sku: string;
};

const PROBLEMS_LISTED = 500;
const SAMPLE = 10;

/**
 * Every problem of an open count at once (a closed one has none). `notCounted`, when the caller
 * has it (the summary's), saves counting the scope again.
 */
export async function countProblems(
  count: StockCountRow,
  db: EntityManager = em(),
  notCounted?: number,
): Promise<CountProblems> {
  if (count.status !== "open") {
    return {
      unknownCodes: [],
      belowZero: [],
      notCounted: { total: 0, sample: [] },
      outsideScope: { total: 0, sample: [] },
      unexpectedSerials: [],
      countBySerials: [],
    };
  }
  const scope = scopeSql(count);
  // What the count's location holds (issue #32).
  const brief = `p.id, p.name, p.sku, ${HERE} as "stockLevel"`;
  const here = placeJoin(count.locationId);
  const [unknownCodes, belowZero, notCountedSample, notCountedTotal, outside, serials] = await Promise.all([
    db.execute<{ id: number; code: string; counted: number }[]>(
      `select l.id, l.code, l.counted from stock_count_line l
        where l.count_id = ? and l.product_id is null order by l.counted_at desc, l.id desc limit ?`,
      [count.id, PROBLEMS_LISTED],
    ),
    db.execute<(ProductBrief & { lineId: number; counted: number; expected: number })[]>(
      `select ${brief}, l.id as "lineId", l.counted, l.expected
        from stock_count_line l join product p on p.id = l.product_id ${here}
        where l.count_id = ? and ${HERE} + l.counted - l.expected < 0 order by lower(p.name), p.id limit ?`,
      [count.id, PROBLEMS_LISTED],
    ),
    db.execute<ProductBrief[]>(
      `select ${brief} from product p ${here} where ${scope.sql}
        and not exists (select 1 from stock_count_line l where l.count_id = ? and l.product_id = p.id)
        order by lower(p.name), p.id limit ?`,
      [...scope.params, count.id, SAMPLE],
    ),
    notCounted ?? countNotCounted(count, db),
    db.execute<(ProductBrief & { total: number })[]>(
      `select ${brief}, count(*) over ()::int as total
        from stock_count_line l join product p on p.id = l.product_id ${here}
        where l.count_id = ? and not ${scope.test} order by lower(p.name), p.id limit ?`,
      [count.id, ...scope.params, SAMPLE],
    ),
    serialProblems(count, db),
  ]);
  return {
    ...serials,
    unknownCodes,
    belowZero,
    notCounted: { total: notCountedTotal, sample: notCountedSample },
    outsideScope: {
      total: outside[0]?.total ?? 0,
      sample: outside.map(({ total: _, ...product }) => product),
    },
  };
}

/** A count's serial problems: what keeps it from its commit, the first PROBLEMS_LISTED of each. */
async function serialProblems(
  count: Pick<StockCountRow, "id" | "locationId">,
  db: EntityManager,
): Promise<Pick<CountProblems, "unexpectedSerials" | "countBySerials">> {
  const countId = count.id;
  const [scanned, countBySerials] = await Promise.all([
    db.execute<{ lineId: number; productId: number; name: string; sku: string; serial: string }[]>(
      `select l.id as "lineId", p.id as "productId", p.name, p.sku, s.serial
         from stock_count_serial s
         join stock_count_line l on l.id = s.line_id
         join product p on p.id = l.product_id
        where l.count_id = ? and p.tracking <> 'none' and not s.missing
        order by lower(p.name), p.id, s.serial`,
      [countId],
    ),
    db.execute<CountProblems["countBySerials"]>(
      `select p.id, p.name, p.sku, ${HERE} as "stockLevel", l.id as "lineId", l.counted, n.serials
         from stock_count_line l
         join product p on p.id = l.product_id
         ${placeJoin(count.locationId)}
         cross join lateral (select count(*)::int as serials from stock_count_serial s
                              where s.line_id = l.id and not s.missing) n
        where l.count_id = ? and p.tracking <> 'none' and l.counted <> n.serials
        order by lower(p.name), p.id limit ?`,
      [countId, PROBLEMS_LISTED],
    ),
  ]);
  return { unexpectedSerials: await blockingSerials(db, scanned, count.locationId), countBySerials };
}

/** The serials of these scanned ones whose unit is in a state the count leaves to its own document. */
async function blockingSerials(
  db: EntityManager,
  scanned: { lineId: number; productId: number; name: string; sku: string; serial: string }[],
  locationId: number,
  limit = PROBLEMS_LISTED,
): Promise<BlockingSerial[]> {
  const lines = new Map<number, CountedSerials & { name: string; sku: string }>();
  for (const row of scanned) {
    const line = lines.get(row.lineId) ?? { ...row, serials: [], countedAt: new Date(), locationId };
    lines.set(row.lineId, line);
    line.serials.push(row.serial);
  }
  const unexpected = await unexpectedSerials(db, [...lines.values()]);
  return [...lines.values()]
    .flatMap((line) =>
      (unexpected.get(line.lineId) ?? []).filter(blocksCommit).map((serial) => ({
        ...serial,
        state: serial.state as SerialState,
        lineId: line.lineId,
        productId: line.productId,
        name: line.name,
        sku: line.sku,
      })),
    )
    .slice(0, limit);
}

/** The locations a new count may be at (the active ones, by name) and the one chosen at first. */
export type CountLocationOptions = { options: { id: number; name: string }[]; chosen: number };

/** The new count form's locations: the active ones, the staff member's work location chosen (issue #32). */
export async function countLocationOptions(
  userId: number | null,
  db: EntityManager = em(),
): Promise<CountLocationOptions> {
  const [options, chosen] = await Promise.all([activeLocations(db), workLocationId(db, userId)]);
  return { options, chosen };
}

export type CreateCountResult =
  | { ok: true; count: StockCountRow }
  | { ok: false; reason: "unknownCategory" | "unknownLocation" };

/**
 * Opens a count, numbered in its transaction (a rolled-back one gives its number back), at the
 * location named (an active one) or else at the staff member's work location (issue #32).
 */
export async function createStockCount(
  input: NewCountInput,
  userId: number | null,
): Promise<CreateCountResult> {
  return em().transactional(async (tx) => {
    if (input.categoryId !== null && (await tx.count(Category, { id: input.categoryId })) === 0) {
      return { ok: false, reason: "unknownCategory" } as const;
    }
    const locationId = input.locationId ?? (await workLocationId(tx, userId));
    if (!(await isActiveLocation(tx, locationId))) return { ok: false, reason: "unknownLocation" } as const;
    const [number] = await nextDocumentNumbers(tx, "IC", Number(todayIn(SHOP_TIME_ZONE).slice(0, 4)));
    const count = tx.create(StockCount, {
      number,
      scope: input.scope,
      location: tx.getReference(Location, locationId),
      category: input.categoryId === null ? null : tx.getReference(Category, input.categoryId),
      shelf: input.shelf,
      notCountedDays: input.notCountedDays,
      note: input.note,
      status: "open",
      createdBy: userId ? tx.getReference(User, userId) : null,
    });
    await tx.flush();
    return { ok: true, count: (await getStockCount(count.id, tx)) as StockCountRow } as const;
  });
}

/** What a scan or a typed quantity names: a product by code (SKU, barcode, EAN) or by id. */
export type LineInput = {
  code: string | null;
  productId: number | null;
  /** null: one unit (a scan) */
  quantity: number | null;
  mode: LineMode;
  /**
   * A set's line as its person read it (the counted figure on their screen): the set is refused
   * when someone counted the line since, so two people setting one line never overwrite each
   * other unseen. Null: no check (a scan adds, and an API client may choose to overwrite).
   */
  previous?: number | null;
  /**
   * A serial-tracked product's serials found on the shelf (issue #31), normalised: `set` makes
   * them the line's, `add` adds them to it. The line counts their number; a quantity is refused.
   */
  serials?: string[] | null;
};

export type CountedLine = {
  id: number;
  productId: number | null;
  code: string | null;
  name: string | null;
  sku: string | null;
  counted: number;
  expected: number | null;
  tracking: TrackingMode | null;
  /** a serial-tracked product's serials, missing and unexpected ones */
  serials: LineSerials | null;
};

export type LineResult =
  | { ok: true; line: CountedLine }
  | {
      ok: false;
      reason:
        | LockRefusal
        | "closed"
        | "productNotFound"
        | "tooMany"
        | "lineMoved"
        /** a quantity for a serial-tracked product: it is counted by its serials */
        | "countedBySerials"
        /** serials for a product counted by quantity */
        | "notTracked";
      counted?: number;
    }
  /** the serials refused, each named; nothing written */
  | { ok: false; reason: "serials"; problems: CountSerialProblem[] };

type LineProduct = { id: number; name: string; sku: string; tracking: TrackingMode };

/**
 * Counts a product in an open count: adds to its line (a scan) or sets it (a typed quantity), and
 * keeps the product's stock of this moment as the line's expected level. A code no product has
 * becomes a line of its own (listed as a problem) instead of stopping the scanning.
 *
 * A serial-tracked product is counted by its serials (`serials`); a scan of its code without
 * them opens its line (counting nothing), and a quantity is refused.
 */
export async function countLine(
  countId: number,
  input: LineInput,
  userId: number | null,
  version?: ExpectedVersion,
): Promise<LineResult> {
  const product: LineProduct | null =
    input.productId !== null
      ? await productById(input.productId)
      : input.code
        ? await findProductByCode(input.code)
        : null;
  if (input.productId !== null && !product) return { ok: false, reason: "productNotFound" };
  if (input.serials) {
    if (!product) return { ok: false, reason: "productNotFound" };
    if (product.tracking === "none") return { ok: false, reason: "notTracked" };
    return countSerials(
      countId,
      { ...product, tracking: product.tracking },
      { ...input, serials: input.serials },
      userId,
      version,
    );
  }
  const tracked = product !== null && product.tracking !== "none";
  if (tracked && input.quantity !== null) return { ok: false, reason: "countedBySerials" };
  const quantity = tracked ? 0 : (input.quantity ?? 1);
  const add = input.mode === "add" || tracked;
  const result = await em().transactional(async (tx): Promise<LineResult> => {
    // Shared with other scans of the count; the commit's lock waits for them, and they for it.
    const locked = await lockForChange(tx, StockCount, countId, version, { shared: true });
    if (!locked.ok) return locked;
    if (locked.entity.status !== "open") return { ok: false, reason: "closed" };
    const update = `counted = case when ? then stock_count_line.counted + excluded.counted else excluded.counted end,
        counted_at = excluded.counted_at, counted_by_id = excluded.counted_by_id`;
    const guard = `where not ? or stock_count_line.counted + excluded.counted <= ${MAX_COUNTED}`;
    if (product && !add && input.previous != null) {
      // The line locked (other scans of the count share the count's lock, not the line's).
      const [now] = await tx.execute<{ counted: number }[]>(
        "select counted from stock_count_line where count_id = ? and product_id = ? for update",
        [countId, product.id],
      );
      if ((now?.counted ?? 0) !== input.previous)
        return { ok: false, reason: "lineMoved", counted: now?.counted ?? 0 };
    }
    if (product && tracked) {
      // A serial-tracked product's scan opens its line and counts nothing: its serials count.
      const line = await openLine(tx, countId, placeOf(locked.entity), product, userId);
      return {
        ok: true,
        line: {
          ...line,
          productId: product.id,
          code: null,
          name: product.name,
          sku: product.sku,
          tracking: product.tracking,
          serials: null,
        },
      };
    }
    if (product) {
      const [line] = await tx.execute<{ id: number; counted: number; expected: number }[]>(
        `insert into stock_count_line (count_id, product_id, counted, expected, counted_at, counted_by_id)
         select ?, p.id, ?, ${HERE}, now(), ? from product p ${placeJoin(placeOf(locked.entity))} where p.id = ?
         on conflict (count_id, product_id) do update set ${update}, expected = excluded.expected ${guard}
         returning id, counted, expected`,
        [countId, quantity, userId, product.id, add, add],
      );
      if (!line) {
        // Deleted since it was found, or the line would pass the most a line may count.
        const [still] = await tx.execute("select 1 from product where id = ?", [product.id]);
        return still
          ? { ok: false, reason: "tooMany", counted: quantity }
          : { ok: false, reason: "productNotFound" };
      }
      return {
        ok: true,
        line: {
          ...line,
          productId: product.id,
          code: null,
          name: product.name,
          sku: product.sku,
          tracking: product.tracking,
          serials: null,
        },
      };
    }
    const code = (input.code ?? "").slice(0, 100);
    const [line] = await tx.execute<{ id: number; counted: number; code: string }[]>(
      `insert into stock_count_line (count_id, code, counted, counted_at, counted_by_id)
       values (?, ?, ?, now(), ?)
       on conflict (count_id, lower(code)) where product_id is null do update set ${update} ${guard}
       returning id, counted, code`,
      [countId, code, quantity, userId, add, add],
    );
    if (!line) return { ok: false, reason: "tooMany", counted: quantity };
    return {
      ok: true,
      line: {
        id: line.id,
        productId: null,
        code: line.code,
        name: null,
        sku: null,
        counted: line.counted,
        expected: null,
        tracking: null,
        serials: null,
      },
    };
  });
  return tracked ? withSerials(result) : result;
}

/** The count's location's id (issue #32), from its locked entity. */
function placeOf(count: { location: unknown }): number {
  return (count.location as { id: number }).id;
}

/**
 * A product's line in the count, locked: the one there is, or a new one counting nothing (with
 * the product's stock of now at the count's location as expected). Another scan may make it at
 * the same moment: then it is read again once that one is done.
 */
async function openLine(
  tx: EntityManager,
  countId: number,
  locationId: number,
  product: LineProduct,
  userId: number | null,
) {
  type Line = { id: number; counted: number; expected: number };
  const existing = () =>
    tx.execute<Line[]>(
      "select id, counted, expected from stock_count_line where count_id = ? and product_id = ? for update",
      [countId, product.id],
    );
  const [line] = await existing();
  if (line) return line;
  const [made] = await tx.execute<Line[]>(
    `insert into stock_count_line (count_id, product_id, counted, expected, counted_at, counted_by_id)
     select ?, p.id, 0, ${HERE}, now(), ? from product p ${placeJoin(locationId)} where p.id = ?
     on conflict (count_id, product_id) do nothing
     returning id, counted, expected`,
    [countId, userId, product.id],
  );
  return made ?? (await existing())[0];
}

/** A serial-tracked line's answer with its serials, missing and unexpected ones, as they are now. */
async function withSerials(result: LineResult): Promise<LineResult> {
  if (!result.ok) return result;
  const [line] = await em().execute<{ countedAt: Date | string; locationId: number }[]>(
    `select l.counted_at as "countedAt", c.location_id as "locationId"
       from stock_count_line l join stock_count c on c.id = l.count_id where l.id = ?`,
    [result.line.id],
  );
  if (!line) return result;
  const serials = await countLineSerials({ status: "open", locationId: line.locationId }, [
    { ...result.line, countedAt: line.countedAt },
  ]);
  return { ok: true, line: { ...result.line, serials: serials.get(result.line.id) ?? null } };
}

/**
 * Counts a serial-tracked product by its serials: `set` makes the list the line's serials, `add`
 * adds it to them (a serial already on the line is refused, named). Every problem of the list is
 * refused at once, each serial named, and nothing is written. The line counts its serials and
 * keeps the product's stock of now as expected.
 */
async function countSerials(
  countId: number,
  product: LineProduct & { tracking: Exclude<TrackingMode, "none"> },
  input: LineInput & { serials: string[] },
  userId: number | null,
  version?: ExpectedVersion,
): Promise<LineResult> {
  const add = input.mode === "add";
  const result = await em().transactional(async (tx): Promise<LineResult> => {
    const locked = await lockForChange(tx, StockCount, countId, version, { shared: true });
    if (!locked.ok) return locked;
    if (locked.entity.status !== "open") return { ok: false, reason: "closed" };
    const [now] = await tx.execute<{ id: number; counted: number }[]>(
      "select id, counted from stock_count_line where count_id = ? and product_id = ? for update",
      [countId, product.id],
    );
    if (!add && input.previous != null && (now?.counted ?? 0) !== input.previous)
      return { ok: false, reason: "lineMoved", counted: now?.counted ?? 0 };
    const onLine =
      add && now
        ? (
            await tx.execute<{ serial: string }[]>(
              "select serial from stock_count_serial where line_id = ? and not missing",
              [now.id],
            )
          ).map((row) => row.serial)
        : [];
    const problems = countSerialProblems(input.serials, product.tracking, new Set(onLine));
    if (problems.length > 0) return { ok: false, reason: "serials", problems };
    if (onLine.length + input.serials.length > MAX_COUNTED)
      return { ok: false, reason: "tooMany", counted: onLine.length + input.serials.length };
    const line = now ?? (await openLine(tx, countId, placeOf(locked.entity), product, userId));
    if (!add) await tx.execute("delete from stock_count_serial where line_id = ?", [line.id]);
    await namedSql(
      tx,
      `insert into stock_count_serial (line_id, serial, missing)
       select :line, serial, false from unnest(:serials::text[]) with ordinality as r(serial, n) order by n
       on conflict on constraint stock_count_serial_line_serial_unique do nothing`,
      { line: line.id, serials: input.serials },
    );
    const [counted] = await tx.execute<{ id: number; counted: number; expected: number }[]>(
      `update stock_count_line l
          set counted = (select count(*) from stock_count_serial s where s.line_id = l.id and not s.missing),
              expected = coalesce((select ps.quantity from product_stock ps
                where ps.product_id = p.id and ps.location_id = ?), 0),
              counted_at = now(), counted_by_id = ?
         from product p where p.id = l.product_id and l.id = ?
       returning l.id, l.counted, l.expected`,
      [placeOf(locked.entity), userId, line.id],
    );
    if (!counted) return { ok: false, reason: "productNotFound" };
    return {
      ok: true,
      line: {
        ...counted,
        productId: product.id,
        code: null,
        name: product.name,
        sku: product.sku,
        tracking: product.tracking,
        serials: null,
      },
    };
  });
  return withSerials(result);
}

async function productById(id: number) {
  const [row] = await em().execute<LineProduct[]>(
    "select id, name, sku, tracking from product where id = ?",
    [id],
  );
  return row ?? null;
}

export type RemoveLineResult = { ok: true } | { ok: false; reason: LockRefusal | "closed" | "lineNotFound" };

/** Removes a line (a product's or an unknown code's) from an open count. */
export async function removeCountLine(
  countId: number,
  lineId: number,
  version?: ExpectedVersion,
): Promise<RemoveLineResult> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, StockCount, countId, version, { shared: true });
    if (!locked.ok) return locked;
    if (locked.entity.status !== "open") return { ok: false, reason: "closed" } as const;
    const removed = await tx.execute<{ id: number }[]>(
      "delete from stock_count_line where id = ? and count_id = ? returning id",
      [lineId, countId],
    );
    return removed.length ? ({ ok: true } as const) : ({ ok: false, reason: "lineNotFound" } as const);
  });
}

export type CommitRefusal =
  | { reason: LockRefusal }
  | { reason: "closed"; status: CountStatus }
  /** nothing counted: a commit would only zero the scope (refused, whatever the choice) */
  | { reason: "empty" }
  | {
      reason: "problems";
      unknownCodes: string[];
      belowZero: CountProblems["belowZero"];
      unexpectedSerials: BlockingSerial[];
      countBySerials: CountProblems["countBySerials"];
    }
  /** a counted serial's unit changed while the commit ran (a receipt of it at that moment) */
  | { reason: "serialsMoved"; serials: string[] };

export type CommitResult =
  | {
      ok: true;
      count: StockCountRow;
      /** movements written (products with a difference) */
      moved: number;
      /** products counted (their last counted time set), zeroed ones included */
      counted: number;
      /** serial-tracked units in stock nobody scanned: written off */
      unitsMissing: number;
      /** serials scanned the shop did not have in stock: in stock now */
      unitsFound: number;
    }
  | ({ ok: false } & CommitRefusal);

/** Products per call of the write path: its locking select names each id (PostgreSQL takes 65,535 parameters). */
const COMMIT_BATCH = 5000;

/**
 * Commits an open count in one transaction: refused, with every problem listed and nothing written,
 * while it has unknown codes, lines that would take stock below zero, serials scanned whose unit
 * is sold, returned, defective or at the supplier, or serial-tracked products counted by quantity.
 * Otherwise each counted product's stock moves by counted - expected (a count movement
 * referencing the count's number, only where there is a difference), and with `zeroUncounted`
 * each product in scope nobody counted goes to zero (and gets a line saying so). Every product
 * counted keeps the commit's time as its last counted time. The products are locked in id order
 * first, as every stock writer locks them.
 *
 * A serial-tracked product's units follow its serials (serial-count.server.ts): the units in stock
 * nobody scanned are written off, the serials the shop did not have in stock are units in stock,
 * each with its event on the count; a product set to zero loses all its units in stock. The line
 * keeps what the commit found (`stock_count_serial.missing`, `unit_state`).
 */
export async function commitStockCount(
  countId: number,
  options: { zeroUncounted: boolean; version?: ExpectedVersion },
  userId: number | null,
): Promise<CommitResult> {
  try {
    return await em().transactional((tx) => commitInTransaction(tx, countId, options, userId));
  } catch (error) {
    if (error instanceof SerialCountConflict)
      return { ok: false, reason: "serialsMoved", serials: error.serials };
    throw error;
  }
}

async function commitInTransaction(
  tx: EntityManager,
  countId: number,
  options: { zeroUncounted: boolean; version?: ExpectedVersion },
  userId: number | null,
): Promise<CommitResult> {
  const count = await lockForChange(tx, StockCount, countId, options.version);
  if (!count.ok) return count;
  const facts = (await getStockCount(countId, tx)) as StockCountRow;
  if (facts.status !== "open") return { ok: false, reason: "closed", status: facts.status };
  if (facts.lines === 0) return { ok: false, reason: "empty" };
  const unknown = await tx.execute<{ code: string }[]>(
    "select code from stock_count_line where count_id = ? and product_id is null order by lower(code)",
    [countId],
  );
  const lines = new Map(
    (
      await tx.execute<
        { productId: number; counted: number; expected: number; id: number; countedAt: Date | string }[]
      >(
        `select id, product_id as "productId", counted, expected, counted_at as "countedAt" from stock_count_line
          where count_id = ? and product_id is not null`,
        [countId],
      )
    ).map((line) => [line.productId, line]),
  );
  const scope = scopeSql(facts);
  const zero = options.zeroUncounted
    ? ` or (${scope.sql} and not exists (select 1 from stock_count_line l where l.count_id = ? and l.product_id = p.id))`
    : "";
  const ids = await tx.execute<{ id: number }[]>(
    `select p.id from product p
      where p.id in (select product_id from stock_count_line where count_id = ?)${zero}
      order by p.id for update of p`,
    options.zeroUncounted ? [countId, ...scope.params, countId] : [countId],
  );
  // Each product's stock at the count's location (issue #32), what the commit corrects: read once
  // the products are locked (every writer of a location's stock holds its product's lock).
  const locked: (ProductBrief & { tracking: TrackingMode })[] = [];
  for (let first = 0; first < ids.length; first += COMMIT_BATCH) {
    const batch = ids.slice(first, first + COMMIT_BATCH).map((row) => row.id);
    locked.push(
      ...(await tx.execute<(ProductBrief & { tracking: TrackingMode })[]>(
        `select p.id, p.name, p.sku, ${HERE} as "stockLevel", p.tracking from product p
          ${placeJoin(facts.locationId)}
          where p.id in (${batch.map(() => "?").join(", ")}) order by p.id`,
        batch,
      )),
    );
  }
  const belowZero = locked.flatMap((product) => {
    const line = lines.get(product.id);
    if (!line || product.stockLevel + line.counted - line.expected >= 0) return [];
    return [{ ...product, lineId: line.id, counted: line.counted, expected: line.expected }];
  });
  const serials = await commitSerialFindings(tx, facts, locked, lines);
  if (unknown.length || belowZero.length || serials.blocking.length || serials.countBySerials.length) {
    return {
      ok: false,
      reason: "problems",
      unknownCodes: unknown.map((u) => u.code),
      belowZero: belowZero.map(({ tracking: _, ...product }) => product),
      unexpectedSerials: serials.blocking,
      countBySerials: serials.countBySerials,
    };
  }
  const countedAt = new Date();
  const changes: StockChange[] = locked.map((product) => {
    const line = lines.get(product.id);
    return {
      productId: product.id,
      delta: line ? line.counted - line.expected : -product.stockLevel,
      reason: "count",
      locationId: facts.locationId,
      reference: facts.number,
      userId,
    };
  });
  let moved = 0;
  for (let first = 0; first < changes.length; first += COMMIT_BATCH) {
    const result = await changeStock(tx, changes.slice(first, first + COMMIT_BATCH), { countedAt });
    // The rows are locked and checked above: only a broken invariant gets here.
    if (!result.ok) throw new Error(`Stock count ${facts.number}: the write path refused (${result.reason})`);
    moved += result.movementIds.length;
  }
  const zeroed = locked.filter((product) => !lines.has(product.id));
  const zeroLines = new Map<number, number>();
  for (let first = 0; first < zeroed.length; first += COMMIT_BATCH) {
    const batch = zeroed.slice(first, first + COMMIT_BATCH);
    const made = await tx.execute<{ id: number; productId: number }[]>(
      `insert into stock_count_line (count_id, product_id, counted, expected, counted_at, counted_by_id)
       values ${batch.map(() => "(?, ?, 0, ?, ?, ?)").join(", ")}
       returning id, product_id as "productId"`,
      batch.flatMap((product) => [countId, product.id, product.stockLevel, countedAt, userId]),
    );
    for (const line of made) zeroLines.set(line.productId, line.id);
  }
  const units = await commitSerials(tx, facts, serials.lines, zeroLines, userId);
  // The differences at cost as they were at the commit: a later price change does not rewrite them.
  await tx.execute(
    `update stock_count_line l set value_difference = ${valueAtCostSql((name) =>
      name === "stock_level" ? "(l.counted - l.expected)" : `p.${name}`,
    )} from product p where p.id = l.product_id and l.count_id = ?`,
    [countId],
  );
  tx.assign(count.entity, {
    status: "committed",
    committedAt: countedAt,
    committedBy: userId ? tx.getReference(User, userId) : null,
    zeroUncounted: options.zeroUncounted,
  });
  await tx.flush();
  return {
    ok: true,
    count: (await getStockCount(countId, tx)) as StockCountRow,
    moved,
    counted: locked.length,
    ...units,
  };
}

/** A serial-tracked product's line as the commit judges it: keyed by product (a zeroed one has no line yet). */
type SerialLineFindings = {
  productId: number;
  /** null: a product in scope nobody counted, set to zero */
  lineId: number | null;
  serials: string[];
  missing: MissingSerial[];
  unexpected: UnexpectedSerial[];
};

/**
 * The commit's findings for the serial-tracked products it locked: each line's serials against the
 * units (a product set to zero counts none), what blocks the commit, and the products counted by
 * quantity (tracked since).
 */
async function commitSerialFindings(
  tx: EntityManager,
  { id: countId, locationId }: Pick<StockCountRow, "id" | "locationId">,
  locked: (ProductBrief & { tracking: TrackingMode })[],
  lines: Map<number, { id: number; counted: number; countedAt: Date | string }>,
) {
  const tracked = locked.filter((product) => product.tracking !== "none");
  if (tracked.length === 0) return { lines: [], blocking: [], countBySerials: [] };
  const rows = await tx.execute<{ lineId: number; serial: string }[]>(
    `select s.line_id as "lineId", s.serial from stock_count_serial s
       join stock_count_line l on l.id = s.line_id
      where l.count_id = ? and not s.missing order by s.id`,
    [countId],
  );
  const byLine = new Map<number, string[]>();
  for (const row of rows) byLine.set(row.lineId, [...(byLine.get(row.lineId) ?? []), row.serial]);
  const now = new Date();
  // A product set to zero has no line yet: its key is its id below zero.
  const asked: CountedSerials[] = tracked.map((product) => {
    const line = lines.get(product.id);
    return {
      lineId: line ? line.id : -product.id,
      productId: product.id,
      serials: line ? (byLine.get(line.id) ?? []) : [],
      countedAt: line ? line.countedAt : now,
      locationId,
    };
  });
  const [missing, unexpected] = await Promise.all([missingSerials(tx, asked), unexpectedSerials(tx, asked)]);
  const found: SerialLineFindings[] = asked.map((line) => ({
    productId: line.productId,
    lineId: line.lineId > 0 ? line.lineId : null,
    serials: line.serials,
    missing: missing.get(line.lineId) ?? [],
    unexpected: unexpected.get(line.lineId) ?? [],
  }));
  const byProduct = new Map(tracked.map((product) => [product.id, product]));
  const blocking: BlockingSerial[] = found.flatMap((line) =>
    line.unexpected.filter(blocksCommit).map((serial) => {
      const product = byProduct.get(line.productId) as ProductBrief;
      return {
        ...serial,
        state: serial.state as SerialState,
        lineId: line.lineId as number,
        productId: product.id,
        name: product.name,
        sku: product.sku,
      };
    }),
  );
  const countBySerials = found.flatMap((line) => {
    const counted = line.lineId === null ? null : lines.get(line.productId);
    if (!counted || counted.counted === line.serials.length) return [];
    const { tracking: _, ...product } = byProduct.get(line.productId) as ProductBrief & {
      tracking: TrackingMode;
    };
    return [{ ...product, lineId: counted.id, counted: counted.counted, serials: line.serials.length }];
  });
  return { lines: found, blocking, countBySerials };
}

/**
 * The units' side of the commit: the count keeps what it found (each scanned serial's unit state
 * before the commit, each missing unit's serial), then the units follow (serial-count.server.ts).
 */
async function commitSerials(
  tx: EntityManager,
  count: StockCountRow,
  found: SerialLineFindings[],
  zeroLines: Map<number, number>,
  userId: number | null,
): Promise<{ unitsMissing: number; unitsFound: number }> {
  await tx.execute(
    `update stock_count_serial s set unit_state = u.state
       from stock_count_line l, serial_unit u
      where s.line_id = l.id and l.count_id = ? and u.product_id = l.product_id and u.serial = s.serial`,
    [count.id],
  );
  const missing = found.flatMap((line) => {
    const lineId = line.lineId ?? zeroLines.get(line.productId);
    return lineId === undefined ? [] : line.missing.map((unit) => ({ lineId, serial: unit.serial }));
  });
  if (missing.length > 0) {
    await namedSql(
      tx,
      `insert into stock_count_serial (line_id, serial, missing, unit_state)
       select line_id, serial, true, 'in_stock' from unnest(:lines::int[], :serials::text[]) as r(line_id, serial)`,
      { lines: missing.map((row) => row.lineId), serials: missing.map((row) => row.serial) },
    );
  }
  const written = await recordCountedSerials(
    tx,
    found.map((line) => ({ productId: line.productId, serials: line.serials, findings: line })),
    { type: "stock_count", id: count.id, number: count.number },
    userId,
    count.locationId,
  );
  return { unitsMissing: written.missing, unitsFound: written.found };
}

/** Cancels an open count: nothing moves; its lines stay to be read. */
export async function cancelStockCount(
  countId: number,
  version?: ExpectedVersion,
): Promise<
  { ok: true } | { ok: false; reason: LockRefusal } | { ok: false; reason: "closed"; status: CountStatus }
> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, StockCount, countId, version);
    if (!locked.ok) return locked;
    const count = locked.entity;
    if (count.status !== "open") return { ok: false, reason: "closed", status: count.status } as const;
    tx.assign(count, { status: "cancelled", cancelledAt: new Date() });
    await tx.flush();
    return { ok: true } as const;
  });
}
