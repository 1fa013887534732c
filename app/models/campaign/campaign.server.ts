import { type InferEntity, raw, sql } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import type { campaignAnswer, campaignProductAnswer } from "~/models/api-doc/response-schemas";
import { lockForChange } from "~/models/locked.server";
import { calculateMargin, isBelowCost } from "~/models/margin";
import { toCents } from "~/models/money";
import {
  type BelowCostRefusal,
  belowCostFindings,
  belowCostRefusal,
  confirmationOf,
} from "~/models/price/below-cost";
import { recordBelowCost } from "~/models/price/below-cost.server";
import { campaignPriceClaims, logPrices } from "~/models/price/price-history.server";
import { Product } from "~/models/product/product.entity";
import type { Role } from "~/models/user/roles";
import { User } from "~/models/user/user.entity";
import { Campaign, CampaignProduct } from "./campaign.entity";
import { campaignPrice } from "./campaign-price";
import type { CampaignInput, CampaignProductInput } from "./campaign-schema";
import { campaignStatus, todayIn } from "./campaign-status";

/**
 * A campaign as the pages read it and /api answers it. Its type is the schema that documents the answer
 * (response-schemas.ts).
 */
export type CampaignRow = z.output<typeof campaignAnswer>;

const FIELDS = [
  "id",
  "name",
  "description",
  "startDate",
  "endDate",
  "isActive",
  "referenceFrozenOn",
  "createdBy",
  "createdAt",
  "version",
] as const;

type CampaignEntity = InferEntity<typeof Campaign>;
type CampaignData = Pick<CampaignEntity, Exclude<(typeof FIELDS)[number], "createdBy">> & {
  /** the creator's id (the foreign key, not loaded) */
  createdBy: number | null;
  productCount: number;
};

function toCampaign(row: CampaignData, today: string): CampaignRow {
  const campaign = {
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    // `date` columns: "YYYY-MM-DD" strings, as the ORM maps them.
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: row.isActive,
  };
  return {
    referenceFrozenOn: row.referenceFrozenOn ?? null,
    ...campaign,
    status: campaignStatus(campaign, today),
    productCount: row.productCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The campaign's columns and its number of products (counted through campaign_product's unique index). */
function campaignQuery(db: EntityManager) {
  return db
    .createQueryBuilder(Campaign, "c")
    .select([
      ...FIELDS,
      sql`(select count(*)::int from campaign_product cp where cp.campaign_id = c.id)`.as("productCount"),
    ]);
}

export function shopToday() {
  return todayIn(process.env.TZ_SHOP ?? SHOP_TIME_ZONE);
}

/** The campaigns list's query, as the page and the API run it: every campaign, latest start first. */
export function campaignListQuery(db: EntityManager = em()) {
  return campaignQuery(db).orderBy([{ startDate: "desc" }, { id: "desc" }]);
}

export async function listCampaigns(): Promise<CampaignRow[]> {
  const today = shopToday();
  const rows = await campaignListQuery().execute<CampaignData[]>();
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
  const row = await campaignQuery(tx).where({ id }).execute<CampaignData | null>("get");
  return row ? toCampaign(row, shopToday()) : null;
}

export type CampaignWriteResult =
  | { ok: true; campaign: CampaignRow }
  | { ok: false; reason: "notFound" | "stale" };

/** What the campaign keeps of its input. */
function storedFields(input: CampaignInput) {
  return {
    name: input.name,
    description: input.description,
    startDate: input.startDate,
    endDate: input.endDate,
    isActive: input.isActive,
    referenceFrozenOn: input.referenceFrozenOn ?? null,
  };
}

/**
 * The campaign's write path, a unit of work of the ORM like the product's (docs/data-layer.md):
 * in the caller's transaction `tx` (the demo seed), else in a transaction of its own.
 */
export async function createCampaign(
  input: CampaignInput,
  userId: number | null,
  tx?: EntityManager,
): Promise<CampaignRow> {
  if (!tx) return em().transactional((own) => createCampaign(input, userId, own));
  const campaign = tx.create(Campaign, {
    ...storedFields(input),
    createdBy: userId ? tx.getReference(User, userId) : null,
  });
  await tx.flush();
  return (await getCampaign(campaign.id, tx)) as CampaignRow;
}

export async function updateCampaign(
  id: number,
  input: CampaignInput,
  userId: number | null = null,
): Promise<CampaignWriteResult> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, Campaign, id, input.version);
    if (!locked.ok) return locked;
    tx.assign(locked.entity, storedFields(input));
    await tx.flush();
    // New dates or a campaign switched on or off change what its products cost today.
    await logCampaignPrices(tx, id, userId);
    return { ok: true, campaign: (await getCampaign(id, tx)) as CampaignRow } as const;
  });
}

/** Deletes the campaign; its products' prices follow at once (the log keeps its rows, without it). */
export async function deleteCampaign(id: number, userId: number | null = null): Promise<boolean> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, Campaign, id);
    if (!locked.ok) return false;
    const products = await campaignProductIds(tx, id);
    await tx.remove(locked.entity).flush();
    await logPrices(tx, products, { userId, source: "campaign" });
    return true;
  });
}

/** The ids of a campaign's products. */
async function campaignProductIds(tx: EntityManager, campaignId: number): Promise<number[]> {
  const rows = await tx
    .createQueryBuilder(CampaignProduct, "cp")
    .select("product")
    .where({ campaign: campaignId })
    .execute<{ product: number }[]>();
  return rows.map((row) => row.product);
}

/** The price log follows a campaign's change for its products (a row where what they cost changed). */
async function logCampaignPrices(tx: EntityManager, campaignId: number, userId: number | null) {
  await logPrices(tx, await campaignProductIds(tx, campaignId), { userId, source: "campaign" });
}

/**
 * A product in a campaign, with its campaign price, as the pages read it and /api answers it. Its type is
 * the schema that documents the answer (response-schemas.ts).
 */
export type CampaignProductRow = z.output<typeof campaignProductAnswer>;

type CampaignProductData = Pick<
  InferEntity<typeof CampaignProduct>,
  "id" | "discountPrice" | "originalPrice"
> & {
  product: Pick<
    InferEntity<typeof Product>,
    "id" | "name" | "sku" | "purchasePrice" | "vatInclusive" | "vatRate"
  >;
};

/** The query of a campaign's products, by product name, as its page and the API run it. */
export function campaignProductListQuery(campaignId: number, db: EntityManager = em()) {
  // The id is selected for the ORM to tell the rows apart when it nests each one's product.
  return db
    .createQueryBuilder(CampaignProduct, "cp")
    .select(["id", "discountPrice", "originalPrice"])
    .innerJoinAndSelect("cp.product", "p", {}, ["name", "sku", "purchasePrice", "vatInclusive", "vatRate"])
    .where({ campaign: campaignId })
    .orderBy({ product: { name: "asc" } });
}

/** The campaign's products with the margin each would have at its campaign price. */
export async function listCampaignProducts(campaignId: number): Promise<CampaignProductRow[]> {
  const [rows, claims] = await Promise.all([
    campaignProductListQuery(campaignId).execute<CampaignProductData[]>(),
    campaignPriceClaims(campaignId),
  ]);
  return rows.map(({ product, originalPrice, discountPrice }) => {
    const claim = claims.get(product.id);
    const margin = calculateMargin({
      purchasePrice: product.purchasePrice,
      sellingPrice: discountPrice,
      vatInclusive: product.vatInclusive,
      // The campaign price is sold at the product's own VAT rate.
      vatRate: Number(product.vatRate),
    });
    const original = toCents(originalPrice);
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      purchasePrice: product.purchasePrice,
      vatInclusive: product.vatInclusive,
      originalPrice,
      discountPrice,
      discountPercent: original
        ? Math.round(((original - toCents(discountPrice)) * 1000) / original) / 10
        : 0,
      margin: margin.marginPercentage,
      marginCategory: margin.marginCategory,
      profit: margin.profit,
      belowCost: isBelowCost({
        purchasePrice: product.purchasePrice,
        sellingPrice: discountPrice,
        vatInclusive: product.vatInclusive,
        vatRate: Number(product.vatRate),
      }),
      priorPrice: claim?.priorPrice ?? null,
      reductionPercent: claim?.reductionPercent ?? null,
      daysOnSale: claim?.daysOnSale ?? null,
      frozenPriorPrice: claim?.frozenPriorPrice ?? null,
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
 * A price below the product's net cost passes the below-cost guard (below-cost.ts): refused
 * unless `by`, an admin or a manager, gives the input's reason, which is then recorded.
 * A unit of work of the ORM: the campaign is locked for it, so that adds to one campaign run one
 * after the other (the second add of a product finds the first's row and re-prices it) and the
 * campaign cannot be deleted halfway. In the caller's transaction `tx` (the demo seed), else in a
 * transaction of its own.
 */
export async function addCampaignProduct(
  campaignId: number,
  input: CampaignProductInput,
  by: { id: number; role: Role } | null = null,
  tx?: EntityManager,
): Promise<{ ok: true } | { ok: false; reason: CampaignProductRefusal } | BelowCostRefusal> {
  if (!tx) return em().transactional((own) => addCampaignProduct(campaignId, input, by, own));
  const locked = await lockForChange(tx, Campaign, campaignId);
  if (!locked.ok) return { ok: false, reason: "campaignNotFound" };
  const campaign = locked.entity;
  const product = await tx
    .createQueryBuilder(Product)
    .select(["id", "name", "sku", "sellingPrice", "purchasePrice", "vatInclusive", "vatRate"])
    .where(
      input.productId
        ? { id: Number(input.productId) }
        : { [raw("lower(sku)")]: raw("lower(?)", [input.sku]) },
    )
    .execute<Pick<
      InferEntity<typeof Product>,
      "id" | "name" | "sku" | "sellingPrice" | "purchasePrice" | "vatInclusive" | "vatRate"
    > | null>("get");
  if (!product) return { ok: false, reason: "unknownProduct" };
  const price =
    input.discountPrice !== null
      ? campaignPrice(product.sellingPrice, { kind: "price", value: input.discountPrice })
      : campaignPrice(product.sellingPrice, { kind: "percent", value: input.discountPercent ?? "" });
  if (price === null || toCents(price) <= 0) return { ok: false, reason: "badPrice" };
  if (toCents(price) > toCents(product.sellingPrice)) return { ok: false, reason: "priceAboveOriginal" };
  const findings = belowCostFindings([{ ...product, price }]);
  const confirmation = by ? confirmationOf(input.belowCostReason, by) : null;
  const refused = belowCostRefusal(findings, confirmation);
  if (refused) return refused;
  const prices = { discountPrice: price, originalPrice: product.sellingPrice };
  const listed = await tx.findOne(CampaignProduct, { campaign, product: product.id });
  if (listed) tx.assign(listed, prices);
  else tx.create(CampaignProduct, { campaign, product: tx.getReference(Product, product.id), ...prices });
  await tx.flush();
  await logPrices(tx, [product.id], { userId: by?.id ?? null, source: "campaign" });
  await recordBelowCost(tx, "campaign", campaignId, findings, confirmation);
  return { ok: true };
}

/** Takes a product out of the campaign; false when it was not in it. */
export async function removeCampaignProduct(
  campaignId: number,
  productId: number,
  userId: number | null = null,
): Promise<boolean> {
  return em().transactional(async (tx) => {
    const listed = await tx.findOne(CampaignProduct, { campaign: campaignId, product: productId });
    if (!listed) return false;
    await tx.remove(listed).flush();
    await logPrices(tx, [productId], { userId, source: "campaign" });
    return true;
  });
}
