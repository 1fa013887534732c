import { beforeEach, describe, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { addCampaignProduct, createCampaign } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { todayIn } from "~/models/campaign/campaign-status";
import { followCampaignPrices } from "~/models/price/price-history.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, deleteProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  compactLabelQueueTally,
  countQueuedLabels,
  listQueuedLabels,
  recordLabelPrint,
} from "./label-queue.server";

const db = testDatabase();

beforeEach(() => db.truncate("campaign", "product", "price_history", "label_queue", "label_print"));

const input = (overrides: Record<string, unknown> = {}) =>
  productSchema.parse({
    name: "Soundbar S2",
    sku: "SB-2",
    brand: "Sono",
    purchasePrice: "60.00",
    sellingPrice: "100.00",
    stockLevel: 5,
    supplier: "Tech Data",
    ...overrides,
  });

async function product(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() => createProduct(input(overrides), null));
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

const queue = async () =>
  (await db.inRequest(() => listQueuedLabels({ limit: 50, offset: 0 }))).map((row) => [row.sku, row.reasons]);

async function printed(productId: number, price: string) {
  await db.orm.em.fork().transactional((tx) =>
    recordLabelPrint(tx, {
      userId: null,
      layout: "a4-3x8",
      language: "fi",
      products: [{ productId, price }],
    }),
  );
}

test("a new product's label is queued; a print takes it off; a new price or name queues it again, a new cost does not", async () => {
  const id = await product();
  expect(await queue()).toEqual([["SB-2", ["new"]]]);
  await printed(id, "100.00");
  expect(await db.inRequest(() => countQueuedLabels())).toBe(0);
  const [line] = await db.orm.em.fork().execute("select product_id, price::text from label_print_line");
  expect(line).toEqual({ product_id: id, price: "100.00" });

  await db.inRequest(() => updateProduct(id, input({ purchasePrice: "65.00" }), null));
  expect(await queue()).toEqual([]);
  await db.inRequest(() =>
    updateProduct(id, input({ purchasePrice: "65.00", sellingPrice: "110.00" }), null),
  );
  await db.inRequest(() =>
    updateProduct(id, input({ purchasePrice: "65.00", sellingPrice: "110.00", name: "Soundbar S3" }), null),
  );
  expect(await queue()).toEqual([["SB-2", ["name", "price"]]]);
  await printed(id, "110.00");
  expect(await queue()).toEqual([]);
});

test("a campaign's start and end queue its products", async () => {
  const id = await product();
  await printed(id, "100.00");
  const today = todayIn(SHOP_TIME_ZONE);
  const campaign = await db.inRequest(() =>
    createCampaign(
      campaignSchema.parse({ name: "Black Friday", startDate: today, endDate: addDays(today, 2) }),
      null,
    ),
  );
  await db.inRequest(() =>
    addCampaignProduct(campaign.id, campaignProductSchema.parse({ productId: id, discountPrice: "90.00" })),
  );
  expect(await queue()).toEqual([["SB-2", ["campaign_start"]]]);
  await printed(id, "90.00");
  // Three days later the campaign is over: the follower writes its end, and the label is out of date.
  await followCampaignPrices(db.orm.em.fork(), new Date(Date.now() + 3 * 86_400_000));
  expect(await queue()).toEqual([["SB-2", ["campaign_end"]]]);
});

describe("the dashboard's count of labels out of date", () => {
  const counted = () => db.inRequest(() => countQueuedLabels());
  const rows = async () =>
    (await db.orm.em.fork().execute<{ n: number }[]>("select count(*)::int as n from label_queue"))[0].n;

  test("follows every change of the queue: new products, changes of queued ones, prints, deletions", async () => {
    const [a, b, c] = [await product(), await product({ sku: "SB-3" }), await product({ sku: "SB-4" })];
    expect(await counted()).toBe(3);
    // A queued product's second reason is no second label.
    await db.inRequest(() => updateProduct(a, input({ sellingPrice: "120.00" }), null));
    expect(await counted()).toBe(3);
    await printed(b, "100.00");
    expect(await counted()).toBe(2);
    // A deleted product's row goes with it (the database's cascade).
    expect(await db.inRequest(() => deleteProduct(c))).toEqual({ ok: true });
    expect(await counted()).toBe(1);
    // Printing a product not in the queue takes nothing off.
    await printed(b, "100.00");
    expect(await counted()).toBe(1);
    await db.orm.em.fork().transactional((tx) => compactLabelQueueTally(tx));
    expect(await counted()).toBe(1);
    const [{ tally }] = await db.orm.em
      .fork()
      .execute<{ tally: number }[]>("select count(*)::int as tally from label_queue_tally");
    expect(tally).toBe(1);
    await db.truncate("label_queue");
    expect(await counted()).toBe(0);
  });

  test("equals the queue's rows after many writers at once", async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => product({ sku: `SB-P${i}` })));
    await Promise.all([
      ...ids
        .slice(0, 6)
        .map((id, i) =>
          db.inRequest(() =>
            updateProduct(id, input({ sku: `SB-P${i}`, sellingPrice: `${101 + i}.00` }), null),
          ),
        ),
      ...ids.slice(4, 9).map((id) => printed(id, "100.00")),
      ...ids.slice(9).map((id) => db.inRequest(() => deleteProduct(id))),
      db.orm.em.fork().transactional((tx) => compactLabelQueueTally(tx)),
      db.orm.em.fork().transactional((tx) => compactLabelQueueTally(tx)),
    ]);
    expect(await counted()).toBe(await rows());
    expect(await rows()).toBeGreaterThan(0);
  });
});

test("a new unit or net quantity queues the label for its unit price; the same quantity written again does not", async () => {
  const id = await product();
  await printed(id, "100.00");
  await db.inRequest(() => updateProduct(id, input({ unit: "m", netQuantity: "5" }), null));
  expect(await queue()).toEqual([["SB-2", ["unit_price"]]]);
  await printed(id, "100.00");
  // "5,000" is the stored 5.000 as before: nothing the label prints changed.
  await db.inRequest(() => updateProduct(id, input({ unit: "m", netQuantity: "5,000" }), null));
  expect(await queue()).toEqual([]);
  await db.inRequest(() => updateProduct(id, input({ unit: "m", netQuantity: "2.5" }), null));
  expect(await queue()).toEqual([["SB-2", ["unit_price"]]]);
  await printed(id, "100.00");
  await db.inRequest(() => updateProduct(id, input({ unit: "kg", netQuantity: "2.5" }), null));
  expect(await queue()).toEqual([["SB-2", ["unit_price"]]]);
  await printed(id, "100.00");
  // A change that names neither (an API client that does not know them) keeps them: no reason.
  await db.inRequest(() => updateProduct(id, input({ name: "Soundbar S2" }), null));
  expect(await queue()).toEqual([]);
  // Back to the piece: the label loses its unit price.
  await db.inRequest(() => updateProduct(id, input({ unit: "", netQuantity: "" }), null));
  expect(await queue()).toEqual([["SB-2", ["unit_price"]]]);
});
