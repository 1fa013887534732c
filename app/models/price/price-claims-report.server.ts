import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import { runningCampaignSql } from "~/models/campaign/campaign-price.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { toCents } from "~/models/money";
import type { FileColumn } from "~/models/report/file-columns";
import { countedFileStream, type Dialect } from "~/models/report/file-format";
import { pricePoints, priorPriceAnswer } from "./price-history.server";

/** The report's type in /reports/export?type=. */
export const PRICE_CLAIMS = "price-claims";

/** The "Price reduction claims" file's columns, in file order. */
export const PRICE_CLAIM_COLUMNS: readonly FileColumn[] = [
  { key: "name", header: { en: "Name", fi: "Nimi" }, kind: "text" },
  { key: "sku", header: { en: "SKU", fi: "SKU" }, kind: "code" },
  { key: "campaign", header: { en: "Campaign", fi: "Kampanja" }, kind: "text" },
  { key: "sellingPrice", header: { en: "Selling price", fi: "Myyntihinta" }, kind: "decimal" },
  { key: "campaignPrice", header: { en: "Campaign price", fi: "Kampanjahinta" }, kind: "decimal" },
  {
    key: "priorPrice",
    header: { en: "Lowest price in the 30 days before", fi: "Alin hinta 30 päivän aikana ennen alennusta" },
    kind: "decimal",
  },
  {
    key: "reductionPercent",
    header: { en: "Legal reduction %", fi: "Laillinen alennus %" },
    kind: "integer",
  },
  { key: "shownPercent", header: { en: "Shown reduction %", fi: "Ilmoitettu alennus %" }, kind: "decimal" },
  { key: "supported", header: { en: "Supported", fi: "Perusteltu" }, kind: "boolean" },
];

/** A product on a reduction today and what its reduction may claim. */
export type PriceClaimLine = {
  productId: number;
  name: string;
  sku: string;
  campaign: string;
  sellingPrice: string;
  campaignPrice: string;
  priorPrice: string | null;
  reductionPercent: number | null;
  /** The reduction the campaign shows: from the selling price when the product was put in it. */
  shownPercent: number;
  /** The prior price supports the reduction shown (it is a reduction, and no larger than the legal one). */
  supported: boolean;
};

type ReducedRow = {
  product_id: number;
  name: string;
  sku: string;
  campaign: string;
  selling_price: string;
  campaign_price: string;
  original_price: string;
};

/**
 * Every product on a reduction today (the lowest price of the active campaigns running today, as
 * an order prices it), by name, a page at a time, with its prior price from the price log and a
 * flag where the reduction the campaign shows (from the product's selling price when it was put
 * in the campaign) is not supported by the prior price: not a reduction at all, or a larger
 * percentage than the prior price allows (EU Court C-330/23).
 */
export async function* priceClaimPages(
  pageSize = 500,
  db: EntityManager = em(),
  now = Date.now(),
): AsyncGenerator<PriceClaimLine[]> {
  const today = todayIn(SHOP_TIME_ZONE, new Date(now));
  for (let after = { name: "", id: 0 }; ; ) {
    const { rows } = await namedSql<ReducedRow>(
      db,
      `select p.id as product_id, p.name, p.sku, r.campaign, p.selling_price::text as selling_price,
              r.price::text as campaign_price, r.original_price::text as original_price
         from product p
         join lateral (${runningCampaignSql("p.id", ":today")}) r on true
        where (p.name, p.id) > (:name, :id)
        order by p.name, p.id
        limit :limit`,
      { today, name: after.name, id: after.id, limit: pageSize },
    );
    if (rows.length === 0) return;
    const points = await pricePoints(
      rows.map((row) => row.product_id),
      db,
    );
    yield rows.map((row) => claimLine(row, points.get(row.product_id) ?? [], now));
    const last = rows[rows.length - 1];
    after = { name: last.name, id: last.product_id };
    if (rows.length < pageSize) return;
  }
}

function claimLine(
  row: ReducedRow,
  points: Parameters<typeof priorPriceAnswer>[0],
  now: number,
): PriceClaimLine {
  const claim = priorPriceAnswer(points, row.campaign_price, now);
  const original = toCents(row.original_price);
  const shown =
    original > 0 ? Math.round(((original - toCents(row.campaign_price)) * 1000) / original) / 10 : 0;
  return {
    productId: row.product_id,
    name: row.name,
    sku: row.sku,
    campaign: row.campaign,
    sellingPrice: row.selling_price,
    campaignPrice: row.campaign_price,
    priorPrice: claim.priorPrice,
    reductionPercent: claim.reductionPercent,
    shownPercent: shown,
    // Shown as the campaign shows it (one decimal): "15 %" off 199,90 is 169,92, 14.997 % of the
    // prior price, which the one-decimal figure 15.0 % states fairly; 15.1 % would not.
    supported:
      claim.reductionPercent !== null && shown <= oneDecimalReduction(claim.priorPrice, row.campaign_price),
  };
}

/** The reduction from the prior price to the price in percent, to one decimal, half up. */
function oneDecimalReduction(prior: string | null, price: string): number {
  if (prior === null) return 0;
  const cents = toCents(prior);
  return Math.round(((cents - toCents(price)) * 1000) / cents) / 10;
}

/** The claims as a file in the dialect, ending with the number of products on a reduction. */
export function priceClaimsFile(dialect: Dialect): ReadableStream<Uint8Array> {
  return countedFileStream({
    columns: PRICE_CLAIM_COLUMNS,
    dialect,
    // The stream is read after the loader has returned: it keeps this request's EntityManager.
    pages: priceClaimPages(500, em()),
    values: (line) => ({ ...line, shownPercent: line.shownPercent.toFixed(1) }),
  });
}
