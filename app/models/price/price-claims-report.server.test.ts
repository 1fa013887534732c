import { beforeEach, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { addCampaignProduct, createCampaign } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { todayIn } from "~/models/campaign/campaign-status";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { priceClaimPages, priceClaimsFile } from "./price-claims-report.server";

const db = testDatabase();

const input = (overrides: Record<string, unknown>) =>
  productSchema.parse({
    brand: "Sono",
    purchasePrice: "50.00",
    sellingPrice: "100.00",
    stockLevel: 5,
    supplier: "Tech Data",
    ...overrides,
  });

async function product(name: string, sku: string) {
  const result = await db.inRequest(() => createProduct(input({ name, sku }), null));
  if (!result.ok) throw new Error(result.reason);
  // On sale at 100 for the last 40 days.
  await db.orm.em
    .fork()
    .execute(`update price_history set at = at - interval '40 days' where product_id = ?`, [
      result.product.id,
    ]);
  return result.product.id;
}

beforeEach(() => db.truncate("campaign", "product", "price_history", "alert"));

test("lists every product on a reduction today and flags a reduction its prior price does not support", async () => {
  const honest = await product("Honest speaker", "HS-1");
  const inflated = await product("Inflated speaker", "IS-1");
  // Raised to 120 five days before the campaign: the campaign shows 17.5 % off 120, but the lowest
  // price of the 30 days before was 100.
  await db.inRequest(() =>
    updateProduct(inflated, input({ name: "Inflated speaker", sku: "IS-1", sellingPrice: "120.00" }), null),
  );
  await db.orm.em
    .fork()
    .execute(`update price_history set at = now() - interval '5 days' where product_id = ? and price = 120`, [
      inflated,
    ]);
  const today = todayIn(SHOP_TIME_ZONE);
  const campaign = await db.inRequest(() =>
    createCampaign(
      campaignSchema.parse({ name: "Black Friday", startDate: today, endDate: addDays(today, 3) }),
      null,
    ),
  );
  for (const [productId, discountPrice] of [
    [honest, "80.00"],
    [inflated, "99.00"],
  ] as const) {
    await db.inRequest(() =>
      addCampaignProduct(campaign.id, campaignProductSchema.parse({ productId, discountPrice }), null),
    );
  }
  const lines = [];
  for await (const page of priceClaimPages(1, db.orm.em.fork())) lines.push(...page);
  expect(lines).toEqual([
    expect.objectContaining({
      sku: "HS-1",
      campaignPrice: "80.00",
      priorPrice: "100.00",
      reductionPercent: 20,
      shownPercent: 20,
      supported: true,
    }),
    expect.objectContaining({
      sku: "IS-1",
      sellingPrice: "120.00",
      campaignPrice: "99.00",
      priorPrice: "100.00",
      reductionPercent: 1,
      shownPercent: 17.5,
      supported: false,
    }),
  ]);
  const text = await db.inRequest(() =>
    new Response(priceClaimsFile({ format: "csv", language: "en" })).text(),
  );
  expect(text.split("\n")[0]).toBe(
    "name,sku,campaign,sellingPrice,campaignPrice,priorPrice,reductionPercent,shownPercent,supported",
  );
  expect(text).toContain("Inflated speaker,IS-1,Black Friday,120.00,99.00,100.00,1,17.5,false");
});
