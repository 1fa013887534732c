import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { testDatabase } from "../../tests/setup/database";
import { calculateMargin, marginCategory, netPurchasePrice } from "./margin";
import { fromCents } from "./money";
import { FINNISH_VAT_RATES } from "./vat";

const db = testDatabase();

type Case = { purchase: string; selling: string; vatInclusive: boolean; vatRate: string };

/**
 * Stores the cases as products and reads back the margin PostgreSQL keeps for each (the generated
 * columns), in the cases' order.
 */
async function storedMargins(cases: Case[]) {
  const em = db.orm.em.fork();
  await em.execute("truncate product restart identity cascade");
  await em.execute(`insert into supplier (name) values ('S') on conflict ((lower(name))) do nothing`);
  await em.execute(
    `insert into product (name, sku, brand, supplier_id, purchase_price, selling_price, vat_inclusive, vat_rate)
     select 'P', 'SKU-' || e.n, 'B', (select id from supplier where lower(name) = lower('S')), (e.v->>'purchase')::numeric, (e.v->>'selling')::numeric,
       (e.v->>'vatInclusive')::boolean, (e.v->>'vatRate')::numeric
     from jsonb_array_elements(?::jsonb) with ordinality as e(v, n)`,
    [JSON.stringify(cases)],
  );
  return em.execute<{ margin: string; category: string; cost: string }[]>(
    "select margin_percent as margin, margin_category as category, purchase_cost::text as cost from product order by id",
  );
}

const rate = fc.oneof(
  fc.constantFrom(...FINNISH_VAT_RATES),
  fc.integer({ min: 0, max: 10_000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
);
const price = (min: number) => fc.integer({ min, max: 5_000_000 }).map(fromCents);

describe("the margin PostgreSQL keeps and the margin rule in TypeScript", () => {
  test("the stored margin equals the computed one for random products and VAT rates", async () => {
    const cases = fc.sample(
      fc.record({ purchase: price(0), selling: price(1), vatInclusive: fc.boolean(), vatRate: rate }),
      { numRuns: 3000, seed: 20261123 },
    );
    const fromSql = await storedMargins(cases);
    cases.forEach((c, i) => {
      const js = calculateMargin({
        purchasePrice: c.purchase,
        sellingPrice: c.selling,
        vatInclusive: c.vatInclusive,
        vatRate: Number(c.vatRate),
      });
      expect({ margin: js.marginPercentage, category: js.marginCategory }, JSON.stringify(c)).toEqual({
        margin: Number(fromSql[i].margin),
        category: fromSql[i].category,
      });
    });
  });

  test("agree exactly at the boundaries 10 % and 20 %", async () => {
    const standard = { vatRate: "25.5" };
    const cases: Case[] = [
      { purchase: "90.00", selling: "100.00", vatInclusive: true, ...standard },
      { purchase: "80.00", selling: "100.00", vatInclusive: true, ...standard },
      { purchase: "90.01", selling: "100.00", vatInclusive: true, ...standard },
      { purchase: "80.01", selling: "100.00", vatInclusive: true, ...standard },
      { purchase: "71.71", selling: "100.00", vatInclusive: false, ...standard }, // 100 - 71.71 x 1.255 = 10.0040... %
      { purchase: "1000.00", selling: "1.00", vatInclusive: false, ...standard },
    ];
    const fromSql = await storedMargins(cases);
    const js = cases.map((c) =>
      calculateMargin({
        purchasePrice: c.purchase,
        sellingPrice: c.selling,
        vatInclusive: c.vatInclusive,
        vatRate: Number(c.vatRate),
      }),
    );
    expect(js.map((r) => r.marginCategory)).toEqual(["medium", "high", "low", "medium", "medium", "low"]);
    expect(fromSql.map((r) => r.category)).toEqual(js.map((r) => r.marginCategory));
    expect(fromSql.map((r) => Number(r.margin))).toEqual(js.map((r) => r.marginPercentage));
  });

  test("random percentages land in the category the thresholds say", () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 100, noNaN: true }), (p) => {
        const category = marginCategory(p);
        return p < 10 ? category === "low" : p < 20 ? category === "medium" : category === "high";
      }),
    );
  });
});

describe("the purchase cost PostgreSQL keeps and netPurchasePrice", () => {
  test("the stored cost without VAT equals the computed one for random products and VAT rates", async () => {
    const cases = fc.sample(
      fc.record({ purchase: price(0), selling: price(1), vatInclusive: fc.boolean(), vatRate: rate }),
      { numRuns: 3000, seed: 20261124 },
    );
    // Halves of a cent after the division, both ways: 12.55 / 1.255 = 10.00, 0.01 / 1.1 = 0.009...
    cases.push(
      { purchase: "12.55", selling: "20.00", vatInclusive: true, vatRate: "25.50" },
      { purchase: "0.01", selling: "1.00", vatInclusive: true, vatRate: "10.00" },
      { purchase: "0.03", selling: "1.00", vatInclusive: true, vatRate: "100.00" },
      { purchase: "0.05", selling: "1.00", vatInclusive: true, vatRate: "25.00" },
    );
    const fromSql = await storedMargins(cases);
    cases.forEach((c, i) => {
      expect(fromSql[i].cost, JSON.stringify(c)).toBe(
        netPurchasePrice({ purchasePrice: c.purchase, vatInclusive: c.vatInclusive, vatRate: c.vatRate }),
      );
    });
    // 0.03 / 2 = 0.015 and 0.05 / 1.25 = 0.04: half up, exact.
    expect(fromSql.slice(-4).map((row) => row.cost)).toEqual(["10.00", "0.01", "0.02", "0.04"]);
  });
});
