import { describe, expect, test } from "vitest";
import { em } from "~/infra/db.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { changeDefectiveStock, type DefectiveChange } from "./defective-stock.server";

const db = testDatabase();

async function product() {
  const input = productSchema.parse({
    name: "Samsung Galaxy A55",
    sku: `SAM-${Math.random().toString(36).slice(2, 8)}`,
    brand: "Samsung",
    purchasePrice: "250.00",
    sellingPrice: "399.00",
    stockLevel: 5,
    supplier: "Tech Data",
  });
  const made = await db.inRequest(() => createProduct(input, null));
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

const change = (changes: DefectiveChange[]) =>
  db.inRequest(() => em().transactional((tx) => changeDefectiveStock(tx, changes)));

async function levels(id: number) {
  const [row] = await db.orm.em
    .fork()
    .execute<{ stock_level: number; defective_stock: number }[]>(
      "select stock_level, defective_stock from product where id = ?",
      [id],
    );
  return row;
}

describe("defective stock", () => {
  test("comes in and leaves apart from the sellable stock, never below zero, naming the product short", async () => {
    const phone = await product();
    expect(await change([{ productId: phone.id, delta: 2 }])).toEqual({ ok: true });
    expect(await levels(phone.id)).toEqual({ stock_level: 5, defective_stock: 2 });
    expect(await change([{ productId: phone.id, delta: -3 }])).toMatchObject({
      ok: false,
      reason: "defectiveShort",
      product: { id: phone.id, sku: phone.sku, defectiveStock: 2, wanted: 3 },
    });
    expect(await change([{ productId: 999999999, delta: 1 }])).toEqual({
      ok: false,
      reason: "notFound",
      productId: 999999999,
    });
    expect(await levels(phone.id)).toEqual({ stock_level: 5, defective_stock: 2 });
  });

  test("ten writers taking one defective unit each out of three: exactly three succeed", async () => {
    const phone = await product();
    await change([{ productId: phone.id, delta: 3 }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => change([{ productId: phone.id, delta: -1 }])),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect((await levels(phone.id)).defective_stock).toBe(0);
  });
});
