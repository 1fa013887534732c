import type { EntityManager } from "@mikro-orm/postgresql";
import { insertCategory } from "~/models/category/category.server";
import { type CategoryInput, categorySchema } from "~/models/category/category-schema";
import { insertCustomers } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { createOrders } from "~/models/order/order.server";
import { UNGUARDED } from "~/models/price/below-cost";
import { Product } from "~/models/product/product.entity";
import { deleteProducts } from "~/models/product/product-writes.server";
import { BENCH_IMPORT_SKU_PREFIX } from "./bench-import";
import { seedSyntheticProducts } from "./seed.server";

/**
 * The benchmark's data set (`npm run bench`): a catalogue of a growing shop. Idempotent: each
 * part is topped up to its size, so a second run on the same folder adds nothing.
 */
export type BenchSize = { products: number; categories: number; customers: number; orders: number };

const CHILDREN_PER_ROOT = 4;

async function count(em: EntityManager, table: string): Promise<number> {
  const [{ n }] = await em.execute<{ n: number }[]>(`select count(*)::int as n from ${table}`);
  return n;
}

/** Top-level groups with four subcategories each, through the categories' write path. */
async function seedCategories(em: EntityManager, wanted: number): Promise<void> {
  let missing = wanted - (await count(em, "category"));
  await em.fork().transactional(async (tx) => {
    for (let group = 1; missing > 0; group++) {
      const root = await seedCategory(tx, {
        name: `Bench group ${group}`,
        description: `Benchmark categories, group ${group}`,
        parentId: null,
      });
      missing--;
      for (let child = 1; child <= CHILDREN_PER_ROOT && missing > 0; child++, missing--) {
        await seedCategory(tx, { name: `Bench group ${group}.${child}`, description: null, parentId: root });
      }
    }
  });
}

async function seedCategory(tx: EntityManager, fields: Omit<CategoryInput, "version">): Promise<number> {
  const created = await insertCategory(tx, categorySchema.parse(fields));
  if (!created.ok) throw new Error(`The bench category ${fields.name} was refused: ${created.reason}`);
  return created.id;
}

const FIRST_NAMES = ["Aino", "Eero", "Liisa", "Mikko", "Sanna", "Juha", "Emma", "Ville", "Noora", "Timo"];
const LAST_NAMES = ["Virtanen", "Korhonen", "Nieminen", "Mäkinen", "Hämäläinen", "Laine", "Koskinen"];
const CITIES = ["Helsinki", "Espoo", "Tampere", "Vantaa", "Oulu", "Turku", "Jyväskylä"];

/** Retail and business customers in batches of 1,000, through the customers' write path. */
async function seedCustomers(em: EntityManager, wanted: number): Promise<void> {
  const have = await count(em, "customer");
  const run = Date.now().toString(36);
  for (let first = have; first < wanted; first += 1000) {
    const inputs = Array.from({ length: Math.min(wanted, first + 1000) - first }, (_, n) => {
      const i = first + n;
      const business = i % 5 === 0;
      return customerSchema.parse({
        firstName: FIRST_NAMES[i % FIRST_NAMES.length],
        lastName: LAST_NAMES[Math.floor(i / 10) % LAST_NAMES.length],
        email: `bench-${run}-${i}@example.com`,
        phone: `+358 40 ${String(1000000 + i).slice(-7)}`,
        company: business ? `Bench Company ${i} Oy` : null,
        city: CITIES[i % CITIES.length],
        postalCode: String(10 + (i % 90)).padStart(5, "0"),
        country: "Finland",
        customerType: business ? "business" : "retail",
        vipStatus: i % 50 === 0,
        discountPercentage: business ? "5" : "0",
        creditLimit: business ? "5000" : "0",
      });
    });
    const created = await em.fork().transactional((tx) => insertCustomers(tx, inputs, UNGUARDED));
    if (!created.ok)
      throw new Error(`The bench customer ${inputs[created.index].email} was refused: ${created.reason}`);
  }
}

/**
 * Sales orders through the orders' write path (createOrders: priced, numbered, checked as one is),
 * a thousand to a transaction: one to three lines of products from across the catalogue, for the
 * customers without a credit limit (a limit would refuse a shop's worth of open orders) or none.
 */
async function seedOrders(em: EntityManager, wanted: number): Promise<void> {
  const have = await count(em, "sales_order");
  if (have >= wanted) return;
  const products = (await em.execute<{ id: number }[]>("select id from product order by id limit 2000")).map(
    (row) => row.id,
  );
  const customers = (
    await em.execute<{ id: number }[]>(
      "select id from customer where credit_limit = 0 order by id limit 2000",
    )
  ).map((row) => row.id);
  if (products.length === 0) return;
  let seed = have + 1;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let first = have; first < wanted; first += 1000) {
    const batch = Array.from({ length: Math.min(1000, wanted - first) }, () => ({
      customerId: customers.length && next(10) > 0 ? customers[next(customers.length)] : null,
      notes: null,
      lines: Array.from({ length: 1 + next(3) }, () => ({
        productId: products[next(products.length)],
        quantity: 1 + next(3),
        unitPrice: null,
      })),
    }));
    const made = await em.fork().transactional((tx) => createOrders(tx, batch, null, UNGUARDED));
    if (!made.ok) throw new Error(`Seeding orders was refused: ${made.reason}`);
  }
}

/**
 * Takes away the products an earlier run's timed import added, through the products' write path
 * (deleteProducts: with their history and alerts, refused for a product a document uses or whose
 * stock has moved, which the benchmark never does to them), 5,000 to a transaction.
 */
async function removeImportedProducts(em: EntityManager): Promise<void> {
  const ids = (
    await em
      .fork()
      .createQueryBuilder(Product, "p")
      .select("id")
      .where({ sku: { $like: `${BENCH_IMPORT_SKU_PREFIX}%` } })
      .orderBy({ id: "asc" })
      .execute<{ id: number }[]>()
  ).map((row) => row.id);
  for (let first = 0; first < ids.length; first += 5000) {
    const batch = ids.slice(first, first + 5000);
    const deleted = await em.fork().transactional((tx) => deleteProducts(tx, batch));
    if (!deleted.ok)
      throw new Error(`Removing the imported product ${batch[deleted.index]} was refused: ${deleted.reason}`);
  }
}

/**
 * Tops the database up to `size` and takes away what an earlier run's timed import added, so
 * that every run measures the same catalogue; returns what it holds afterwards (alerts included).
 */
export async function seedBenchData(em: EntityManager, size: BenchSize) {
  await removeImportedProducts(em);
  await seedCategories(em, size.categories);
  await seedCustomers(em, size.customers);
  const products = await count(em, "product");
  if (products < size.products) await seedSyntheticProducts(em.fork(), size.products - products);
  await seedOrders(em, size.orders);
  // Vacuumed as well as analysed: autovacuum must not start on the rows just removed or added
  // while the benchmark measures.
  await em.execute("vacuum (analyze)");
  return {
    products: await count(em, "product"),
    categories: await count(em, "category"),
    customers: await count(em, "customer"),
    orders: await count(em, "sales_order"),
    alerts: await count(em, "alert"),
  };
}
