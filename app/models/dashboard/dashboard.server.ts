import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { fromBigCents, toBigCents } from "~/models/money";
import { type LocationFigures, locationFigures } from "~/models/stock/location-stock.server";
import { inTransitTotals } from "~/models/transfer/transfer.server";

export type DashboardStats = {
  totalProducts: number;
  /** one decimal; 0 without products */
  avgMargin: number;
  lowStockCount: number;
  lowMarginCount: number;
  /** sum of selling price x stock, two decimals */
  inventoryValue: string;
  /** sum of purchase price excluding VAT x stock, two decimals: the accountant's figure */
  inventoryValueAtCost: string;
  /**
   * What is in transit between locations (issue #32: sent, not yet received): out of every
   * location's stock, so not in the figures above, but still the shop's. Its units and value.
   */
  inTransitUnits: number;
  inTransitValue: string;
  inTransitValueAtCost: string;
  /** The stock's whole value: on hand (inventoryValue) and in transit, at selling price and at cost. */
  totalValue: string;
  totalValueAtCost: string;
};

/** Stock levels from this one up share a row of stock_level_count. */
const STOCK_LEVELS_KEPT = 1000;

/**
 * The figures of the dashboard cards, read from the totals PostgreSQL keeps with every write of a
 * product (catalogue_summary, stock_level_count): a few hundred rows, whatever the catalogue's size.
 * With a location (issue #32), the stock's value and the low-stock count are that location's
 * (location-stock.server.ts: its rows of product_stock by the location's index).
 */
export async function getDashboardStats(
  locationId?: number | null,
  /** The location's figures when the caller reads them anyway (its list's count): read once. */
  kept: Promise<LocationFigures> | null = locationId ? locationFigures(locationId) : null,
): Promise<DashboardStats> {
  // One location's (issue #32): its stock's value and low-stock count (its kept figures), and what
  // is on its way to it; the catalogue's the rest.
  const [catalogue, place, inTransit] = await Promise.all([
    catalogueFigures(),
    kept,
    inTransitTotals(em(), locationId ?? null),
  ]);
  const stock = place
    ? { low: place.lowStockCount, value: place.inventoryValue, valueAtCost: place.inventoryValueAtCost }
    : catalogue.stock;
  return {
    totalProducts: catalogue.totalProducts,
    avgMargin: catalogue.avgMargin,
    lowStockCount: stock.low,
    lowMarginCount: catalogue.lowMarginCount,
    inventoryValue: stock.value,
    inventoryValueAtCost: stock.valueAtCost,
    inTransitUnits: inTransit.units,
    inTransitValue: inTransit.value,
    inTransitValueAtCost: inTransit.valueAtCost,
    totalValue: addMoney(stock.value, inTransit.value),
    totalValueAtCost: addMoney(stock.valueAtCost, inTransit.valueAtCost),
  };
}

/** The catalogue's figures across all locations, from the kept totals: one statement. */
async function catalogueFigures() {
  const threshold = env().LOW_STOCK_THRESHOLD;
  const [row] = await em().execute<
    {
      total: number;
      avg_margin: string | null;
      low_stock: number;
      low_margin: number;
      value: string;
      value_at_cost: string;
    }[]
  >(
    `select coalesce(sum(products), 0)::int as total,
       round(sum(margin_sum) / nullif(sum(products), 0), 1) as avg_margin,
       ${
         threshold < STOCK_LEVELS_KEPT
           ? "(select coalesce(sum(products), 0)::int from stock_level_count where level <= ?)"
           : "(select count(*)::int from product where stock_level <= ?)"
       } as low_stock,
       coalesce(sum(low_margin), 0)::int as low_margin,
       coalesce(sum(value_at_price), 0)::numeric(20,2) as value,
       round(coalesce(sum(value_at_cost), 0), 2)::numeric(20,2) as value_at_cost
     from catalogue_summary`,
    [threshold],
  );
  return {
    totalProducts: row.total,
    avgMargin: Number(row.avg_margin ?? 0),
    lowMarginCount: row.low_margin,
    stock: { low: row.low_stock, value: row.value, valueAtCost: row.value_at_cost },
  };
}

/** Two sums of money as PostgreSQL gives them, added exactly (a catalogue's value passes 2^53 cents). */
function addMoney(a: string, b: string): string {
  return fromBigCents((toBigCents(a) ?? 0n) + (toBigCents(b) ?? 0n));
}

export type CategoryValue = { categoryId: number | null; name: string | null; value: string };

/** Inventory value per top-level category (subcategories counted in their root); null: no category. */
export async function inventoryValueByRootCategory(): Promise<CategoryValue[]> {
  const rows = await em().execute<{ id: number | null; name: string | null; value: string }[]>(
    `with recursive roots(id, root_id) as (
       select id, id from category where parent_id is null
       union all select c.id, roots.root_id from category c join roots on c.parent_id = roots.id)
     select r.id, r.name, sum(s.value_at_price)::numeric(20,2) as value
     from catalogue_summary s
     left join roots on roots.id = s.category_id
     left join category r on r.id = roots.root_id
     where s.products > 0
     group by r.id, r.name
     order by value desc`,
  );
  return rows.map((r) => ({ categoryId: r.id, name: r.name, value: r.value }));
}

export type MarginDistribution = { low: number; medium: number; high: number };

export async function marginDistribution(): Promise<MarginDistribution> {
  const [row] = await em().execute<MarginDistribution[]>(
    `select coalesce(sum(low_margin), 0)::int as low, coalesce(sum(medium_margin), 0)::int as medium,
       coalesce(sum(high_margin), 0)::int as high
     from catalogue_summary`,
  );
  return row;
}
