import { between, pick, type Rng, seededRandom, shuffled } from "~/models/demo-random";
import type { DemoShopProduct, DemoStep } from "~/models/demo-shop";
import { eanCheckDigit } from "~/models/ean";
import { fromCents } from "~/models/money";
import { BRAND_CODES, EAN_PREFIXES, PRODUCTS } from "./demo-data";
import { createProducts } from "./product-writes.server";

const COUNTS = {
  lowMargin: 12,
  mediumMargin: 15,
  lowStock: 15,
  outOfStock: 3,
  eol: 3,
  inactive: 5,
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

function buildDemoProducts(rng: Rng, suppliers: string[]): DemoShopProduct[] {
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
    if (!supplierOf.has(brand)) supplierOf.set(brand, pick(rng, suppliers));
    const supplier = rng() < 0.85 ? (supplierOf.get(brand) as string) : pick(rng, suppliers);
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

/**
 * A cable's length in its name ("Cat 6 Network Cable 5 m"): sold by the metre, so its label shows
 * the price per metre (issue #30); other products are sold by the piece.
 */
function soldByMeasure(p: DemoShopProduct): { unit?: "m"; netQuantity?: string } {
  const length = p.category === "Cables" ? /(\d+(?:\.\d+)?) m$/.exec(p.name) : null;
  return length ? { unit: "m", netQuantity: length[1] } : {};
}

/**
 * Serial-tracked (issue #31): phones by IMEI and laptops by serial number, each with a 24-month
 * guarantee; the serial step gives their opening stock its units.
 */
function serialTracking(p: DemoShopProduct): { tracking?: "imei" | "serial"; guaranteeMonths?: number } {
  if (p.category === "Smartphones") return { tracking: "imei", guaranteeMonths: 24 };
  if (p.category === "Laptops") return { tracking: "serial", guaranteeMonths: 24 };
  return {};
}

/** The demo products, written as staff would write them: through the product write path. */
export const demoProducts: DemoStep = {
  place: 30,
  seed: async (tx, shop) => {
    const products = buildDemoProducts(shop.rng, shop.suppliers);
    const created = await createProducts(
      tx,
      products.map((p) => ({
        name: p.name,
        sku: p.sku,
        brand: p.brand,
        categoryId: shop.categoryIds.get(p.category) ?? null,
        purchasePrice: p.purchasePrice,
        sellingPrice: p.sellingPrice,
        vatInclusive: true,
        vatRate: null,
        stockLevel: p.stockLevel,
        supplier: p.supplier,
        reorderPoint: p.reorderPoint,
        reorderQuantity: p.reorderQuantity,
        ean: p.ean,
        ...soldByMeasure(p),
        ...serialTracking(p),
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
    shop.products = products;
    shop.productIds = new Map(products.map((p, index) => [p.sku, created.ids[index]]));
  },
};
