import { beforeEach, describe, expect, test } from "vitest";
import { getProduct } from "~/models/product/product-reads.server";
import { type ProductInput, productSchema } from "~/models/product/product-schema";
import { changeProduct, createProducts } from "~/models/product/product-writes.server";
import { createPurchaseOrder, movePurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema } from "~/models/purchase-order/purchase-order-schema";
import { createSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { testDatabase } from "../../../tests/setup/database";
import { needsReorder, type ReorderDefaults, suggestedQuantity } from "./reorder";
import { listReorder, suggestedQuantitySql } from "./reorder.server";

const db = testDatabase();
const shop: ReorderDefaults = { reorderPoint: 10, reorderQuantity: 10 };

type Spec = {
  sku: string;
  supplier: string;
  stockLevel: number;
  reorderPoint?: number | null;
  reorderQuantity?: number | null;
  status?: string;
  purchasePrice?: string;
  vatInclusive?: boolean;
};

function input(spec: Spec): ProductInput {
  return productSchema.parse({
    name: `Product ${spec.sku}`,
    brand: "Brand",
    sellingPrice: "99.00",
    purchasePrice: "12.55",
    vatInclusive: false,
    ...spec,
  });
}

async function products(specs: Spec[]) {
  const created = await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) => createProducts(tx, specs.map(input), null)),
  );
  if (!created.ok) throw new Error(created.reason);
  return new Map(specs.map((spec, i) => [spec.sku, created.ids[i]]));
}

async function supplier(name: string, leadTimeDays: number) {
  const result = await db.inRequest(() => createSupplier(supplierSchema.parse({ name, leadTimeDays })));
  if (!result.ok) throw new Error(result.reason);
  return result.supplier;
}

const list = (filters: { supplierId?: number; limit?: number; offset?: number } = {}, defaults = shop) =>
  db.inRequest(() => listReorder({ limit: 100, offset: 0, ...filters }, db.orm.em.fork(), defaults));

beforeEach(() =>
  db.truncate(
    "purchase_order_line",
    "purchase_order",
    "document_number",
    "email_outbox",
    "supplier",
    "product",
    "alert",
    "price_history",
  ),
);

/** A purchase order of `lines` for `supplierId`, sent unless `sendIt` is false. */
async function purchaseOrder(
  supplierId: number,
  lines: { productId: number; quantity: number }[],
  sendIt = true,
) {
  const input = purchaseOrderSchema.parse({ supplierId, lines });
  const made = await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null));
  if (!made.ok) throw new Error(made.reason);
  if (sendIt) {
    const moved = await db.inRequest(() => movePurchaseOrder(made.order.id, "sent", null));
    if (!moved.ok) throw new Error(moved.reason);
  }
}

describe("the To reorder list", () => {
  test("lists exactly the active products at or under their point, the shop's or their own, grouped by supplier", async () => {
    const elko = await supplier("Elko", 7);
    const also = await supplier("also Finland", 4);
    await products([
      // The shop's point (10): at it, under it, above it.
      { sku: "E-AT", supplier: "Elko", stockLevel: 10 },
      { sku: "E-UNDER", supplier: "Elko", stockLevel: 2 },
      { sku: "E-ABOVE", supplier: "Elko", stockLevel: 11 },
      // Points of their own, under and over the shop's.
      { sku: "E-OWN-LOW", supplier: "Elko", stockLevel: 5, reorderPoint: 5, reorderQuantity: 24 },
      { sku: "E-OWN-LOW-ABOVE", supplier: "Elko", stockLevel: 6, reorderPoint: 5 },
      { sku: "A-OWN-HIGH", supplier: "Also Finland", stockLevel: 40, reorderPoint: 50 },
      { sku: "A-OWN-HIGH-ABOVE", supplier: "Also Finland", stockLevel: 51, reorderPoint: 50 },
      { sku: "A-ZERO", supplier: "Also Finland", stockLevel: 0, reorderPoint: 0, reorderQuantity: 1 },
      { sku: "A-ZERO-ABOVE", supplier: "Also Finland", stockLevel: 1, reorderPoint: 0 },
      // Not bought again: inactive and end-of-life products, however low.
      { sku: "E-INACTIVE", supplier: "Elko", stockLevel: 0, status: "inactive" },
      { sku: "E-EOL", supplier: "Elko", stockLevel: 0, status: "eol", reorderPoint: 3 },
    ]);
    const found = await list();
    expect(found).toMatchObject({ totalLines: 5, suppliers: 2 });
    // Suppliers by name in any letter case; in each, the furthest under its point first.
    expect(
      found.groups.map((g) => [g.supplierName, g.leadTimeDays, g.lineCount, g.lines.map((l) => l.sku)]),
    ).toEqual([
      ["also Finland", 4, 2, ["A-OWN-HIGH", "A-ZERO"]],
      ["Elko", 7, 3, ["E-UNDER", "E-AT", "E-OWN-LOW"]],
    ]);
    expect(found.groups.map((g) => g.supplierId)).toEqual([also.id, elko.id]);
    const line = (sku: string) => found.groups.flatMap((g) => g.lines).find((l) => l.sku === sku);
    expect(line("E-UNDER")).toMatchObject({
      stockLevel: 2,
      reorderPoint: 10,
      ownPoint: false,
      reorderQuantity: 10,
      ownQuantity: false,
      onOrder: 0,
      suggestedQuantity: 18,
      unitCost: "12.55",
      lineValue: "225.90",
    });
    expect(line("E-OWN-LOW")).toMatchObject({ reorderPoint: 5, ownPoint: true, suggestedQuantity: 24 });
    expect(line("A-OWN-HIGH")).toMatchObject({ reorderPoint: 50, suggestedQuantity: 20 });
    expect(line("A-ZERO")).toMatchObject({ suggestedQuantity: 1, ownQuantity: true });
    // Value at cost: 18 + 10 + 24 units at 12.55, and 20 + 1 at 12.55.
    expect(found.groups.map((g) => g.value)).toEqual(["263.55", "652.60"]);
    expect(found.value).toBe("916.15");

    // Exactly what the rule says, product by product, for every product written.
    const rows = await db.orm.em
      .fork()
      .execute<{ sku: string; stock_level: number; reorder_point: number | null; status: string }[]>(
        "select sku, stock_level, reorder_point, status from product",
      );
    const listed = found.groups.flatMap((g) => g.lines.map((l) => l.sku)).sort();
    const expected = rows
      .filter(
        (r) =>
          r.status === "active" &&
          needsReorder({ stockLevel: r.stock_level, reorderPoint: r.reorder_point }, shop),
      )
      .map((r) => r.sku)
      .sort();
    expect(listed).toEqual(expected);
  });

  test("the shop's defaults decide for products without their own; a purchase price with VAT is costed without it", async () => {
    await products([
      { sku: "P-15", supplier: "Elko", stockLevel: 15 },
      { sku: "P-VAT", supplier: "Elko", stockLevel: 1, purchasePrice: "12.55", vatInclusive: true },
    ]);
    expect((await list()).totalLines).toBe(1);
    const wider = await list({}, { reorderPoint: 20, reorderQuantity: 5 });
    expect(wider.groups[0].lines.map((l) => [l.sku, l.reorderPoint, l.suggestedQuantity])).toEqual([
      ["P-VAT", 20, 24],
      ["P-15", 20, 10],
    ]);
    // 12.55 with 25.5 % VAT is 10.00 without.
    expect(wider.groups[0].lines[0]).toMatchObject({ unitCost: "10.00", lineValue: "240.00" });
  });

  test("pages over the lines; a group on two pages keeps its figures and says it continues", async () => {
    await products([
      ...Array.from({ length: 3 }, (_, i) => ({ sku: `A-${i}`, supplier: "Alpha", stockLevel: i })),
      ...Array.from({ length: 4 }, (_, i) => ({ sku: `B-${i}`, supplier: "Beta", stockLevel: i })),
    ]);
    const first = await list({ limit: 4, offset: 0 });
    expect(first.groups.map((g) => [g.supplierName, g.lines.length, g.lineCount, g.continued])).toEqual([
      ["Alpha", 3, 3, false],
      ["Beta", 1, 4, false],
    ]);
    const second = await list({ limit: 4, offset: 4 });
    expect(second.groups.map((g) => [g.supplierName, g.lines.length, g.lineCount, g.continued])).toEqual([
      ["Beta", 3, 4, true],
    ]);
    expect(second.groups[0].value).toBe(first.groups[1].value);
    expect(second.totalLines).toBe(7);
    const beyond = await list({ limit: 4, offset: 8 });
    expect(beyond).toMatchObject({ groups: [], totalLines: 7, suppliers: 2 });
  });

  test("units on sent purchase orders lower the suggestion and the value; drafts do not", async () => {
    const elko = await supplier("Elko", 7);
    const ids = await products([
      { sku: "O-1", supplier: "Elko", stockLevel: 2 },
      { sku: "O-2", supplier: "Elko", stockLevel: 4 },
      { sku: "O-3", supplier: "Elko", stockLevel: 0 },
    ]);
    const id = (sku: string) => ids.get(sku) as number;
    await purchaseOrder(elko.id, [
      { productId: id("O-1"), quantity: 5 },
      { productId: id("O-2"), quantity: 40 },
    ]);
    await purchaseOrder(elko.id, [{ productId: id("O-1"), quantity: 3 }]);
    await purchaseOrder(elko.id, [{ productId: id("O-3"), quantity: 20 }], false);
    const found = await list();
    const lines = found.groups[0].lines.map((l) => [l.sku, l.onOrder, l.suggestedQuantity, l.lineValue]);
    // Point 10 + quantity 10 - stock - on order, never under 0; 12.55 a unit.
    expect(lines).toEqual([
      ["O-3", 0, 20, "251.00"],
      ["O-1", 8, 10, "125.50"],
      ["O-2", 40, 0, "0.00"],
    ]);
    expect(found.groups[0].value).toBe("376.50");
    // A page of one line still values the supplier's every line.
    expect((await list({ limit: 1, offset: 1 })).groups[0]).toMatchObject({ value: "376.50", lineCount: 3 });
  });

  test("one supplier's lines alone", async () => {
    const beta = await supplier("Beta", 2);
    await products([
      { sku: "A-1", supplier: "Alpha", stockLevel: 1 },
      { sku: "B-1", supplier: "Beta", stockLevel: 1 },
      { sku: "B-2", supplier: "Beta", stockLevel: 1, reorderPoint: 3 },
    ]);
    const found = await list({ supplierId: beta.id });
    expect(found.totalLines).toBe(2);
    expect(found.groups.map((g) => g.supplierName)).toEqual(["Beta"]);
  });

  test("the SQL's suggestion is reorder.ts's for any figures", async () => {
    const cases = Array.from({ length: 400 }, (_, i) => ({
      point: (i * 37) % 60,
      quantity: (i * 13) % 25,
      stock: (i * 7) % 90,
      onOrder: i % 5 === 0 ? (i * 3) % 40 : 0,
    }));
    const rows = await db.orm.em.fork().execute<{ n: number }[]>(
      `select ${suggestedQuantitySql("(c->>'point')::int", "(c->>'quantity')::int", "(c->>'stock')::int", "(c->>'onOrder')::int")} as n
       from jsonb_array_elements(?::jsonb) with ordinality as e(c, i) order by i`,
      [JSON.stringify(cases)],
    );
    expect(rows.map((r) => Number(r.n))).toEqual(
      cases.map((c) =>
        suggestedQuantity(
          { stockLevel: c.stock, reorderPoint: c.point, reorderQuantity: c.quantity, onOrder: c.onOrder },
          shop,
        ),
      ),
    );
  });
});

describe("a product's reorder figures", () => {
  test("empty is the shop's default, a whole number 0 or more its own; a change that leaves them out keeps them", async () => {
    const ids = await products([{ sku: "R-1", supplier: "Elko", stockLevel: 3 }]);
    const id = ids.get("R-1") as number;
    const read = () => db.inRequest(() => getProduct(id));
    expect(await read()).toMatchObject({ reorderPoint: null, reorderQuantity: null });
    const change = (fields: Record<string, unknown>) =>
      db.inRequest(() =>
        db.orm.em
          .fork()
          .transactional((tx) =>
            changeProduct(
              tx,
              id,
              input({ sku: "R-1", supplier: "Elko", stockLevel: 3, ...fields } as Spec),
              null,
            ),
          ),
      );
    // A form sends text.
    expect(await change({ reorderPoint: "2", reorderQuantity: "0" })).toMatchObject({
      ok: true,
      product: { reorderPoint: 2, reorderQuantity: 0 },
    });
    // Left out of an input (an import checked before the figures existed): kept.
    const {
      reorderPoint: _p,
      reorderQuantity: _q,
      ...without
    } = input({ sku: "R-1", supplier: "Elko", stockLevel: 3 });
    await db.inRequest(() => db.orm.em.fork().transactional((tx) => changeProduct(tx, id, without, null)));
    expect(await read()).toMatchObject({ reorderPoint: 2, reorderQuantity: 0 });
    // Empty: back to the shop's.
    expect(await change({ reorderPoint: "", reorderQuantity: null })).toMatchObject({
      ok: true,
      product: { reorderPoint: null, reorderQuantity: null },
    });
    for (const bad of ["-1", "1.5", "ten", 1_000_000_000, -3])
      expect(
        productSchema.safeParse({ ...input({ sku: "X", supplier: "S", stockLevel: 1 }), reorderPoint: bad })
          .success,
        String(bad),
      ).toBe(false);
  });
});
