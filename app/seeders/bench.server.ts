import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { addCampaignProduct, createCampaign } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { todayIn } from "~/models/campaign/campaign-status";
import { insertCategory } from "~/models/category/category.server";
import { type CategoryInput, categorySchema } from "~/models/category/category-schema";
import { insertCustomers } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { eanCheckDigit } from "~/models/ean";
import { locationSchema } from "~/models/location/location-schema";
import { insertLocation } from "~/models/location/location-writes.server";
import { createOrders } from "~/models/order/order.server";
import { UNGUARDED } from "~/models/price/below-cost";
import { Product } from "~/models/product/product.entity";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { changeProducts, deleteProducts } from "~/models/product/product-writes.server";
import { setPlacesFields } from "~/models/stock/product-place.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { BENCH_IMPORT_SKU_PREFIX } from "./bench-import";
import { seedSyntheticProducts } from "./seed.server";

/**
 * The benchmark's data set (`npm run bench`): a catalogue of a growing shop. Idempotent: each
 * part is topped up to its size, so a second run on the same folder adds nothing.
 */
export type BenchSize = {
  products: number;
  categories: number;
  customers: number;
  orders: number;
  locations: number;
};

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
 * The shop's locations (issue #32: "100,000 products in 20 locations, 2,000,000 stock rows"): the
 * default and more up to `wanted` (the first new one a warehouse, the rest stores) through the
 * locations' write path, and stock of every product in each: a receipt of 1 to 12 units through
 * the ledger's write path (changeStock), 500 products to a transaction. One product in 500 has a
 * reorder point of its own in each new place, above what it holds there (the place's To reorder
 * lines), through the place fields' write path. Topped up: a product with a row in every location
 * is passed over.
 */
async function seedLocations(em: EntityManager, wanted: number): Promise<void> {
  const have = await count(em, "location");
  await em.fork().transactional(async (tx) => {
    for (let n = have; n < wanted; n++) {
      const warehouse = n === 1;
      const created = await insertLocation(
        tx,
        locationSchema.parse({
          name: warehouse ? "Bench warehouse" : `Bench store ${n}`,
          kind: warehouse ? "warehouse" : "store",
          address: `${CITIES[n % CITIES.length]}, Benchmark street ${n}`,
        }),
      );
      if (!created.ok) throw new Error(`The bench location ${n} was refused: ${created.reason}`);
    }
  });
  const places = (
    await em.execute<{ id: number }[]>("select id from location where not is_default order by id")
  ).map((row) => row.id);
  if (places.length === 0) return;
  const [{ last }] = await em.execute<{ last: number }[]>(
    "select coalesce(max(id), 0)::int as last from product",
  );
  for (let from = 0; from < last; from += 500) {
    // The places each product of the batch is not stocked in yet.
    const missing = await em.execute<{ productId: number; locationId: number }[]>(
      `select p.id as "productId", l.id as "locationId" from product p cross join location l
        where p.id > ? and p.id <= ? and not l.is_default
          and not exists (select 1 from product_stock s where s.product_id = p.id and s.location_id = l.id)
        order by p.id, l.id`,
      [from, from + 500],
    );
    if (missing.length === 0) continue;
    await em.fork().transactional(async (tx) => {
      const received = await changeStock(
        tx,
        missing.map(({ productId, locationId }) => ({
          productId,
          locationId,
          delta: 1 + ((productId * 7 + locationId * 3) % 12),
          reason: "receipt" as const,
          note: "Benchmark stock",
        })),
      );
      if (!received.ok) throw new Error(`Seeding stock by location was refused: ${received.reason}`);
      for (const locationId of places) {
        const pointed = missing.filter(
          (place) => place.locationId === locationId && (place.productId + locationId) % 500 === 0,
        );
        await setPlacesFields(
          tx,
          locationId,
          pointed.map(({ productId }) => ({ productId, fields: { reorderPoint: 20 } })),
        );
      }
    });
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
  await seedLocations(em, size.locations);
  // Vacuumed as well as analysed: autovacuum must not start on the rows just removed or added
  // while the benchmark measures.
  await em.execute("vacuum (analyze)");
  return {
    products: await count(em, "product"),
    categories: await count(em, "category"),
    customers: await count(em, "customer"),
    orders: await count(em, "sales_order"),
    alerts: await count(em, "alert"),
    locations: await count(em, "location"),
    "stock rows": await count(em, "product_stock"),
  };
}

/** The campaign of the benchmark's labels: running from the day it is made for a month. */
const LABEL_CAMPAIGN = "Bench labels";

/**
 * The products of the benchmark's label print (issue #30: "a PDF of 1,000 labels"): `count` active
 * products with an EAN, `inCampaign` of them in a running campaign (their labels show the campaign
 * price and the prior price). Topped up through the write paths: products without an EAN get one
 * (an in-store EAN-13, "2" and the product's id), and while no "Bench labels" campaign runs, one
 * is made with products of no other running campaign at 5 % off (one the below-cost guard refuses
 * stays out). Returns their ids, the campaign's first.
 */
export async function seedLabelProducts(
  em: EntityManager,
  count: number,
  inCampaign: number,
): Promise<number[]> {
  const withEan = async () =>
    (
      await em.execute<{ id: number }[]>(
        "select id from product where ean is not null and status = 'active' order by id limit ?",
        [count],
      )
    ).map((row) => row.id);
  const have = await withEan();
  if (have.length < count) {
    const missing = (
      await em.execute<{ id: number }[]>(
        "select id from product where ean is null and status = 'active' order by id limit ?",
        [count - have.length],
      )
    ).map((row) => row.id);
    for (let first = 0; first < missing.length; first += 500) {
      await em.fork().transactional(async (tx) => {
        const changes = [];
        for (const id of missing.slice(first, first + 500)) {
          const product = await getProduct(id, tx);
          if (!product) continue;
          const digits = `2${String(id).padStart(11, "0")}`;
          changes.push({
            id,
            input: productSchema.parse({ ...product, ean: digits + eanCheckDigit(digits) }),
          });
        }
        const changed = await changeProducts(tx, changes, null);
        if (!changed.ok) throw new Error(`Giving bench products an EAN was refused: ${changed.reason}`);
      });
    }
  }
  const ids = await withEan();
  const today = todayIn(SHOP_TIME_ZONE);
  const running = `select cp.product_id as id from campaign_product cp join campaign c on c.id = cp.campaign_id
     where c.is_active and c.start_date <= ? and c.end_date >= ?`;
  const [campaign] = await em.execute<{ id: number }[]>(
    "select id from campaign where name = ? and is_active and start_date <= ? and end_date >= ? order by id desc limit 1",
    [LABEL_CAMPAIGN, today, today],
  );
  if (!campaign) {
    const busy = new Set((await em.execute<{ id: number }[]>(running, [today, today])).map((row) => row.id));
    await em.fork().transactional(async (tx) => {
      const created = await createCampaign(
        campaignSchema.parse({
          name: LABEL_CAMPAIGN,
          startDate: today,
          endDate: addDays(today, 30),
          isActive: true,
        }),
        null,
        tx,
      );
      let added = 0;
      for (const id of ids.filter((one) => !busy.has(one))) {
        if (added === inCampaign) break;
        const put = await addCampaignProduct(
          created.id,
          campaignProductSchema.parse({ productId: String(id), discountPercent: "5" }),
          null,
          tx,
        );
        if (put.ok) added++;
      }
    });
  }
  const campaigned = new Set(
    (await em.execute<{ id: number }[]>(running, [today, today])).map((row) => row.id),
  );
  return [...ids.filter((id) => campaigned.has(id)), ...ids.filter((id) => !campaigned.has(id))];
}
