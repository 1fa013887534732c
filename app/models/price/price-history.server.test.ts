import { beforeEach, describe, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import {
  addCampaignProduct,
  createCampaign,
  deleteCampaign,
  listCampaignProducts,
  removeCampaignProduct,
  updateCampaign,
} from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { todayIn } from "~/models/campaign/campaign-status";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import {
  followCampaignPrices,
  listPriceHistory,
  priceClaims,
  pricePoints,
  priorPriceAnswer,
} from "./price-history.server";

const db = testDatabase();
const DAY_MS = 86_400_000;

const productInput = (overrides: Record<string, unknown> = {}) =>
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
  const result = await db.inRequest(() => createProduct(productInput(overrides), null));
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

async function campaign(startDate: string, endDate: string) {
  return db.inRequest(() =>
    createCampaign(campaignSchema.parse({ name: "Black Friday", startDate, endDate }), null),
  );
}

async function addToCampaign(campaignId: number, productId: number, discountPrice: string) {
  const added = await db.inRequest(() =>
    addCampaignProduct(campaignId, campaignProductSchema.parse({ productId, discountPrice }), null),
  );
  expect(added).toEqual({ ok: true });
}

/** Moves every row of the product's log `days` into the past, as if it had been written then. */
async function age(productId: number, days: number) {
  await db.orm.em
    .fork()
    .execute(
      `update price_history set at = at - make_interval(days => ?), created_at = created_at - make_interval(days => ?) where product_id = ?`,
      [days, days, productId],
    );
}

const log = (productId: number) => db.inRequest(() => listPriceHistory(productId));
const today = () => todayIn(SHOP_TIME_ZONE);
/** The first moment of a shop day, as an ISO instant. */
const dayStart = (day: string) =>
  db.orm.em
    .fork()
    .execute<{ at: Date | string }[]>(`select (?::date)::timestamp at time zone ? as at`, [
      day,
      SHOP_TIME_ZONE,
    ])
    .then(([row]) => new Date(row.at).toISOString());

beforeEach(() => db.truncate("campaign", "product", "price_history", "alert"));

describe("the price log", () => {
  test("a new product's first row: what a customer pays, nothing before it, and the margin at it", async () => {
    const { id } = await product();
    const [first, ...rest] = await log(id);
    expect(rest).toHaveLength(0);
    expect(first).toMatchObject({
      price: "100.00",
      sellingPrice: "100.00",
      purchasePrice: "60.00",
      reduced: false,
      margin: "40.00",
    });
    const [row] = await db.orm.em
      .fork()
      .execute<{ price_before: string | null }[]>(
        "select price_before from price_history where product_id = ?",
        [id],
      );
    expect(row.price_before).toBeNull();
  });

  test("a new purchase price is a row whose price is unchanged; a new stock level is none", async () => {
    const created = await product();
    await db.inRequest(() => updateProduct(created.id, productInput({ stockLevel: 9 }), null));
    await db.inRequest(() =>
      updateProduct(created.id, productInput({ stockLevel: 9, purchasePrice: "70.00" }), null),
    );
    const rows = await log(created.id);
    expect(rows.map((row) => [row.price, row.purchasePrice, row.margin])).toEqual([
      ["100.00", "60.00", "40.00"],
      ["100.00", "70.00", "30.00"],
    ]);
  });

  test("a product put in a running campaign pays its campaign price from that moment, and the regular one again when taken out", async () => {
    const { id } = await product();
    const running = await campaign(addDays(today(), -1), addDays(today(), 5));
    await addToCampaign(running.id, id, "80.00");
    await db.inRequest(() => removeCampaignProduct(running.id, id, null));
    const rows = await log(id);
    expect(rows.map((row) => [row.price, row.reduced, row.source, row.sellingPrice])).toEqual([
      ["100.00", false, "form", "100.00"],
      ["80.00", true, "campaign", "100.00"],
      ["100.00", false, "campaign", "100.00"],
    ]);
    expect(rows[1].margin).toBe("25.00");
  });

  test("a campaign scheduled for next week writes nothing now", async () => {
    const { id } = await product();
    const later = await campaign(addDays(today(), 7), addDays(today(), 14));
    await addToCampaign(later.id, id, "80.00");
    expect(await db.inRequest(() => followCampaignPrices(db.orm.em.fork()))).toBe(0);
    expect(await log(id)).toHaveLength(1);
  });

  test("a campaign that begins today is logged from the day's first moment, once", async () => {
    const { id } = await product();
    await age(id, 40);
    // Made last week to begin today: its price was not in force when it was added.
    const starting = await campaign(addDays(today(), 7), addDays(today(), 14));
    await addToCampaign(starting.id, id, "80.00");
    const moved = await db.inRequest(() =>
      updateCampaign(
        starting.id,
        campaignSchema.parse({
          name: "Black Friday",
          startDate: today(),
          endDate: addDays(today(), 7),
          version: 1,
        }),
        null,
      ),
    );
    expect(moved.ok).toBe(true);
    // The edit itself logs the change now; the follower finds nothing left to write.
    expect(await db.inRequest(() => followCampaignPrices(db.orm.em.fork()))).toBe(0);
    const rows = await log(id);
    expect(rows.map((row) => [row.price, row.reduced])).toEqual([
      ["100.00", false],
      ["80.00", true],
    ]);
  });

  test("the follower writes a campaign's start and end at their days' first moments", async () => {
    const { id } = await product();
    await age(id, 40);
    // Written straight into the tables, as if the campaign had begun yesterday while nothing logged it.
    const em = db.orm.em.fork();
    const [row] = await em.execute<{ id: number }[]>(
      `insert into campaign (name, start_date, end_date, is_active) values ('Night', ?, ?, true) returning id`,
      [today(), addDays(today(), 3)],
    );
    await em.execute(
      `insert into campaign_product (campaign_id, product_id, discount_price, original_price) values (?, ?, 90, 100)`,
      [row.id, id],
    );
    expect(await db.inRequest(() => followCampaignPrices(db.orm.em.fork()))).toBe(1);
    expect(await db.inRequest(() => followCampaignPrices(db.orm.em.fork()))).toBe(0);
    let rows = await log(id);
    expect(rows.at(-1)).toMatchObject({
      price: "90.00",
      reduced: true,
      source: "campaign",
      at: await dayStart(today()),
    });

    // The campaign ended yesterday: the regular price is back from today's first moment.
    await em.execute(`update campaign set start_date = ?, end_date = ? where id = ?`, [
      addDays(today(), -3),
      addDays(today(), -1),
      row.id,
    ]);
    await em.execute(
      `update price_history set at = at - interval '3 days' where product_id = ? and reduced`,
      [id],
    );
    expect(await db.inRequest(() => followCampaignPrices(db.orm.em.fork()))).toBe(1);
    rows = await log(id);
    expect(rows.at(-1)).toMatchObject({ price: "100.00", reduced: false, at: await dayStart(today()) });
  });

  test("deleting a running campaign brings its products' regular price back at once", async () => {
    const { id } = await product();
    const running = await campaign(today(), addDays(today(), 5));
    await addToCampaign(running.id, id, "80.00");
    expect(await db.inRequest(() => deleteCampaign(running.id, null))).toBe(true);
    const rows = await log(id);
    expect(rows.map((row) => [row.price, row.reduced])).toEqual([
      ["100.00", false],
      ["80.00", true],
      ["100.00", false],
    ]);
  });

  test("the prior price of a campaign is read from the log: 100 for 40 days, 90 for 10, then 120", async () => {
    const { id } = await product();
    await age(id, 50);
    await db.inRequest(() => updateProduct(id, productInput({ sellingPrice: "90.00" }), null));
    await db.orm.em
      .fork()
      .execute(
        `update price_history set at = now() - interval '10 days' where product_id = ? and price = 90`,
        [id],
      );
    await db.inRequest(() => updateProduct(id, productInput({ sellingPrice: "120.00" }), null));
    const points = (await db.inRequest(() => pricePoints([id], db.orm.em.fork()))).get(id) ?? [];
    expect(priorPriceAnswer(points, "99.00", Date.now())).toMatchObject({
      priorPrice: "90.00",
      reductionPercent: null,
    });
    expect(priorPriceAnswer(points, "80.00", Date.now())).toMatchObject({
      priorPrice: "90.00",
      reductionPercent: 11,
      daysOnSale: null,
    });
    // On sale for ten days only: the lowest since it came on sale, and how long that was.
    const fresh = await product({ sku: "SB-3", sellingPrice: "50.00", purchasePrice: "30.00" });
    await age(fresh.id, 10);
    const since = (await db.inRequest(() => pricePoints([fresh.id], db.orm.em.fork()))).get(fresh.id) ?? [];
    expect(priorPriceAnswer(since, "45.00", Date.now() + DAY_MS / 24)).toMatchObject({
      priorPrice: "50.00",
      daysOnSale: 10,
    });
  });

  test("a campaign's products carry the prior price and the legal reduction its price may claim", async () => {
    const { id } = await product();
    await age(id, 50);
    await db.inRequest(() => updateProduct(id, productInput({ sellingPrice: "90.00" }), null));
    await db.orm.em
      .fork()
      .execute(
        `update price_history set at = now() - interval '10 days' where product_id = ? and price = 90`,
        [id],
      );
    await db.inRequest(() => updateProduct(id, productInput({ sellingPrice: "120.00" }), null));
    const other = await product({ sku: "SB-9" });
    await age(other.id, 40);
    const running = await campaign(today(), addDays(today(), 5));
    await addToCampaign(running.id, id, "80.00");
    await addToCampaign(running.id, other.id, "100.00");
    const rows = await db.inRequest(() => listCampaignProducts(running.id));
    expect(rows.map((row) => [row.sku, row.priorPrice, row.reductionPercent])).toEqual([
      ["SB-2", "90.00", 11],
      ["SB-9", "100.00", null],
    ]);
  });

  test("a campaign that starts next week is measured from today's prices and does not lower today's prior price", async () => {
    const { id } = await product();
    await age(id, 40);
    const later = await campaign(addDays(today(), 7), addDays(today(), 14));
    await addToCampaign(later.id, id, "80.00");
    const [row] = await db.inRequest(() => listCampaignProducts(later.id));
    expect(row).toMatchObject({ priorPrice: "100.00", reductionPercent: 20 });
    const claim = (await db.inRequest(() => priceClaims([id]))).get(id);
    expect(claim).toMatchObject({ price: "100.00", reduced: false, priorPrice: "100.00" });
  });

  test("the prior prices of a page of 25 products take one query, however many rows their logs hold", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await product({ sku: `PG-${i}`, name: `Page ${i}` })).id);
    await db.inRequest(() =>
      updateProduct(ids[3], productInput({ sku: "PG-3", name: "Page 3", sellingPrice: "90.00" }), null),
    );
    const fork = db.orm.em.fork();
    let queries = 0;
    const counted = () => {
      queries += 1;
    };
    fork.getKnex().on("query", counted);
    const claims = await priceClaims(ids, fork);
    fork.getKnex().off("query", counted);
    expect(claims.size).toBe(25);
    expect(claims.get(ids[3])).toMatchObject({ price: "90.00", priorPrice: "90.00" });
    expect(queries).toBe(1);
  });

  test("a campaign whose reference was printed keeps the printed figure and shows when a later change made it wrong", async () => {
    const { id } = await product();
    await age(id, 40);
    const flyer = await db.inRequest(() =>
      createCampaign(
        campaignSchema.parse({
          name: "Flyer",
          startDate: addDays(today(), 7),
          endDate: addDays(today(), 14),
          referenceFrozenOn: addDays(today(), -1),
        }),
        null,
      ),
    );
    expect(flyer.referenceFrozenOn).toBe(addDays(today(), -1));
    await addToCampaign(flyer.id, id, "80.00");
    let [row] = await db.inRequest(() => listCampaignProducts(flyer.id));
    expect(row).toMatchObject({ priorPrice: "100.00", frozenPriorPrice: "100.00", reductionPercent: 20 });
    // Lowered after the flyer went to print, inside the 30 days before the campaign.
    await db.inRequest(() => updateProduct(id, productInput({ sellingPrice: "90.00" }), null));
    [row] = await db.inRequest(() => listCampaignProducts(flyer.id));
    expect(row).toMatchObject({ priorPrice: "90.00", frozenPriorPrice: "100.00", reductionPercent: 11 });
  });
});
