import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { testDatabase } from "../../tests/setup/database";
import { calculateMargin, marginCategory } from "./margin";
import { marginSql } from "./margin.server";
import { fromCents } from "./money";

const db = testDatabase();
const VAT_RATE = 25.5;

type Case = { purchase: string; selling: string; vatInclusive: boolean };

/** The database's margin (one decimal) and category for many price pairs, in one query. */
async function sqlMargins(cases: Case[]) {
  const margin = marginSql("p", VAT_RATE);
  return db.orm.em.fork().execute<{ margin: string; category: string }[]>(
    `select round(${margin}, 1) as margin,
       case when ${margin} < 10 then 'low' when ${margin} < 20 then 'medium' else 'high' end as category
     from (select (e.v->>'purchase')::numeric as purchase_price, (e.v->>'selling')::numeric as selling_price,
             (e.v->>'vatInclusive')::boolean as vat_inclusive, e.n
           from jsonb_array_elements(?::jsonb) with ordinality as e(v, n)) p
     order by p.n`,
    [JSON.stringify(cases)],
  );
}

const price = (min: number) => fc.integer({ min, max: 5_000_000 }).map(fromCents);

describe("the margin rule in JavaScript and in SQL", () => {
  test("give the same margin and category for random prices", async () => {
    const cases = fc.sample(
      fc.record({ purchase: price(0), selling: price(1), vatInclusive: fc.boolean() }),
      { numRuns: 2000, seed: 20261122 },
    );
    const fromSql = await sqlMargins(cases);
    cases.forEach((c, i) => {
      const js = calculateMargin({
        purchasePrice: c.purchase,
        sellingPrice: c.selling,
        vatInclusive: c.vatInclusive,
        vatRate: VAT_RATE,
      });
      expect({ margin: js.marginPercentage, category: js.marginCategory }, JSON.stringify(c)).toEqual({
        margin: Number(fromSql[i].margin),
        category: fromSql[i].category,
      });
    });
  });

  test("agree exactly at the boundaries 10 % and 20 %", async () => {
    const cases: Case[] = [
      { purchase: "90.00", selling: "100.00", vatInclusive: true },
      { purchase: "80.00", selling: "100.00", vatInclusive: true },
      { purchase: "90.01", selling: "100.00", vatInclusive: true },
      { purchase: "80.01", selling: "100.00", vatInclusive: true },
      { purchase: "71.71", selling: "100.00", vatInclusive: false }, // 100 - 71.71 x 1.255 = 10.0040... %
      { purchase: "1000.00", selling: "1.00", vatInclusive: false },
    ];
    const fromSql = await sqlMargins(cases);
    const js = cases.map((c) =>
      calculateMargin({
        purchasePrice: c.purchase,
        sellingPrice: c.selling,
        vatInclusive: c.vatInclusive,
        vatRate: VAT_RATE,
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
