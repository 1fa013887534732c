import { afterAll, beforeAll, expect, test } from "vitest";
import { reloadEnv } from "~/infra/env.server";
import { listAlerts } from "~/models/alert/alert.server";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { testDatabase } from "../../../tests/setup/database";
import { listProducts } from "./product-reads.server";
import { productSchema } from "./product-schema";
import { createProduct } from "./product-writes.server";
import { stockState } from "./stock";

const db = testDatabase();

beforeAll(() => {
  process.env.LOW_STOCK_THRESHOLD = "5";
  reloadEnv();
});
afterAll(() => {
  delete process.env.LOW_STOCK_THRESHOLD;
  reloadEnv();
});

test("with LOW_STOCK_THRESHOLD=5, alerts, the low-stock list, the dashboard and the badges agree", async () => {
  for (const [sku, stock] of [
    ["SEVEN", 7],
    ["FOUR", 4],
  ] as const) {
    const input = productSchema.parse({
      name: sku,
      sku,
      brand: "B",
      supplier: "S",
      purchasePrice: "50.00",
      sellingPrice: "100.00",
      stockLevel: stock,
    });
    const result = await db.inRequest(() => createProduct(input, null));
    expect(result.ok).toBe(true);
  }
  const low = await db.inRequest(() => listProducts({ lowStock: true, limit: 50, offset: 0 }));
  expect(low.products.map((p) => p.sku)).toEqual(["FOUR"]);
  expect((await db.inRequest(() => getDashboardStats())).lowStockCount).toBe(1);
  const alerts = await db.inRequest(() => listAlerts({ isRead: false, limit: 50 }));
  expect(alerts.filter((a) => a.type === "low_stock").map((a) => a.productName)).toEqual(["FOUR"]);
  expect(stockState(7, 5)).toBe("ok");
  expect(stockState(4, 5)).toBe("critical");
  expect(stockState(7, 10)).toBe("low");
});
