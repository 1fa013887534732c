import { beforeEach, describe, expect, test } from "vitest";
import { actingUser, beginRequest } from "~/models/audit/audit-trail.server";
import { createCampaign } from "~/models/campaign/campaign.server";
import { createCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  applyPriceBatch,
  getPriceBatch,
  listPriceBatchLines,
  previewPriceBatch,
  priceBatchTotals,
  undoPriceBatch,
} from "./price-batch.server";
import { previewRequestOf, repriceSchema } from "./price-batch-schema";

const db = testDatabase();

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

function productInput(overrides: Record<string, unknown>) {
  return productSchema.parse({
    brand: "Anker",
    stockLevel: 10,
    supplier: "Tech Data",
    sku: `SKU-${Math.random().toString(36).slice(2, 8)}`,
    ...overrides,
  });
}

async function product(overrides: Record<string, unknown>) {
  const made = await db.inRequest(() => createProduct(productInput(overrides), null));
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

async function category(name: string, parentId: number | null = null) {
  const made = await db.inRequest(() => createCategory(categorySchema.parse({ name, parentId })));
  if (!made.ok) throw new Error("category");
  return made.category.id;
}

async function manager() {
  const [row] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role) values (?, 'x', 'Maija', 'Manager', 'manager') returning id`,
    [`${Math.random().toString(36).slice(2, 10)}@example.fi`],
  );
  return row.id;
}

/** A form's fields as the page posts them. */
function form(fields: Record<string, string>) {
  return repriceSchema.safeParse({ scope: "filters", rounding: "none", ...fields });
}

async function preview(fields: Record<string, string>, userId: number | null = null) {
  const parsed = form(fields);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return db.inRequest(() => previewPriceBatch(previewRequestOf(parsed.data), userId));
}

async function previewed(fields: Record<string, string>, userId: number | null = null) {
  const result = await preview(fields, userId);
  if (!result.ok) throw new Error(result.reason);
  return result.id;
}

const logRows = (batch: number) =>
  sql<{ product_id: number; price: string; source: string }>(
    "select product_id, price, source from price_history where batch = ? order by product_id",
    [batch],
  );

beforeEach(() =>
  db.truncate(
    "price_batch_line",
    "price_batch",
    "price_history",
    "campaign",
    "product",
    "category",
    "user",
    "below_cost_approval",
  ),
);

/**
 * The Done-when case: a category of three products (one in a subcategory), +5 % rounded to .90.
 * A: 100,00 bought at 60,00 incl. VAT; B: 249,00 bought at 150,00 excl. VAT (25,5 %); C: 19,99
 * bought at 19,00 incl. VAT.
 */
async function catalogue() {
  const audio = await category("Audio");
  const headphones = await category("Headphones", audio);
  const other = await category("Cables");
  const a = await product({
    name: "Speaker A",
    categoryId: audio,
    sellingPrice: "100.00",
    purchasePrice: "60.00",
  });
  const b = await product({
    name: "Speaker B",
    categoryId: audio,
    sellingPrice: "249.00",
    purchasePrice: "150.00",
    vatInclusive: false,
    vatRate: "25.5",
    stockLevel: 2,
  });
  const c = await product({
    name: "Earbuds C",
    categoryId: headphones,
    sellingPrice: "19.99",
    purchasePrice: "19.00",
    stockLevel: 5,
  });
  const outside = await product({
    name: "Cable",
    categoryId: other,
    sellingPrice: "9.99",
    purchasePrice: "2.00",
  });
  return { audio, a, b, c, outside };
}

describe("bulk repricing: +5 % rounded to .90 on a category of 3 products", () => {
  test("the preview shows the exact new prices and margins, and changes nothing", async () => {
    const { audio, a, b, c } = await catalogue();
    const id = await previewed({ categoryId: String(audio), rule: "percent", value: "5", rounding: "90" });
    const lines = await db.inRequest(() => listPriceBatchLines(id, { limit: 50, offset: 0 }));
    expect(
      lines.map(({ productId, oldSellingPrice, newSellingPrice, oldMargin, newMargin, newBand }) => ({
        productId,
        oldSellingPrice,
        newSellingPrice,
        oldMargin,
        newMargin,
        newBand,
      })),
    ).toEqual([
      {
        productId: a.id,
        oldSellingPrice: "100.00",
        newSellingPrice: "104.90",
        oldMargin: 40,
        newMargin: 42.8,
        newBand: "high",
      },
      {
        productId: b.id,
        oldSellingPrice: "249.00",
        newSellingPrice: "261.90",
        oldMargin: 24.4,
        newMargin: 28.1,
        newBand: "high",
      },
      {
        productId: c.id,
        oldSellingPrice: "19.99",
        newSellingPrice: "20.90",
        oldMargin: 5,
        newMargin: 9.1,
        newBand: "low",
      },
    ]);
    const totals = await db.inRequest(() => priceBatchTotals(id));
    // 4,90 x 10 + 12,90 x 2 + 0,91 x 5
    expect(totals).toEqual({
      before: { low: 1, medium: 0, high: 2 },
      after: { low: 1, medium: 0, high: 2 },
      stockValueChange: "79.35",
    });
    expect((await db.inRequest(() => getPriceBatch(id)))?.state).toBe("preview");
    expect((await db.inRequest(() => getProduct(a.id)))?.sellingPrice).toBe("100.00");
    expect(await logRows(id)).toEqual([]);
  });

  test("apply writes 3 price log rows with one batch", async () => {
    const { audio, a, b, c } = await catalogue();
    const userId = await manager();
    const id = await previewed(
      { categoryId: String(audio), rule: "percent", value: "5", rounding: "90" },
      userId,
    );
    // As the page's request runs it: the guard names the acting user for the audit trail.
    const applied = await db.inRequest(() => {
      beginRequest("req-1");
      actingUser({ id: userId, email: "maija@example.fi" });
      return applyPriceBatch(id, userId);
    });
    expect(applied).toEqual({ ok: true, id, count: 3 });
    expect(await logRows(id)).toEqual([
      { product_id: a.id, price: "104.90", source: "bulk" },
      { product_id: b.id, price: "261.90", source: "bulk" },
      { product_id: c.id, price: "20.90", source: "bulk" },
    ]);
    expect((await db.inRequest(() => getProduct(b.id)))?.margin).toBe(28.1);
    const batch = await db.inRequest(() => getPriceBatch(id));
    expect(batch).toMatchObject({ state: "applied", products: 3, changed: 3 });
    // Audited as single edits: one product change each, by the manager.
    const audit = await sql<{ n: number }>(
      "select count(*)::int as n from audit_log where entity_type = 'product' and action = 'update' and user_id = ?",
      [userId],
    );
    expect(audit[0].n).toBe(3);
    // Applied once only.
    expect(await db.inRequest(() => applyPriceBatch(id, userId))).toEqual({
      ok: false,
      reason: "notPreview",
    });
  });

  test("a product whose prices changed since the preview makes the apply write none, and is named; a stock movement does not", async () => {
    const { audio, a, b, c } = await catalogue();
    const id = await previewed({ categoryId: String(audio), rule: "percent", value: "5", rounding: "90" });
    const edit = async (product: { id: number }, fields: Record<string, unknown>) => {
      const current = await db.inRequest(() => getProduct(product.id));
      await db.inRequest(() =>
        updateProduct(
          product.id,
          productInput({ ...current, categoryId: audio, version: undefined, ...fields }),
          null,
        ),
      );
    };
    // Two of C were damaged (its stock and version move, its prices do not); B's price was changed by hand.
    await edit(c, { stockLevel: 3, stockReason: "damage" });
    await edit(b, { name: "Speaker B2", sellingPrice: "259.00" });
    const applied = await db.inRequest(() => applyPriceBatch(id, null));
    expect(applied).toEqual({ ok: false, reason: "stale", products: ["Speaker B2"], count: 1 });
    expect(await logRows(id)).toEqual([]);
    expect((await db.inRequest(() => getProduct(a.id)))?.sellingPrice).toBe("100.00");
    expect((await db.inRequest(() => getPriceBatch(id)))?.state).toBe("preview");
  });

  test("undo restores the old prices as a new batch, while the products are unchanged", async () => {
    const { audio, a, b, c } = await catalogue();
    const id = await previewed({ categoryId: String(audio), rule: "percent", value: "5", rounding: "90" });
    await db.inRequest(() => applyPriceBatch(id, null));
    const undone = await db.inRequest(() => undoPriceBatch(id, null));
    if (!undone.ok) throw new Error(undone.reason);
    expect(undone.count).toBe(3);
    expect(
      await Promise.all(
        [a, b, c].map(async (p) => (await db.inRequest(() => getProduct(p.id)))?.sellingPrice),
      ),
    ).toEqual(["100.00", "249.00", "19.99"]);
    expect((await logRows(undone.id)).map((row) => row.price)).toEqual(["100.00", "249.00", "19.99"]);
    expect(await db.inRequest(() => getPriceBatch(id))).toMatchObject({
      state: "undone",
      undoneById: undone.id,
    });
    expect(await db.inRequest(() => getPriceBatch(undone.id))).toMatchObject({ rule: "undo", undoesId: id });
    expect(await db.inRequest(() => undoPriceBatch(id, null))).toEqual({ ok: false, reason: "notApplied" });
  });

  test("undo is refused, naming the product, when one changed since the apply", async () => {
    const { audio, a } = await catalogue();
    const id = await previewed({ categoryId: String(audio), rule: "percent", value: "5", rounding: "90" });
    await db.inRequest(() => applyPriceBatch(id, null));
    const current = await db.inRequest(() => getProduct(a.id));
    await db.inRequest(() =>
      updateProduct(a.id, productInput({ ...current, sellingPrice: "99.00", version: undefined }), null),
    );
    expect(await db.inRequest(() => undoPriceBatch(id, null))).toEqual({
      ok: false,
      reason: "stale",
      products: ["Speaker A"],
      count: 1,
    });
    expect((await db.inRequest(() => getProduct(a.id)))?.sellingPrice).toBe("99.00");
    expect(await sql("select id from price_batch where rule = 'undo'")).toEqual([]);
  });
});

describe("what the preview holds back and flags", () => {
  test("a new price below cost is held back and not written", async () => {
    const { audio, a, c } = await catalogue();
    const id = await previewed({ categoryId: String(audio), rule: "percent", value: "-10" });
    const held = await db.inRequest(() =>
      listPriceBatchLines(id, { only: "belowCost", limit: 50, offset: 0 }),
    );
    expect(held.map((line) => [line.productId, line.newSellingPrice])).toEqual([[c.id, "17.99"]]);
    const applied = await db.inRequest(() => applyPriceBatch(id, null));
    expect(applied).toMatchObject({ ok: true, count: 2 });
    expect((await db.inRequest(() => getProduct(c.id)))?.sellingPrice).toBe("19.99");
    expect((await db.inRequest(() => getProduct(a.id)))?.sellingPrice).toBe("90.00");
    // B at 224,10 falls to a medium margin (16,0 %); C keeps its band, held back.
    expect((await db.inRequest(() => priceBatchTotals(id))).after).toEqual({ low: 1, medium: 1, high: 1 });
  });

  test("with a manager's reason the apply writes the line below cost too, recorded for the batch; its undo restores without one", async () => {
    const { audio, a, c } = await catalogue();
    const userId = await manager();
    const id = await previewed({ categoryId: String(audio), rule: "percent", value: "-10" }, userId);
    const confirmation = { reason: "Clearing the earbuds", userId, role: "manager" as const };
    const applied = await db.inRequest(() => applyPriceBatch(id, userId, confirmation));
    expect(applied).toEqual({ ok: true, id, count: 3 });
    expect((await db.inRequest(() => getProduct(c.id)))?.sellingPrice).toBe("17.99");
    expect((await db.inRequest(() => getProduct(a.id)))?.sellingPrice).toBe("90.00");
    expect(
      await sql("select subject, subject_id, product_id, price, reason, user_id from below_cost_approval"),
    ).toEqual([
      {
        subject: "price_batch",
        subject_id: id,
        product_id: c.id,
        price: "17.99",
        reason: "Clearing the earbuds",
        user_id: userId,
      },
    ]);
    // Nothing is held back any more: every line is written and counted.
    expect(await db.inRequest(() => getPriceBatch(id))).toMatchObject({ changed: 3, belowCost: 0 });
    // The old prices are not below cost: the undo needs no reason.
    expect(await db.inRequest(() => undoPriceBatch(id, userId))).toMatchObject({ ok: true, count: 3 });
    expect((await db.inRequest(() => getProduct(c.id)))?.sellingPrice).toBe("19.99");
  });

  test("a running campaign whose price the new selling price is not above is flagged", async () => {
    const { a } = await catalogue();
    const today = new Date().toISOString().slice(0, 10);
    const campaign = await db.inRequest(() =>
      createCampaign(
        {
          name: "Kevät",
          description: null,
          startDate: today,
          endDate: "2099-12-31",
          isActive: true,
        } as never,
        null,
      ),
    );
    await sql(
      "insert into campaign_product (campaign_id, product_id, discount_price, original_price) values (?, ?, 95, 100)",
      [campaign.id, a.id],
    );
    const id = await previewed({
      scope: "campaign",
      campaignId: String(campaign.id),
      rule: "euros",
      value: "-5,50",
    });
    const flagged = await db.inRequest(() =>
      listPriceBatchLines(id, { only: "claims", limit: 50, offset: 0 }),
    );
    expect(flagged.map((line) => [line.productId, line.newSellingPrice, line.campaignPrice])).toEqual([
      [a.id, "94.50", "95.00"],
    ]);
  });
});

describe("bad input is refused, naming the field, and nothing changes", () => {
  test("percentages outside -99..1000 and a target margin of 100 % are refused on the value", () => {
    for (const [rule, value] of [
      ["percent", "1000,01"],
      ["percent", "-99.5"],
      ["markup", "1001"],
      ["supplierCost", "-100"],
      ["margin", "100"],
      ["euros", "100000000"],
    ]) {
      const parsed = form({ rule, value });
      expect(parsed.success, `${rule} ${value}`).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["value"]);
    }
    expect(form({ rule: "percent", value: "1000" }).success).toBe(true);
    expect(form({ rule: "percent", value: "-99" }).success).toBe(true);
    expect(form({ rule: "percent", value: "abc" }).error?.issues[0].message).toBe("repricing:errors.value");
  });

  test("a rule or a rounding giving a price of zero or less or too large is refused, naming the product", async () => {
    const { audio } = await catalogue();
    expect(await preview({ categoryId: String(audio), rule: "euros", value: "-20" })).toEqual({
      ok: false,
      reason: "refused",
      field: "value",
      problem: "zeroOrLess",
      product: "Earbuds C",
    });
    const tiny = await product({
      name: "Sticker",
      brand: "Tiny",
      sellingPrice: "0.30",
      purchasePrice: "0.01",
    });
    expect(await preview({ brand: "tiny", rule: "percent", value: "0", rounding: "90" })).toMatchObject({
      ok: false,
      field: "rounding",
      problem: "zeroOrLess",
      product: tiny.name,
    });
    expect(await preview({ categoryId: String(audio), rule: "percent", value: "1000" })).toMatchObject({
      ok: true,
    });
    await sql("update product set selling_price = 9999999.00 where name = 'Speaker B'");
    expect(await preview({ categoryId: String(audio), rule: "percent", value: "1000" })).toMatchObject({
      ok: false,
      field: "value",
      problem: "tooLarge",
      product: "Speaker B",
    });
    // Only the one good preview was stored; no product changed.
    expect(await sql("select id from price_batch")).toHaveLength(1);
    expect(await sql("select id from price_history where source = 'bulk'")).toEqual([]);
  });
});
