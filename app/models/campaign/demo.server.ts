import type { EntityManager } from "@mikro-orm/postgresql";
import { between, type Rng, shuffled } from "~/models/demo-random";
import type { DemoShopProduct, DemoStep } from "~/models/demo-shop";
import { fromCents, toCents } from "~/models/money";
import { belowCostFindings } from "~/models/price/below-cost";
import { addCampaignProduct, createCampaign } from "./campaign.server";
import { campaignProductSchema, campaignSchema } from "./campaign-schema";

/** "YYYY-MM-DD" of a UTC day. */
function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function todayPlus(days: number): string {
  const now = new Date();
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)));
}

/** A day of last month; 0 is the last day of it. */
function lastMonthDay(day: number): string {
  const now = new Date();
  const month = day === 0 ? now.getUTCMonth() : now.getUTCMonth() - 1;
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), month, day)));
}

type DemoCampaign = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  categories: string[];
  products: number;
};

function campaignsOfTheDemo(): DemoCampaign[] {
  return [
    {
      name: "Laptop Days",
      description: "Selected laptops and monitors at campaign prices",
      startDate: todayPlus(-5),
      endDate: todayPlus(9),
      categories: ["Laptops", "Monitors"],
      products: 6,
    },
    {
      name: "Audio Weeks",
      description: "Headphones and speakers on offer",
      startDate: todayPlus(-12),
      endDate: todayPlus(23),
      categories: ["Headphones", "Speakers"],
      products: 5,
    },
    {
      name: "Phone Upgrade Days",
      description: "New phones and tablets with chargers to match",
      startDate: todayPlus(10),
      endDate: todayPlus(24),
      categories: ["Smartphones", "Tablets", "Chargers"],
      products: 4,
    },
    {
      name: "Home Cinema Sale",
      description: "Televisions and speakers for the living room",
      startDate: lastMonthDay(1),
      endDate: lastMonthDay(14),
      categories: ["Televisions", "Speakers"],
      products: 3,
    },
    {
      name: "Accessories Week",
      description: "Cables and chargers at small prices",
      startDate: lastMonthDay(15),
      endDate: lastMonthDay(0),
      categories: ["Cables", "Chargers"],
      products: 6,
    },
  ];
}

/** The demo campaigns and their products at 5-25 % off, through the campaigns' write path. */
async function insertCampaigns(
  tx: EntityManager,
  rng: Rng,
  products: DemoShopProduct[],
  productIds: Map<string, number>,
) {
  for (const campaign of campaignsOfTheDemo()) {
    const created = await createCampaign(
      campaignSchema.parse({
        name: campaign.name,
        description: campaign.description,
        startDate: campaign.startDate,
        endDate: campaign.endDate,
        isActive: true,
      }),
      null,
      tx,
    );
    const candidates = products.filter(
      (p) => p.status === "active" && campaign.categories.includes(p.category),
    );
    for (const p of shuffled(rng, candidates).slice(0, campaign.products)) {
      const discountCents = Math.round(toCents(p.sellingPrice) * (1 - between(rng, 5, 25) / 100));
      // A demo campaign sells above cost: a product the discount would put under it stays out
      // (no one confirms a price below cost for the demo, below-cost.ts).
      const price = fromCents(discountCents);
      if (belowCostFindings([{ ...p, id: 0, price, vatInclusive: true, vatRate: 0 }]).length > 0) continue;
      // The price itself, not the percent: the campaign's rounding of a percent could differ by a cent.
      const added = await addCampaignProduct(
        created.id,
        campaignProductSchema.parse({
          productId: productIds.get(p.sku),
          discountPrice: price,
        }),
        null,
        tx,
      );
      if (!added.ok) throw new Error(`The demo campaign product ${p.sku} was refused: ${added.reason}`);
    }
  }
}

/** The demo campaigns: two running, one to come, two past. */
export const demoCampaigns: DemoStep = {
  place: 50,
  // A unit of work of their own in this transaction: each campaign write flushes, and need not
  // compare the catalogue's few hundred entities written before every time.
  seed: (tx, shop) =>
    insertCampaigns(tx.fork({ keepTransactionContext: true }), shop.rng, shop.products, shop.productIds),
};
