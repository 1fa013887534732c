import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import type { ReturnReason } from "~/models/customer-return/customer-return-state";
import { fromCents, toCents } from "~/models/money";
import { hasReturnRate, percentOf, type ReturnsGrouping, type ReturnsReportQuery } from "./returns-report";
import type { ReturnsReport, ReturnsReportRow } from "./returns-report-schema";

/**
 * Return figures (issue #31 item 7): one statement per grouping over the lines of customer returns
 * completed in the period, set against the order lines of orders shipped in it.
 *
 * - A return counts on the shop day it was completed (completed_at in Europe/Helsinki); drafts and
 *   cancelled returns never count. An order's units count as sold on the day it was shipped
 *   (shipped_at: nothing is cancelled once shipped, so every order with one is shipped or delivered).
 * - Refunded: the refunded lines' amounts (VAT included); replaced and restocked lines refund nothing.
 * - A product's brand and supplier are as they are now (a line keeps neither), as in the sales report.
 * - Rows are the groups that had units returned; the total's sold units are every unit shipped.
 */

type Grouping = {
  /** the group's key and name of a return line `l`, its product `pr` and supplier `s` */
  key: string;
  name: string;
  /** grouped by product: its SKU */
  sku: string;
  joins: string;
  /** the group's key of a sold order line `i` and its product `pr` (null: no sales per group) */
  soldKey: string | null;
  soldJoins: string;
};

const GROUPINGS: Record<ReturnsGrouping, Grouping> = {
  reason: {
    key: "l.reason::text",
    name: "null::text",
    sku: "null::text",
    joins: "",
    soldKey: null,
    soldJoins: "",
  },
  product: {
    key: "l.product_id::text",
    name: "pr.name",
    sku: "pr.sku",
    joins: "join product pr on pr.id = l.product_id",
    soldKey: "i.product_id::text",
    soldJoins: "",
  },
  brand: {
    // "Apple" and "apple " are one brand (as in the sales report)
    key: "lower(btrim(pr.brand))",
    name: "nullif(btrim(pr.brand), '')",
    sku: "null::text",
    joins: "join product pr on pr.id = l.product_id",
    soldKey: "lower(btrim(pr.brand))",
    soldJoins: "join product pr on pr.id = i.product_id",
  },
  supplier: {
    key: "pr.supplier_id::text",
    name: "s.name",
    sku: "null::text",
    joins: "join product pr on pr.id = l.product_id join supplier s on s.id = pr.supplier_id",
    soldKey: "pr.supplier_id::text",
    soldJoins: "join product pr on pr.id = i.product_id",
  },
};

type Row = {
  is_total: number;
  group_key: string | null;
  group_name: string | null;
  sku: string | null;
  returns: number;
  returned: string;
  refunded: string;
  sold: string | null;
};

/** A moment within the period: from its first day's first moment to its last day's end, shop time. */
const within = (column: string) =>
  `${column} >= ?::date::timestamp at time zone ? and ${column} < (?::date + 1)::timestamp at time zone ?`;

/** The report of one grouping over one period. */
export async function returnsReport(
  query: ReturnsReportQuery,
  db: EntityManager = em(),
): Promise<ReturnsReport> {
  const grouping = GROUPINGS[query.by];
  const bounds = [query.from, SHOP_TIME_ZONE, query.to, SHOP_TIME_ZONE];
  const soldKey = grouping.soldKey ?? "null::text";
  const rows = await db.execute<Row[]>(
    `with returned as (
       select ${grouping.key} as group_key, ${grouping.name} as group_name, ${grouping.sku} as sku,
         r.id as return_id, l.quantity, l.refund_amount
       from customer_return r
       join customer_return_line l on l.customer_return_id = r.id
       ${grouping.joins}
       where r.status = 'completed'
         and ${within("r.completed_at")}
     ), figures as (
       select grouping(group_key) as is_total,
         case when grouping(group_key) = 0 then group_key end as group_key,
         min(group_name) as group_name,
         min(sku) as sku,
         count(distinct return_id)::int as returns,
         coalesce(sum(quantity), 0)::bigint::text as returned,
         coalesce(sum(refund_amount), 0)::numeric(20, 2)::text as refunded
       from returned
       group by grouping sets ((group_key), ())
     ), sold as (
       select grouping(group_key) as is_total,
         case when grouping(group_key) = 0 then group_key end as group_key,
         sum(quantity)::bigint::text as units
       from (
         select ${soldKey} as group_key, i.quantity
         from sales_order o
         join sales_order_item i on i.order_id = o.id
         ${grouping.soldJoins}
         where ${within("o.shipped_at")}
       ) lines
       group by grouping sets ((group_key), ())
     )
     select f.is_total, f.group_key, f.group_name, f.sku, f.returns, f.returned, f.refunded,
       coalesce(case when f.is_total = 1 then (select units from sold where is_total = 1) else s.units end, '0') as sold
     from figures f
     left join sold s on f.is_total = 0 and s.is_total = 0 and s.group_key = f.group_key`,
    [...bounds, ...bounds],
  );

  const rated = hasReturnRate(query.by);
  let total: Row | undefined;
  const groups: Row[] = [];
  for (const row of rows) {
    if (Number(row.is_total) === 1) total = row;
    else groups.push(row);
  }
  const returnedTotal = Number(total?.returned ?? 0);
  const soldTotal = Number(total?.sold ?? 0);
  const reportRows = groups.map((row): ReturnsReportRow => {
    const returned = Number(row.returned);
    const sold = Number(row.sold ?? 0);
    const key = row.group_key ?? "";
    return {
      key,
      reason: query.by === "reason" ? (key as ReturnReason) : null,
      productId: query.by === "product" ? Number(key) : null,
      sku: query.by === "product" ? row.sku : null,
      supplierId: query.by === "supplier" ? Number(key) : null,
      name: row.group_name,
      returnedUnits: returned,
      sharePercent: percentOf(returned, returnedTotal),
      refunded: fromCents(toCents(row.refunded)),
      soldUnits: rated ? sold : null,
      returnRatePercent: rated ? percentOf(returned, sold) : null,
    };
  });
  reportRows.sort(byMostReturned);
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    rows: reportRows,
    total: {
      returns: Number(total?.returns ?? 0),
      returnedUnits: returnedTotal,
      sharePercent: returnedTotal > 0 ? 100 : null,
      refunded: fromCents(toCents(total?.refunded ?? "0")),
      soldUnits: soldTotal,
      returnRatePercent: percentOf(returnedTotal, soldTotal),
    },
  };
}

/** Most returned units first, then the highest rate (none: after), then by name. */
function byMostReturned(a: ReturnsReportRow, b: ReturnsReportRow): number {
  return (
    b.returnedUnits - a.returnedUnits ||
    (b.returnRatePercent ?? -1) - (a.returnRatePercent ?? -1) ||
    (a.name ?? a.key).localeCompare(b.name ?? b.key, "fi")
  );
}
