import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";

export type DashboardStats = {
  totalProducts: number;
  /** one decimal; 0 without products */
  avgMargin: number;
  lowStockCount: number;
  lowMarginCount: number;
  /** sum of selling price x stock, two decimals */
  inventoryValue: string;
};

/** The figures of the dashboard cards, as SQL aggregates in one round trip. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const [row] = await em().execute<
    { total: number; avg_margin: string | null; low_stock: number; low_margin: number; value: string }[]
  >(
    `select count(*)::int as total,
       round(avg(p.margin_percent), 1) as avg_margin,
       (count(*) filter (where p.stock_level <= ?))::int as low_stock,
       (count(*) filter (where p.margin_category = 'low'))::int as low_margin,
       coalesce(sum(p.selling_price * p.stock_level), 0)::numeric(14,2) as value
     from product p`,
    [env().LOW_STOCK_THRESHOLD],
  );
  return {
    totalProducts: row.total,
    avgMargin: Number(row.avg_margin ?? 0),
    lowStockCount: row.low_stock,
    lowMarginCount: row.low_margin,
    inventoryValue: row.value,
  };
}

export type CategoryValue = { categoryId: number | null; name: string | null; value: string };

/** Inventory value per top-level category (subcategories counted in their root); null: no category. */
export async function inventoryValueByRootCategory(): Promise<CategoryValue[]> {
  const rows = await em().execute<{ id: number | null; name: string | null; value: string }[]>(
    `with recursive roots(id, root_id) as (
       select id, id from category where parent_id is null
       union all select c.id, roots.root_id from category c join roots on c.parent_id = roots.id)
     select r.id, r.name, coalesce(sum(p.selling_price * p.stock_level), 0)::numeric(14,2) as value
     from product p
     left join roots on roots.id = p.category_id
     left join category r on r.id = roots.root_id
     group by r.id, r.name
     order by value desc`,
  );
  return rows.map((r) => ({ categoryId: r.id, name: r.name, value: r.value }));
}

export type MarginDistribution = { low: number; medium: number; high: number };

export async function marginDistribution(): Promise<MarginDistribution> {
  const [row] = await em().execute<MarginDistribution[]>(
    `select (count(*) filter (where p.margin_category = 'low'))::int as low,
       (count(*) filter (where p.margin_category = 'medium'))::int as medium,
       (count(*) filter (where p.margin_category = 'high'))::int as high
     from product p`,
  );
  return row;
}
