import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";

/**
 * Stock value over time: a row a shop day in `stock_value_snapshot`, read from the totals PostgreSQL
 * keeps with every product write (catalogue_summary per category, stock_level_count per stock
 * level), never from a scan of the catalogue. Units are the stock levels' sum: stock_level_count
 * counts levels up to 999 exactly and gathers 1,000 and up in one row, so those few products'
 * levels are added from product's stock-level index.
 */

export type StockValuePoint = {
  /** YYYY-MM-DD, the shop's day */
  day: string;
  valueAtPrice: string;
  valueAtCost: string;
  units: number;
  products: number;
};

/** Levels from this one up share a row of stock_level_count (as the product triggers keep it). */
const STOCK_LEVELS_KEPT = 1000;

/** The catalogue's totals now, as one row to insert for `day` (a single statement: one snapshot). */
const CURRENT_TOTALS = `select ?::date as day,
    coalesce(sum(s.value_at_price), 0)::numeric(20, 2) as value_at_price,
    round(coalesce(sum(s.value_at_cost), 0), 2)::numeric(20, 2) as value_at_cost,
    (select coalesce(sum(c.level::bigint * c.products) filter (where c.level < ${STOCK_LEVELS_KEPT}), 0)
       from stock_level_count c)
      + (select coalesce(sum(pr.stock_level::bigint), 0) from product pr where pr.stock_level >= ${STOCK_LEVELS_KEPT})
      as units,
    coalesce(sum(s.products), 0)::int as products,
    now() as taken_at
  from catalogue_summary s`;

const COLUMNS = "day, value_at_price, value_at_cost, units, products, taken_at";
const RETURNING = `to_char(day, 'YYYY-MM-DD') as day, value_at_price::text as value_at_price,
  value_at_cost::text as value_at_cost, units::text as units, products`;

type Row = { day: string; value_at_price: string; value_at_cost: string; units: string; products: number };

function point(row: Row): StockValuePoint {
  return {
    day: row.day,
    valueAtPrice: row.value_at_price,
    valueAtCost: row.value_at_cost,
    units: Number(row.units),
    products: Number(row.products),
  };
}

/**
 * Writes the day's snapshot from the kept totals as they are now; a second write of the same day
 * replaces the first (the 23:55 job after the page's first look, or a retried job).
 */
export async function writeStockValueSnapshot(
  day: string,
  db: EntityManager = em(),
): Promise<StockValuePoint> {
  const [row] = await db.execute<Row[]>(
    `insert into stock_value_snapshot (${COLUMNS}) ${CURRENT_TOTALS}
     on conflict (day) do update set value_at_price = excluded.value_at_price,
       value_at_cost = excluded.value_at_cost, units = excluded.units, products = excluded.products,
       taken_at = excluded.taken_at
     returning ${RETURNING}`,
    [day],
  );
  return point(row);
}

/**
 * The snapshots of the days from..to, oldest first. When today has none yet (a fresh install, or
 * before the evening's job), today's is written first, so the chart always has a point for today;
 * a row another request wrote meanwhile is kept.
 */
export async function stockValueHistory(
  from: string,
  to: string,
  today: string,
  db: EntityManager = em(),
): Promise<StockValuePoint[]> {
  const read = () =>
    db.execute<Row[]>(
      `select ${RETURNING} from stock_value_snapshot
       where (day between ?::date and ?::date) or day = ?::date order by day`,
      [from, to, today],
    );
  let rows = await read();
  if (!rows.some((row) => row.day === today)) {
    await db.execute(
      `insert into stock_value_snapshot (${COLUMNS}) ${CURRENT_TOTALS} on conflict (day) do nothing`,
      [today],
    );
    rows = await read();
  }
  return rows.filter((row) => row.day >= from && row.day <= to).map(point);
}
