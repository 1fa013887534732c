import { beforeEach, describe, expect, test } from "vitest";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, importProducts, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { createRule, deleteRule, getRule, listRules, purchasePriceMovedMoreThan } from "./automation.server";
import { ruleSchema } from "./rule-schema";

const db = testDatabase();

function input(overrides: Record<string, unknown> = {}) {
  return productSchema.parse({
    name: "Sony WH-1000XM5",
    sku: "SONY-XM5",
    brand: "Sony",
    purchasePrice: "250.00",
    sellingPrice: "399.00",
    stockLevel: 25,
    supplier: "Sony Nordic",
    ...overrides,
  });
}

async function rule(fields: Record<string, unknown>) {
  return db.inRequest(() => createRule(ruleSchema.parse({ name: "Rule", ...fields }), null));
}

async function product(overrides: Record<string, unknown> = {}) {
  const created = await db.inRequest(() => createProduct(input(overrides), null));
  if (!created.ok) throw new Error(created.reason);
  return created.product;
}

async function change(id: number, overrides: Record<string, unknown>) {
  const changed = await db.inRequest(() => updateProduct(id, input(overrides), null));
  if (!changed.ok) throw new Error(changed.reason);
}

async function ruleAlerts(ruleId: number) {
  return db.orm.em
    .fork()
    .execute<{ type: string; product_id: number; data: Record<string, unknown> }[]>(
      "select type, product_id, data from alert where rule_id = ? order by id",
      [ruleId],
    );
}

beforeEach(() =>
  db.truncate("automation_rule", "alert", "product", "category", "price_history", "email_outbox"),
);

describe("a reorder rule 'stock below 5'", () => {
  test("raises one alert when a product goes 6 -> 4, none for 20 -> 12, none again for 4 -> 3; lastRun is set", async () => {
    const reorder = await rule({
      type: "reorder",
      conditions: { stockBelow: 5 },
      actions: { reorderQuantity: 20 },
    });
    expect(reorder.lastRun).toBeNull();
    const watched = await product({ stockLevel: 20 });
    await change(watched.id, { stockLevel: 12 });
    expect(await ruleAlerts(reorder.id)).toHaveLength(0);
    expect((await db.inRequest(() => getRule(reorder.id)))?.lastRun).toBeNull();

    await change(watched.id, { stockLevel: 6 });
    await change(watched.id, { stockLevel: 4 });
    const raised = await ruleAlerts(reorder.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: "low_stock",
      product_id: watched.id,
      data: { stock: 4, below: 5, reorderQuantity: 20, rule: "Rule" },
    });
    expect((await db.inRequest(() => getRule(reorder.id)))?.lastRun).not.toBeNull();

    await change(watched.id, { stockLevel: 3 });
    expect(await ruleAlerts(reorder.id)).toHaveLength(1);
  });

  test("deleting the rule keeps the shop's unread alert of the same product; its own read alerts stay without it", async () => {
    const reorder = await rule({ type: "reorder", conditions: { stockBelow: 5 } });
    const first = await product({ sku: "DEL-1", stockLevel: 20 });
    const second = await product({ sku: "DEL-2", stockLevel: 20 });
    // Both under the shop's threshold (10) and the rule's (5): a shop alert and a rule alert each.
    await change(first.id, { sku: "DEL-1", stockLevel: 3 });
    await change(second.id, { sku: "DEL-2", stockLevel: 3 });
    const sql = (query: string, params: unknown[] = []) => db.orm.em.fork().execute(query, params);
    await sql("update alert set is_read = true where rule_id = ? and product_id = ?", [
      reorder.id,
      second.id,
    ]);
    expect(await db.inRequest(() => deleteRule(reorder.id))).toBe(true);
    const left = await sql(
      "select product_id, rule_id, is_read from alert where type = 'low_stock' order by product_id, is_read",
    );
    expect(left).toEqual([
      { product_id: first.id, rule_id: null, is_read: false },
      { product_id: second.id, rule_id: null, is_read: false },
      { product_id: second.id, rule_id: null, is_read: true },
    ]);
    expect(await db.inRequest(() => deleteRule(reorder.id))).toBe(false);
  });

  test("the same through the bulk import: a product arriving with 4 raises it, one with 12 does not", async () => {
    const reorder = await rule({ type: "reorder", conditions: { stockBelow: 5 } });
    const imported = await db.inRequest(() =>
      importProducts([input({ sku: "LOW-1", stockLevel: 4 }), input({ sku: "OK-1", stockLevel: 12 })], null),
    );
    expect(imported.ok).toBe(true);
    const raised = await ruleAlerts(reorder.id);
    expect(raised).toHaveLength(1);
    expect(raised[0].data).toMatchObject({ sku: "LOW-1", stock: 4 });
  });

  test("an inactive rule raises nothing; a rule for a category watches only its products", async () => {
    await rule({ type: "reorder", isActive: false, conditions: { stockBelow: 5 } });
    const [{ id: categoryId }] = await db.orm.em
      .fork()
      .execute<{ id: number }[]>("insert into category (name) values ('Audio') returning id");
    const forAudio = await rule({ type: "reorder", conditions: { stockBelow: 5, categoryId } });
    await product({ sku: "OTHER", stockLevel: 2 });
    await product({ sku: "AUDIO", stockLevel: 2, categoryId });
    const alerts = await db.orm.em
      .fork()
      .execute<{ rule_id: number }[]>("select rule_id from alert where rule_id is not null");
    expect(alerts).toEqual([{ rule_id: forAudio.id }]);
  });
});

describe("a price_update rule over 5 %", () => {
  test("fires on a 10 % purchase price change and not on a 2 % one", async () => {
    const prices = await rule({ type: "price_update", conditions: { purchasePriceChangeAbove: 5 } });
    const watched = await product({ purchasePrice: "100.00", sellingPrice: "200.00" });
    await change(watched.id, { purchasePrice: "102.00", sellingPrice: "200.00" });
    expect(await ruleAlerts(prices.id)).toHaveLength(0);
    await change(watched.id, { purchasePrice: "112.20", sellingPrice: "200.00" });
    const raised = await ruleAlerts(prices.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ type: "price_change", data: { from: "102.00", to: "112.20" } });
  });

  test("the change is compared exactly, in cents: 5 % is not more than 5 %", () => {
    expect(purchasePriceMovedMoreThan("100.00", "105.00", 5)).toBe(false);
    expect(purchasePriceMovedMoreThan("100.00", "105.01", 5)).toBe(true);
    expect(purchasePriceMovedMoreThan("100.00", "94.99", 5)).toBe(true);
    expect(purchasePriceMovedMoreThan("0.00", "1.00", 5)).toBe(true);
  });
});

describe("an alert rule", () => {
  test("on margin raises low_margin when the margin falls below its own threshold", async () => {
    const margins = await rule({ type: "alert", conditions: { metric: "margin", below: 30 } });
    const watched = await product({ purchasePrice: "250.00", sellingPrice: "399.00" }); // 37.3 %
    await change(watched.id, { purchasePrice: "300.00", sellingPrice: "399.00" }); // 24.8 %
    const raised = await ruleAlerts(margins.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ type: "low_margin", data: { margin: 24.8, below: 30 } });
  });
});

describe("rule JSON is checked against the rule type", () => {
  test("invalid JSON, or valid JSON with a wrong field, is refused naming the field; nothing is stored", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "reorder", conditions: "{stockBelow: 5" }, "conditions", "notifications:errors.json"],
      [
        { type: "reorder", conditions: { stockBelow: "five" } },
        "conditions.stockBelow",
        "notifications:errors.number",
      ],
      [
        { type: "reorder", conditions: { stokBelow: 5 } },
        "conditions.stokBelow",
        "notifications:errors.unknownField",
      ],
      [
        { type: "reorder", conditions: { stockBelow: 5 }, actions: { email: true } },
        "actions.email",
        "notifications:errors.unknownField",
      ],
      [
        { type: "alert", conditions: { metric: "price", below: 5 } },
        "conditions.metric",
        "notifications:errors.metric",
      ],
      [{ type: "upsell", conditions: {} }, "type", "notifications:errors.type"],
    ];
    for (const [fields, path, message] of cases) {
      const parsed = ruleSchema.safeParse({ name: "Broken", ...fields });
      expect(parsed.success, JSON.stringify(fields)).toBe(false);
      const issues = parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
      expect(issues, JSON.stringify(fields)).toContainEqual([path, message]);
    }
    expect(await db.inRequest(() => listRules())).toEqual([]);
  });

  test("the examples the form shows are valid rules", async () => {
    const { RULE_EXAMPLES } = await import("./rule-types");
    for (const [type, example] of Object.entries(RULE_EXAMPLES)) {
      expect(ruleSchema.safeParse({ name: type, type, ...example }).success, type).toBe(true);
    }
  });
});
