import { type InferEntity, LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { calculateMargin, type MarginCategory } from "~/models/margin";
import { toCents } from "~/models/money";
import { SHOP_TIME_ZONE } from "~/models/shop-time-zone";
import { User } from "~/models/user/user.entity";
import { em } from "~/utils/db.server";
import { toIso } from "~/utils/sql.server";
import { Campaign } from "./campaign.entity";
import { campaignPrice } from "./campaign-price";
import type { CampaignInput, CampaignProductInput } from "./campaign-schema";
import { type CampaignStatus, campaignStatus, todayIn } from "./campaign-status";

export type CampaignRow = {
  id: number;
  name: string;
  description: string | null;
  startDate: string;
  endDate: string;
  isActive: boolean;
  status: CampaignStatus;
  productCount: number;
  createdBy: number | null;
  createdAt: string;
  version: number;
};

type Row = {
  id: number;
  name: string;
  description: string | null;
  start_date: string | Date;
  end_date: string | Date;
  is_active: boolean;
  product_count: number;
  created_by_id: number | null;
  created_at: string | Date;
  version: number;
};

/** A `date` column as "YYYY-MM-DD", whichever way the driver hands it over. */
function day(value: string | Date) {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

function toCampaign(row: Row, today: string): CampaignRow {
  const campaign = {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: day(row.start_date),
    endDate: day(row.end_date),
    isActive: row.is_active,
  };
  return {
    ...campaign,
    status: campaignStatus(campaign, today),
    productCount: row.product_count,
    createdBy: row.created_by_id,
    createdAt: toIso(row.created_at),
    version: row.version,
  };
}

const SELECT = `select c.id, c.name, c.description, c.start_date::text as start_date, c.end_date::text as end_date,
  c.is_active, c.created_by_id, c.created_at, c.version,
  (select count(*)::int from campaign_product cp where cp.campaign_id = c.id) as product_count
  from campaign c`;

export function shopToday() {
  return todayIn(process.env.TZ_SHOP ?? SHOP_TIME_ZONE);
}

export async function listCampaigns(): Promise<CampaignRow[]> {
  const today = shopToday();
  const rows = await em().execute<Row[]>(`${SELECT} order by c.start_date desc, c.id desc`);
  return rows.map((r) => toCampaign(r, today));
}

export type CampaignSummary = { total: number; active: number; upcoming: number; expired: number };

/** The four cards; expired counts by end date only, whatever isActive says (spec section 4). */
export function summarizeCampaigns(campaigns: CampaignRow[], today = shopToday()): CampaignSummary {
  return {
    total: campaigns.length,
    active: campaigns.filter((c) => c.status === "active").length,
    upcoming: campaigns.filter((c) => c.status === "upcoming").length,
    expired: campaigns.filter((c) => c.endDate < today).length,
  };
}

export async function getCampaign(id: number, tx: EntityManager = em()): Promise<CampaignRow | null> {
  const rows = await tx.execute<Row[]>(`${SELECT} where c.id = ?`, [id]);
  return rows[0] ? toCampaign(rows[0], shopToday()) : null;
}

export type CampaignWriteResult =
  | { ok: true; campaign: CampaignRow }
  | { ok: false; reason: "notFound" | "stale" };

type CampaignEntity = InferEntity<typeof Campaign>;

function assignInput(tx: EntityManager, campaign: CampaignEntity, input: CampaignInput) {
  tx.assign(campaign, {
    name: input.name,
    description: input.description,
    startDate: input.startDate,
    endDate: input.endDate,
    isActive: input.isActive,
  } as never);
}

/** The campaign's write path, a unit of work of the ORM like the product's (docs/data-layer.md). */
export async function createCampaign(input: CampaignInput, userId: number | null): Promise<CampaignRow> {
  return em().transactional(async (tx) => {
    const campaign = tx.create(Campaign, {
      createdBy: userId ? tx.getReference(User, userId) : null,
    } as never) as CampaignEntity;
    assignInput(tx, campaign, input);
    await tx.flush();
    return (await getCampaign(campaign.id, tx)) as CampaignRow;
  });
}

export async function updateCampaign(id: number, input: CampaignInput): Promise<CampaignWriteResult> {
  return em().transactional(async (tx) => {
    const campaign = (await tx.findOne(Campaign, id, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    })) as CampaignEntity | null;
    if (!campaign) return { ok: false, reason: "notFound" } as const;
    if (input.version && input.version !== campaign.version) return { ok: false, reason: "stale" } as const;
    assignInput(tx, campaign, input);
    await tx.flush();
    return { ok: true, campaign: (await getCampaign(id, tx)) as CampaignRow } as const;
  });
}

export async function deleteCampaign(id: number): Promise<boolean> {
  const rows = await em().execute<unknown[]>("delete from campaign where id = ? returning id", [id]);
  return rows.length > 0;
}

export type CampaignProductRow = {
  productId: number;
  name: string;
  sku: string;
  purchasePrice: string;
  vatInclusive: boolean;
  originalPrice: string;
  discountPrice: string;
  discountPercent: number;
  margin: number;
  marginCategory: MarginCategory;
  profit: string;
  belowCost: boolean;
};

/** The campaign's products with the margin each would have at its campaign price. */
export async function listCampaignProducts(campaignId: number): Promise<CampaignProductRow[]> {
  const rows = await em().execute<
    {
      product_id: number;
      name: string;
      sku: string;
      purchase_price: string;
      vat_inclusive: boolean;
      vat_rate: string;
      original_price: string;
      discount_price: string;
    }[]
  >(
    `select p.id as product_id, p.name, p.sku, p.purchase_price, p.vat_inclusive, p.vat_rate, cp.original_price, cp.discount_price
     from campaign_product cp join product p on p.id = cp.product_id
     where cp.campaign_id = ? order by p.name`,
    [campaignId],
  );
  return rows.map((r) => {
    const margin = calculateMargin({
      purchasePrice: r.purchase_price,
      sellingPrice: r.discount_price,
      vatInclusive: r.vat_inclusive,
      // The campaign price is sold at the product's own VAT rate.
      vatRate: Number(r.vat_rate),
    });
    const original = toCents(r.original_price);
    return {
      productId: r.product_id,
      name: r.name,
      sku: r.sku,
      purchasePrice: r.purchase_price,
      vatInclusive: r.vat_inclusive,
      originalPrice: r.original_price,
      discountPrice: r.discount_price,
      discountPercent: original
        ? Math.round(((original - toCents(r.discount_price)) * 1000) / original) / 10
        : 0,
      margin: margin.marginPercentage,
      marginCategory: margin.marginCategory,
      profit: margin.profit,
      belowCost: toCents(r.discount_price) < toCents(r.purchase_price),
    };
  });
}

export type CampaignProductRefusal =
  | "campaignNotFound"
  | "unknownProduct"
  | "badPrice"
  | "priceAboveOriginal";

/**
 * Puts a product in the campaign at a discount price (given, or a percent off its selling price);
 * the product's selling price is recorded as the original price. Adding it again re-prices it.
 */
export async function addCampaignProduct(
  campaignId: number,
  input: CampaignProductInput,
): Promise<{ ok: true } | { ok: false; reason: CampaignProductRefusal }> {
  return em().transactional(async (tx) => {
    const campaign = await tx.execute<unknown[]>("select 1 from campaign where id = ?", [campaignId]);
    if (!campaign.length) return { ok: false, reason: "campaignNotFound" };
    const [product] = await tx.execute<{ id: number; selling_price: string }[]>(
      input.productId
        ? "select id, selling_price from product where id = ?"
        : "select id, selling_price from product where lower(sku) = lower(?)",
      [input.productId ?? input.sku],
    );
    if (!product) return { ok: false, reason: "unknownProduct" };
    const price =
      input.discountPrice !== null
        ? campaignPrice(product.selling_price, { kind: "price", value: input.discountPrice })
        : campaignPrice(product.selling_price, { kind: "percent", value: input.discountPercent ?? "" });
    if (price === null || toCents(price) <= 0) return { ok: false, reason: "badPrice" };
    if (toCents(price) > toCents(product.selling_price)) return { ok: false, reason: "priceAboveOriginal" };
    await tx.execute(
      `insert into campaign_product (campaign_id, product_id, discount_price, original_price) values (?, ?, ?, ?)
       on conflict (campaign_id, product_id)
       do update set discount_price = excluded.discount_price, original_price = excluded.original_price`,
      [campaignId, product.id, price, product.selling_price],
    );
    return { ok: true };
  });
}

export async function removeCampaignProduct(campaignId: number, productId: number): Promise<boolean> {
  const rows = await em().execute<unknown[]>(
    "delete from campaign_product where campaign_id = ? and product_id = ? returning id",
    [campaignId, productId],
  );
  return rows.length > 0;
}
