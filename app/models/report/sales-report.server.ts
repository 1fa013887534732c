import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { netSalesMargin } from "~/models/margin";
import { fromCents, toCents } from "~/models/money";
import type { OrderStatus } from "~/models/order/document-status";
import type { SalesBreakdown, SalesReportQuery } from "./sales-report";

/**
 * Sales over time (issue #14 item 5): one SQL aggregate over the order lines, which keep what
 * they sold (quantity, unit price including VAT, VAT rate, purchase price without VAT) as it was.
 *
 * - Orders that count: confirmed, shipped and delivered (SOLD_STATUSES), by their order date's day
 *   in the shop's time zone. Pending and held orders are not sales yet; cancelled ones never were.
 * - A line's sales excluding VAT: its total after the order's customer discount, without its VAT,
 *   rounded to the cent per line: round(total x (100 - discount %) / (100 + VAT %), 2). Every
 *   figure is then a sum of cents, so the rows of a breakdown add up to their period and the
 *   periods to the total, exactly.
 * - Its cost: purchase price without VAT x quantity. Gross margin = sales - cost; margin % from
 *   margin.ts (netSalesMargin).
 * - Every period of the range is a row, with zeros where nothing was sold (generate_series), so a
 *   chart has no gaps. A breakdown lists, under each period, the categories or brands that sold in
 *   it: a product's category and brand as they are now (a line keeps neither).
 */
export const SOLD_STATUSES: readonly OrderStatus[] = ["confirmed", "shipped", "delivered"];

export type SalesFigures = {
  /** sales excluding VAT, two decimals */
  sales: string;
  /** cost excluding VAT, two decimals */
  cost: string;
  /** sales - cost */
  margin: string;
  /** one decimal; null when nothing was sold */
  marginPercent: number | null;
  units: number;
  orders: number;
};

export type SalesGroupRow = SalesFigures & {
  /** the category's id ("0": no category) or the brand in lower case */
  key: string;
  /** the category's or brand's name; null: no category or no brand */
  name: string | null;
};

export type SalesPeriodRow = SalesFigures & {
  /** the period's first day, YYYY-MM-DD (a Monday for weeks, the 1st for months) */
  period: string;
  /** with a breakdown, the groups that sold in the period, largest sales first */
  groups: SalesGroupRow[];
};

export type SalesReport = {
  query: SalesReportQuery;
  periods: SalesPeriodRow[];
  total: SalesFigures;
};

const BREAKDOWNS: Record<Exclude<SalesBreakdown, "none">, { key: string; name: string; joins: string }> = {
  category: {
    key: "coalesce(pr.category_id, 0)::text",
    name: "c.name",
    joins: "join product pr on pr.id = i.product_id left join category c on c.id = pr.category_id",
  },
  brand: {
    // "Apple" and "apple " are one brand
    key: "lower(btrim(pr.brand))",
    name: "nullif(btrim(pr.brand), '')",
    joins: "join product pr on pr.id = i.product_id",
  },
};

type Row = {
  period: string | null;
  subtotal: number;
  group_key: string | null;
  group_name: string | null;
  sales: string;
  cost: string;
  units: string;
  orders: number;
};

/**
 * The report, from one statement: the groups of each period, each period's figures and the
 * total (grouping sets), over the periods generate_series makes of the range.
 */
export async function salesReport(query: SalesReportQuery, db: EntityManager = em()): Promise<SalesReport> {
  const breakdown = query.breakdown === "none" ? null : BREAKDOWNS[query.breakdown];
  const statuses = SOLD_STATUSES.map(() => "?").join(", ");
  const rows = await db.execute<Row[]>(
    `with periods as (
       select period::date as period
       from generate_series(date_trunc(?, ?::date::timestamp), date_trunc(?, ?::date::timestamp), ?::interval) as period
     ), lines as (
       select date_trunc(?, o.order_date at time zone ?)::date as period,
         o.id as order_id,
         i.quantity,
         round(i.total_price * (100 - o.discount_percent) / (100 + i.vat_rate), 2) as net,
         i.purchase_price * i.quantity as cost,
         ${breakdown ? `${breakdown.key} as group_key, ${breakdown.name} as group_name` : "null::text as group_key, null::text as group_name"}
       from sales_order o
       join sales_order_item i on i.order_id = o.id
       ${breakdown?.joins ?? ""}
       where o.status in (${statuses})
         and o.order_date >= ?::date::timestamp at time zone ?
         and o.order_date < (?::date + 1)::timestamp at time zone ?
     )
     select to_char(p.period, 'YYYY-MM-DD') as period,
       ${breakdown ? "grouping(l.group_key)" : "1"} as subtotal,
       ${breakdown ? "case when grouping(l.group_key) = 0 then l.group_key end" : "null"} as group_key,
       ${breakdown ? "case when grouping(l.group_key) = 0 then min(l.group_name) end" : "null"} as group_name,
       coalesce(sum(l.net), 0)::numeric(20, 2)::text as sales,
       coalesce(sum(l.cost), 0)::numeric(20, 2)::text as cost,
       coalesce(sum(l.quantity), 0)::bigint::text as units,
       count(distinct l.order_id)::int as orders
     from periods p
     left join lines l on l.period = p.period
     group by grouping sets (${breakdown ? "(p.period, l.group_key), " : ""}(p.period), ())
     ${breakdown ? "having grouping(l.group_key) = 1 or count(l.order_id) > 0" : ""}`,
    [
      query.group,
      query.from,
      query.group,
      query.to,
      `1 ${query.group}`,
      query.group,
      SHOP_TIME_ZONE,
      ...SOLD_STATUSES,
      query.from,
      SHOP_TIME_ZONE,
      query.to,
      SHOP_TIME_ZONE,
    ],
  );

  const periods = new Map<string, SalesPeriodRow>();
  let total: SalesFigures | null = null;
  const groups: { period: string; row: SalesGroupRow }[] = [];
  for (const row of rows) {
    const figures = figuresOf(row);
    if (row.period === null) total = figures;
    else if (Number(row.subtotal) === 1)
      periods.set(row.period, { period: row.period, ...figures, groups: [] });
    else
      groups.push({
        period: row.period,
        row: { key: row.group_key ?? "", name: row.group_name, ...figures },
      });
  }
  for (const { period, row } of groups) periods.get(period)?.groups.push(row);
  const ordered = [...periods.values()].sort((a, b) => a.period.localeCompare(b.period));
  for (const period of ordered) period.groups.sort(byLargestSales);
  return { query, periods: ordered, total: total ?? figuresOf(null) };
}

function figuresOf(row: Pick<Row, "sales" | "cost" | "units" | "orders"> | null): SalesFigures {
  const sales = toCents(row?.sales ?? "0");
  const cost = toCents(row?.cost ?? "0");
  return {
    sales: fromCents(sales),
    cost: fromCents(cost),
    margin: fromCents(sales - cost),
    marginPercent: netSalesMargin(sales, cost),
    units: Number(row?.units ?? 0),
    orders: Number(row?.orders ?? 0),
  };
}

function byLargestSales(a: SalesGroupRow, b: SalesGroupRow): number {
  return toCents(b.sales) - toCents(a.sales) || (a.name ?? "").localeCompare(b.name ?? "", "fi");
}
