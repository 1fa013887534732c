import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import {
  addCampaignProduct,
  createCampaign,
  getCampaign,
  listCampaignProducts,
  listCampaigns,
  removeCampaignProduct,
  updateCampaign,
} from "./campaign.server";
import { campaignProductSchema, campaignSchema } from "./campaign-schema";

const db = testDatabase();

const input = (overrides: Record<string, unknown> = {}) =>
  campaignSchema.parse({ name: "Joulu", startDate: "2026-12-01", endDate: "2026-12-24", ...overrides });

const productInput = (fields: Record<string, unknown>) => campaignProductSchema.parse(fields);

/** A product sold at 200.00 (bought at 120.00) and one at 12.50 (bought at 10.00). */
async function products() {
  const em = db.orm.em.fork();
  await em.execute(`insert into supplier (name) values ('S') on conflict ((lower(name))) do nothing`);
  const rows = await em.execute<{ id: number }[]>(
    `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id)
     select name, sku, 'B', purchase, selling, (select id from supplier where name = 'S')
     from (values ('Headphones', 'HP-100', 120, 200), ('Cable', 'CB-1', 10, 12.5)) as v(name, sku, purchase, selling)
     returning id`,
  );
  return { headphones: rows[0].id, cable: rows[1].id };
}

beforeEach(() => db.truncate("campaign", "product", "user"));

describe("the campaign write path", () => {
  test("keeps the calendar days as given, whatever the time zone", async () => {
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    expect(campaign).toMatchObject({
      name: "Joulu",
      startDate: "2026-12-01",
      endDate: "2026-12-24",
      version: 1,
    });
    const changed = await db.inRequest(() =>
      updateCampaign(campaign.id, input({ endDate: "2026-12-31", version: campaign.version })),
    );
    expect(changed).toMatchObject({ ok: true, campaign: { endDate: "2026-12-31", version: 2 } });
  });

  test("a stale version is refused and changes nothing", async () => {
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    await db.inRequest(() =>
      updateCampaign(campaign.id, input({ name: "First", version: campaign.version })),
    );
    expect(
      await db.inRequest(() =>
        updateCampaign(campaign.id, input({ name: "Second", version: campaign.version })),
      ),
    ).toEqual({ ok: false, reason: "stale" });
    expect(await db.inRequest(() => updateCampaign(999_999, input()))).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});

describe("a campaign's products", () => {
  test("are added by id or by SKU in any letter case, at a price or a percent off the selling price", async () => {
    const { headphones, cable } = await products();
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    expect(
      await db.inRequest(() =>
        addCampaignProduct(campaign.id, productInput({ productId: headphones, discountPercent: "12,5" })),
      ),
    ).toEqual({ ok: true });
    // Below its cost (the below-cost guard's own test is below-cost.server.test.ts): a manager's reason.
    const [manager] = await db.orm.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into "user" (email, password, role) values ('m@example.fi', 'x', 'manager') returning id`,
      );
    expect(
      await db.inRequest(() =>
        addCampaignProduct(
          campaign.id,
          productInput({ sku: "cb-1", discountPrice: "9", belowCostReason: "Clearance" }),
          { id: manager.id, role: "manager" },
        ),
      ),
    ).toEqual({ ok: true });
    // The prior price each may claim is the price log's (price-history.server.test.ts).
    const listed = await db.inRequest(() => listCampaignProducts(campaign.id));
    expect(
      listed.map(({ priorPrice, reductionPercent, daysOnSale, frozenPriorPrice, ...row }) => row),
    ).toEqual([
      {
        productId: cable,
        name: "Cable",
        sku: "CB-1",
        purchasePrice: "10.00",
        vatInclusive: true,
        originalPrice: "12.50",
        discountPrice: "9.00",
        discountPercent: 28,
        margin: expect.any(Number),
        marginCategory: "low",
        profit: expect.any(String),
        belowCost: true,
      },
      {
        productId: headphones,
        name: "Headphones",
        sku: "HP-100",
        purchasePrice: "120.00",
        vatInclusive: true,
        originalPrice: "200.00",
        discountPrice: "175.00",
        discountPercent: 12.5,
        margin: expect.any(Number),
        marginCategory: expect.any(String),
        profit: expect.any(String),
        belowCost: false,
      },
    ]);
    expect(await db.inRequest(() => getCampaign(campaign.id))).toMatchObject({ productCount: 2 });
  });

  test("adding a product again re-prices it, also when adds run at once", async () => {
    const { headphones } = await products();
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    const add = (discountPrice: string) =>
      db.inRequest(() =>
        addCampaignProduct(campaign.id, productInput({ productId: headphones, discountPrice })),
      );
    // The adds start together while the campaign is held by another transaction: each finds the
    // product not yet in the campaign only after the one before it has put it there.
    const prices = ["160.00", "161.00", "162.00", "163.00", "164.00", "165.00"];
    const holder = db.orm.em.fork();
    await holder.begin();
    await holder.execute("select 1 from campaign where id = ? for update", [campaign.id]);
    const adds = Promise.all(prices.map(add));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.commit();
    expect(await adds).toEqual(prices.map(() => ({ ok: true })));
    const listed = await db.inRequest(() => listCampaignProducts(campaign.id));
    expect(listed).toHaveLength(1);
    expect(prices).toContain(listed[0].discountPrice);
    await add("150");
    expect(await db.inRequest(() => listCampaignProducts(campaign.id))).toMatchObject([
      { discountPrice: "150.00", originalPrice: "200.00" },
    ]);
    expect(await db.inRequest(() => getCampaign(campaign.id))).toMatchObject({ productCount: 1, version: 1 });
  });

  test("an unknown campaign or product and a price of nothing or above the original are refused; nothing is written", async () => {
    const { headphones } = await products();
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    const add = (campaignId: number, fields: Record<string, unknown>) =>
      db.inRequest(() => addCampaignProduct(campaignId, productInput(fields)));
    expect(await add(999_999, { productId: headphones, discountPrice: "100" })).toEqual({
      ok: false,
      reason: "campaignNotFound",
    });
    expect(await add(campaign.id, { productId: 999_999, discountPrice: "100" })).toEqual({
      ok: false,
      reason: "unknownProduct",
    });
    expect(await add(campaign.id, { sku: "NO-SUCH", discountPrice: "100" })).toEqual({
      ok: false,
      reason: "unknownProduct",
    });
    expect(await add(campaign.id, { productId: headphones, discountPercent: "100" })).toEqual({
      ok: false,
      reason: "badPrice",
    });
    expect(await add(campaign.id, { productId: headphones, discountPrice: "200.01" })).toEqual({
      ok: false,
      reason: "priceAboveOriginal",
    });
    expect(await db.inRequest(() => listCampaignProducts(campaign.id))).toEqual([]);
  });

  test("are removed once; removing what is not in the campaign answers false", async () => {
    const { headphones, cable } = await products();
    const [first, second] = await db.inRequest(() =>
      Promise.all([createCampaign(input(), null), createCampaign(input({ name: "Kevät" }), null)]),
    );
    for (const campaign of [first, second]) {
      await db.inRequest(() =>
        addCampaignProduct(campaign.id, productInput({ productId: headphones, discountPrice: "150" })),
      );
    }
    expect(await db.inRequest(() => removeCampaignProduct(first.id, headphones))).toBe(true);
    expect(await db.inRequest(() => removeCampaignProduct(first.id, headphones))).toBe(false);
    expect(await db.inRequest(() => removeCampaignProduct(first.id, cable))).toBe(false);
    expect(await db.inRequest(() => listCampaignProducts(first.id))).toEqual([]);
    expect(await db.inRequest(() => listCampaignProducts(second.id))).toHaveLength(1);
  });
});

describe("the campaigns list", () => {
  test("shows each campaign's days, creator, creation time and product count, latest start first", async () => {
    const [{ id: userId }] = await db.orm.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into "user" (email, password) values ('a@example.fi', 'x') returning id`,
      );
    const { headphones } = await products();
    const spring = await db.inRequest(() =>
      createCampaign(input({ name: "Kevät", startDate: "2027-03-01", endDate: "2027-03-31" }), userId),
    );
    const christmas = await db.inRequest(() => createCampaign(input(), null));
    await db.inRequest(() =>
      addCampaignProduct(spring.id, productInput({ productId: headphones, discountPrice: "150" })),
    );
    const list = await db.inRequest(() => listCampaigns());
    expect(list).toEqual([
      {
        id: spring.id,
        name: "Kevät",
        description: null,
        startDate: "2027-03-01",
        endDate: "2027-03-31",
        isActive: true,
        referenceFrozenOn: null,
        status: expect.any(String),
        productCount: 1,
        createdBy: userId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        version: 1,
      },
      expect.objectContaining({
        id: christmas.id,
        startDate: "2026-12-01",
        productCount: 0,
        createdBy: null,
      }),
    ]);
  });
});
