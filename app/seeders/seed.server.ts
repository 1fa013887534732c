import type { EntityManager } from "@mikro-orm/postgresql";
import { seedSampleRules } from "~/models/automation/automation.server";
import { addCampaignProduct, createCampaign } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { insertCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { checkDigit } from "~/models/customer/business-id";
import { insertCustomers } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { eanCheckDigit } from "~/models/ean";
import { fromCents, toCents } from "~/models/money";
import { createOrders, moveOrderIn, movePaymentIn } from "~/models/order/order.server";
import { belowCostFindings, UNGUARDED } from "~/models/price/below-cost";
import type { ProductInput } from "~/models/product/product-schema";
import { createProducts } from "~/models/product/product-writes.server";
import { insertSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import {
  BRAND_CODES,
  CATEGORIES,
  CUSTOMERS,
  DEMO_SUPPLIERS,
  EAN_PREFIXES,
  PRODUCTS,
  SYNTHETIC_BRANDS,
  SYNTHETIC_COLOURS,
  SYNTHETIC_KINDS,
  SYNTHETIC_SERIES,
} from "./demo-data";

/**
 * The demo catalogue an empty database gets (SEED_DEMO=false turns it off), and synthetic
 * products for benchmarks. Deterministic: a seeded generator gives the same catalogue on every
 * machine, so that screenshots, bug reports and tests talk about the same products. No users: the
 * first account created is the admin.
 */

type Rng = () => number;

/** mulberry32: small, fast and good enough for demo data. */
function seededRandom(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Demo data

const SUPPLIERS = DEMO_SUPPLIERS.map(([name]) => name);

const COUNTS = {
  lowMargin: 12,
  mediumMargin: 15,
  lowStock: 15,
  outOfStock: 3,
  eol: 3,
  inactive: 5,
};

type SeedProduct = {
  name: string;
  sku: string;
  brand: string;
  category: string;
  purchasePrice: string;
  sellingPrice: string;
  stockLevel: number;
  supplier: string;
  /** A reorder point and quantity of its own, or null for the shop's. */
  reorderPoint: number | null;
  reorderQuantity: number | null;
  ean: string;
  status: "active" | "inactive" | "eol";
};

/** "ThinkPad E14 Gen 5 ..." -> "TPE14G": capitals of words, acronyms and model numbers whole. */
function modelCode(model: string): string {
  let code = "";
  for (const token of model.split(/[\s/]+/)) {
    const clean = token.replace(/[^A-Za-z0-9]/g, "");
    if (!clean) continue;
    if (/\d/.test(clean)) code += clean.slice(0, 6);
    else if (/^[A-Z]+$/.test(clean)) code += clean.slice(0, 4);
    else code += (clean.match(/[A-Z]/g)?.join("") ?? clean[0]).slice(0, 3);
    if (code.length >= 6) break;
  }
  return code.toUpperCase().slice(0, 10);
}

function demoSku(brand: string, model: string, index: number): string {
  const brandCode = BRAND_CODES[brand] ?? brand.slice(0, 3).toUpperCase();
  return `${brandCode}-${modelCode(model)}-${String(index + 1).padStart(3, "0")}`;
}

/** A valid EAN-13 under the brand's company prefix; item numbers never repeat. */
function demoEan(rng: Rng, brand: string, used: Set<string>): string {
  const prefix = EAN_PREFIXES[brand] ?? `64${between(rng, 10000, 99999)}`;
  for (;;) {
    const first12 = prefix + String(between(rng, 0, 99999)).padStart(5, "0");
    if (used.has(first12)) continue;
    used.add(first12);
    return first12 + eanCheckDigit(first12);
  }
}

/** The margin a product gets: exact numbers of low and medium ones, the rest 21-35 %. */
function marginFraction(rng: Rng, band: "low" | "medium" | "high"): number {
  if (band === "low") return 0.02 + rng() * 0.07;
  if (band === "medium") return 0.11 + rng() * 0.08;
  // From 21 %, so that rounding the purchase price to the cent cannot drop it under 20 %.
  return 0.21 + rng() * 0.14;
}

function buildDemoProducts(rng: Rng): SeedProduct[] {
  const indexes = PRODUCTS.map((_, i) => i);
  const byMargin = shuffled(rng, indexes);
  const lowMargin = new Set(byMargin.slice(0, COUNTS.lowMargin));
  const mediumMargin = new Set(byMargin.slice(COUNTS.lowMargin, COUNTS.lowMargin + COUNTS.mediumMargin));
  const byStock = shuffled(rng, indexes);
  const outOfStock = new Set(byStock.slice(0, COUNTS.outOfStock));
  const lowStock = new Set(byStock.slice(COUNTS.outOfStock, COUNTS.lowStock));
  const byStatus = shuffled(rng, indexes);
  const eol = new Set(byStatus.slice(0, COUNTS.eol));
  const inactive = new Set(byStatus.slice(COUNTS.eol, COUNTS.eol + COUNTS.inactive));

  const supplierOf = new Map<string, string>();
  const usedEans = new Set<string>();
  const reorderRng = seededRandom(20261515);
  return PRODUCTS.map(([category, brand, model, price], i) => {
    // A brand comes mostly through one distributor, as in real purchasing.
    if (!supplierOf.has(brand)) supplierOf.set(brand, pick(rng, SUPPLIERS));
    const supplier = rng() < 0.85 ? (supplierOf.get(brand) as string) : pick(rng, SUPPLIERS);
    const band = lowMargin.has(i) ? "low" : mediumMargin.has(i) ? "medium" : "high";
    const sellingCents = Math.round(price * 100);
    const purchaseCents = Math.round(sellingCents * (1 - marginFraction(rng, band)));
    const stockLevel = outOfStock.has(i) ? 0 : lowStock.has(i) ? between(rng, 1, 10) : between(rng, 11, 120);
    // One product in six has reorder figures of its own (fast movers are reordered earlier and in
    // larger lots); the others take the shop's.
    // (A generator of their own, so the rest of the demo stays as it was.)
    const ownReorder = reorderRng() < 1 / 6;
    return {
      name: `${brand} ${model}`,
      sku: demoSku(brand, model, i),
      brand,
      category,
      purchasePrice: fromCents(purchaseCents),
      sellingPrice: fromCents(sellingCents),
      stockLevel,
      supplier,
      reorderPoint: ownReorder ? between(reorderRng, 3, 25) : null,
      reorderQuantity: ownReorder ? 5 * between(reorderRng, 1, 6) : null,
      ean: demoEan(rng, brand, usedEans),
      status: eol.has(i) ? "eol" : inactive.has(i) ? "inactive" : "active",
    };
  });
}

/** "Päivi Hämäläinen" -> "paivi.hamalainen" */
function emailLocalPart(first: string, last: string): string {
  return `${first}.${last}`
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9.]/g, "");
}

function companyDomain(company: string): string {
  const name = company.replace(/\s+(Oy|AB|OÜ)$/u, "");
  return `${emailLocalPart(name, "").replace(/\./g, "")}.example`;
}

function demoPhone(rng: Rng, country: string): string {
  const digits = (n: number) => String(between(rng, 10 ** (n - 1), 10 ** n - 1));
  if (country === "Sweden") return `+46 70 ${digits(3)} ${digits(2)} ${digits(2)}`;
  if (country === "Estonia") return `+372 5${digits(3)} ${digits(4)}`;
  return `+358 ${pick(rng, ["40", "44", "45", "50"])} ${digits(3)} ${digits(4)}`;
}

/** A Finnish business ID (Y-tunnus) with a valid check digit, as a VAT number "FI12345678". */
function finnishVatNumber(rng: Rng): string {
  for (;;) {
    const body = String(between(rng, 1_000_000, 3_499_999));
    const check = checkDigit(body);
    // Seven digits whose remainder is 1 have no check digit: such numbers are never issued.
    if (check !== null) return `FI${body}${check}`;
  }
}

function vatNumber(rng: Rng, country: string): string {
  if (country === "Sweden") return `SE556${between(rng, 1_000_000, 9_999_999)}01`;
  if (country === "Estonia") return `EE10${between(rng, 1_000_000, 9_999_999)}`;
  return finnishVatNumber(rng);
}

function buildDemoCustomers(rng: Rng) {
  const topLevel: Record<string, string> = { Finland: "fi", Sweden: "se", Estonia: "ee" };
  return CUSTOMERS.map(([first, last, address, postalCode, city, country, company, vip]) => {
    const business = company !== null;
    const email = business
      ? `${emailLocalPart(first, last)}@${companyDomain(company)}`
      : `${emailLocalPart(first, last)}@example.${topLevel[country]}`;
    return {
      firstName: first,
      lastName: last,
      email,
      phone: demoPhone(rng, country),
      company,
      vatNumber: business ? vatNumber(rng, country) : null,
      address,
      city,
      postalCode,
      country,
      customerType: business ? "business" : "individual",
      vipStatus: vip,
      discountPercentage: vip ? "5.00" : business ? "3.00" : "0.00",
      creditLimit: business ? fromCents(between(rng, 1, 4) * 500_000) : "0.00",
    };
  });
}

/** "YYYY-MM-DD" of a UTC day. */
function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function todayPlus(days: number): string {
  const now = new Date();
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)));
}

/** A day of last month; 0 is the last day of it. */
function lastMonthDay(day: number): string {
  const now = new Date();
  const month = day === 0 ? now.getUTCMonth() : now.getUTCMonth() - 1;
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), month, day)));
}

type DemoCampaign = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  categories: string[];
  products: number;
};

function demoCampaigns(): DemoCampaign[] {
  return [
    {
      name: "Laptop Days",
      description: "Selected laptops and monitors at campaign prices",
      startDate: todayPlus(-5),
      endDate: todayPlus(9),
      categories: ["Laptops", "Monitors"],
      products: 6,
    },
    {
      name: "Audio Weeks",
      description: "Headphones and speakers on offer",
      startDate: todayPlus(-12),
      endDate: todayPlus(23),
      categories: ["Headphones", "Speakers"],
      products: 5,
    },
    {
      name: "Phone Upgrade Days",
      description: "New phones and tablets with chargers to match",
      startDate: todayPlus(10),
      endDate: todayPlus(24),
      categories: ["Smartphones", "Tablets", "Chargers"],
      products: 4,
    },
    {
      name: "Home Cinema Sale",
      description: "Televisions and speakers for the living room",
      startDate: lastMonthDay(1),
      endDate: lastMonthDay(14),
      categories: ["Televisions", "Speakers"],
      products: 3,
    },
    {
      name: "Accessories Week",
      description: "Cables and chargers at small prices",
      startDate: lastMonthDay(15),
      endDate: lastMonthDay(0),
      categories: ["Cables", "Chargers"],
      products: 6,
    },
  ];
}

/** The category tree, through the categories' write path, each root before its children; ids by name. */
async function insertCategories(tx: EntityManager): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const insert = async (name: string, description: string, parentId: number | null) => {
    const created = await insertCategory(tx, categorySchema.parse({ name, description, parentId }));
    if (!created.ok) throw new Error(`The demo category ${name} was refused: ${created.reason}`);
    ids.set(name, created.id);
    return created.id;
  };
  for (const root of CATEGORIES) {
    const rootId = await insert(root.name, root.description, null);
    for (const [name, description] of root.children) await insert(name, description, rootId);
  }
  return ids;
}

/** The demo suppliers, through the suppliers' write path, before the products that name them. */
async function insertDemoSuppliers(tx: EntityManager) {
  for (const [name, contactName, email, phone, leadTimeDays] of DEMO_SUPPLIERS) {
    const created = await insertSupplier(
      tx,
      supplierSchema.parse({ name, contactName, email, phone, leadTimeDays }),
    );
    if (!created.ok) throw new Error(`The demo supplier ${name} was refused: ${created.reason}`);
  }
}

/** The demo products, written as staff would write them: through the product write path. */
async function insertProducts(
  tx: EntityManager,
  products: SeedProduct[],
  categoryIds: Map<string, number>,
): Promise<Map<string, number>> {
  const created = await createProducts(
    tx,
    products.map((p) => ({
      name: p.name,
      sku: p.sku,
      brand: p.brand,
      categoryId: categoryIds.get(p.category) ?? null,
      purchasePrice: p.purchasePrice,
      sellingPrice: p.sellingPrice,
      vatInclusive: true,
      vatRate: null,
      stockLevel: p.stockLevel,
      supplier: p.supplier,
      reorderPoint: p.reorderPoint,
      reorderQuantity: p.reorderQuantity,
      ean: p.ean,
      imageUrl: null,
      barcode: null,
      status: p.status,
      version: null,
    })),
    null,
    { source: "seed" },
  );
  if (!created.ok)
    throw new Error(`The demo product ${products[created.index].sku} was refused: ${created.reason}`);
  return new Map(products.map((p, index) => [p.sku, created.ids[index]]));
}

/** The demo campaigns and their products at 5-25 % off, through the campaigns' write path. */
async function insertCampaigns(
  tx: EntityManager,
  rng: Rng,
  products: SeedProduct[],
  productIds: Map<string, number>,
) {
  for (const campaign of demoCampaigns()) {
    const created = await createCampaign(
      campaignSchema.parse({
        name: campaign.name,
        description: campaign.description,
        startDate: campaign.startDate,
        endDate: campaign.endDate,
        isActive: true,
      }),
      null,
      tx,
    );
    const candidates = products.filter(
      (p) => p.status === "active" && campaign.categories.includes(p.category),
    );
    for (const p of shuffled(rng, candidates).slice(0, campaign.products)) {
      const discountCents = Math.round(toCents(p.sellingPrice) * (1 - between(rng, 5, 25) / 100));
      // A demo campaign sells above cost: a product the discount would put under it stays out
      // (no one confirms a price below cost for the demo, below-cost.ts).
      const price = fromCents(discountCents);
      if (belowCostFindings([{ ...p, id: 0, price, vatInclusive: true, vatRate: 0 }]).length > 0) continue;
      // The price itself, not the percent: the campaign's rounding of a percent could differ by a cent.
      const added = await addCampaignProduct(
        created.id,
        campaignProductSchema.parse({
          productId: productIds.get(p.sku),
          discountPrice: price,
        }),
        null,
        tx,
      );
      if (!added.ok) throw new Error(`The demo campaign product ${p.sku} was refused: ${added.reason}`);
    }
  }
}

/** Seeds the demo catalogue into an empty database; false (and nothing done) when there is one. */
export async function seedDemoCatalogue(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tx) => {
    // One seeder at a time: two processes starting on one empty database must not both seed.
    await tx.execute("select pg_advisory_xact_lock(42002)");
    const [{ found }] = await tx.execute<{ found: boolean }[]>(
      "select exists (select 1 from product) or exists (select 1 from category) as found",
    );
    if (found) return false;

    const rng = seededRandom(20261122);
    const categoryIds = await insertCategories(tx);
    await insertDemoSuppliers(tx);
    const products = buildDemoProducts(rng);
    const productIds = await insertProducts(tx, products, categoryIds);
    // The customers' write path, their fields checked as the form checks them.
    const customers = await insertCustomers(
      tx,
      buildDemoCustomers(rng).map((customer) => customerSchema.parse(customer)),
      // The demo's discounts and low margins are on purpose: no person sets them.
      UNGUARDED,
    );
    if (!customers.ok) throw new Error(`The demo customers were refused: ${customers.reason}`);
    // A unit of work of their own in this transaction: each campaign write flushes, and need not
    // compare the catalogue's few hundred entities written above every time.
    await insertCampaigns(tx.fork({ keepTransactionContext: true }), rng, products, productIds);
    await insertDemoOrders(tx, rng);
    // The spec's three sample rules, set up after the catalogue (a rule acts on later changes).
    await seedSampleRules(tx, null);
    return true;
  });
}

/**
 * Three months of sales orders through the orders' write path (priced, numbered, stock taken by
 * the ledger's sale movements, customer totals kept), each moved as far as its age allows: the
 * sales report, the customers' totals and the ledger have something to show on the first day.
 */
async function insertDemoOrders(tx: EntityManager, rng: Rng) {
  const products = (
    await tx.execute<{ id: number }[]>(
      "select id from product where status = 'active' and stock_level >= 20 order by id",
    )
  ).map((row) => row.id);
  const customers = (await tx.execute<{ id: number }[]>("select id from customer order by id")).map(
    (row) => row.id,
  );
  if (products.length === 0) return;
  const now = Date.now();
  const hour = 3_600_000;
  for (let i = 0; i < 60; i++) {
    const daysAgo = between(rng, 0, 89);
    const placedAt = new Date(now - daysAgo * 24 * hour - between(rng, 0, 8) * hour);
    const lineCount = between(rng, 1, 3);
    const picked = new Set<number>();
    while (picked.size < Math.min(lineCount, products.length))
      picked.add(products[between(rng, 0, products.length - 1)]);
    const lines = [...picked].map((productId) => ({
      productId,
      quantity: between(rng, 1, 2),
      unitPrice: null,
    }));
    const customerId =
      rng() < 0.85 && customers.length ? customers[between(rng, 0, customers.length - 1)] : null;
    const made = await createOrders(tx, [{ customerId, notes: null, lines, placedAt }], null, UNGUARDED);
    // A business customer's credit limit may refuse one: the demo goes on without it.
    if (!made.ok) continue;
    const id = made.orderIds[0];
    const moves =
      rng() < 0.08
        ? ["cancelled"]
        : daysAgo > 14
          ? ["confirmed", "shipped", "delivered"]
          : daysAgo > 3
            ? ["confirmed", "shipped"]
            : daysAgo > 0
              ? ["confirmed"]
              : [];
    let at = placedAt.getTime();
    for (const to of moves) {
      at = Math.min(now, at + between(rng, 1, 48) * hour);
      if (!(await moveOrderIn(tx, id, to, null, null, new Date(at))).ok) break;
    }
    if (moves.includes("delivered")) await movePaymentIn(tx, id, "paid");
  }
}

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
  if (count > 0) await em.execute("analyze product");
  return count;
}
