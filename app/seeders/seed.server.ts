import type { EntityManager } from "@mikro-orm/postgresql";
import { seededRandom } from "~/models/demo-random";
import type { DemoShop } from "~/models/demo-shop";
import { fromCents } from "~/models/money";
import type { ProductInput } from "~/models/product/product-schema";
import { createProducts } from "~/models/product/product-writes.server";
import { DEMO_STEPS } from "~/models/registry.server";
import { DEMO_SUPPLIERS } from "~/models/supplier/demo-data";
import { SYNTHETIC_BRANDS, SYNTHETIC_COLOURS, SYNTHETIC_KINDS, SYNTHETIC_SERIES } from "./synthetic-data";

/**
 * The demo shop an empty database gets (SEED_DEMO=false turns it off), and synthetic products for
 * benchmarks. Deterministic: a seeded generator gives the same shop on every machine, so that
 * screenshots, bug reports and tests talk about the same products. No users: the first account
 * created is the admin. Each aggregate writes its own part of the demo (its \`demo\` step in
 * aggregate.server.ts, its data in its folder's demo-data.ts) through its write path.
 */

/** Seeds the demo shop into an empty database; false (and nothing done) when there is one. */
export async function seedDemoCatalogue(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tx) => {
    // One seeder at a time: two processes starting on one empty database must not both seed.
    await tx.execute("select pg_advisory_xact_lock(42002)");
    const [{ found }] = await tx.execute<{ found: boolean }[]>(
      "select exists (select 1 from product) or exists (select 1 from category) as found",
    );
    if (found) return false;
    const shop: DemoShop = {
      rng: seededRandom(20261122),
      suppliers: [],
      categoryIds: new Map(),
      products: [],
      productIds: new Map(),
    };
    // In place order: categories and suppliers before the products that name them, the
    // catalogue before the campaigns and orders, the sample rules last (a rule acts on later changes).
    for (const step of DEMO_STEPS) await step.seed(tx, shop);
    return true;
  });
}

const SUPPLIERS = DEMO_SUPPLIERS.map(([name]) => name);

// ---------------------------------------------------------------------------------------------
// Synthetic products for benchmarks

const SYNTHETIC_BATCH = 5_000;

/**
 * The n-th synthetic product of a run. Different moduli vary brand, series, kind and colour
 * independently, so that trigram searches find realistic subsets; purchase prices are 55-94 % of
 * the price (margins 6-45 %, a few under the 10 % line).
 */
function syntheticProduct(run: string, i: number, categoryIds: number[]): ProductInput {
  const pick = (values: readonly string[], index: number) => values[index % values.length];
  const brand = pick(SYNTHETIC_BRANDS, i);
  const priceCents = 990 + ((i * 7919) % 249000);
  const purchaseCents = Math.round((priceCents * (55 + (i % 40))) / 100);
  return {
    name: `${brand} ${pick(SYNTHETIC_SERIES, Math.floor(i / 3))} ${pick(SYNTHETIC_KINDS, Math.floor(i / 7) + i)} ${100 + ((i * 37) % 9900)} ${pick(SYNTHETIC_COLOURS, Math.floor(i / 11))}`,
    sku: `SYN-${run}-${String(i).padStart(7, "0")}`,
    brand,
    categoryId: i % 17 === 0 || categoryIds.length === 0 ? null : categoryIds[i % categoryIds.length],
    purchasePrice: fromCents(purchaseCents),
    sellingPrice: fromCents(priceCents),
    vatInclusive: true,
    vatRate: null,
    stockLevel: ((i % 201) * 79) % 201,
    supplier: pick(SUPPLIERS, Math.floor(i / 5)),
    // One in thirteen with reorder figures of its own (the reorder list's second index).
    reorderPoint: i % 13 === 0 ? 5 + (i % 30) : null,
    reorderQuantity: i % 13 === 0 ? 12 : null,
    ean: null,
    imageUrl: null,
    barcode: null,
    status: i % 23 === 0 ? "inactive" : i % 31 === 0 ? "eol" : "active",
    version: null,
  };
}

/**
 * Adds `count` synthetic products (SKUs "SYN-<run>-<n>", unique per run) through the product
 * write path, a batch per transaction: each with its price history row and the alerts it raises,
 * like products staff enter. Returns how many.
 */
export async function seedSyntheticProducts(em: EntityManager, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a whole number from 0");
  // A run id of its own keeps SKUs apart from earlier runs and from anything staff created.
  const run = Date.now().toString(36).toUpperCase();
  const categoryIds = (await em.execute<{ id: number }[]>("select id from category order by id")).map(
    (r) => r.id,
  );
  for (let first = 1; first <= count; first += SYNTHETIC_BATCH) {
    const last = Math.min(count, first + SYNTHETIC_BATCH - 1);
    const inputs = Array.from({ length: last - first + 1 }, (_, k) =>
      syntheticProduct(run, first + k, categoryIds),
    );
    // A fresh unit of work per batch keeps the identity map small.
    const created = await em
      .fork()
      .transactional((tx) => createProducts(tx, inputs, null, { source: "seed" }));
    if (!created.ok)
      throw new Error(`Synthetic product ${inputs[created.index].sku} refused: ${created.reason}`);
  }
  // Fresh statistics, or the planner keeps treating the catalogue as the small one it was.
  // Their opening stock is in product_stock too (issue #32), and its plans need its statistics.
  if (count > 0) await em.execute("analyze product, product_stock");
  return count;
}
