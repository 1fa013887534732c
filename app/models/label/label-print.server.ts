import type { EntityManager } from "@mikro-orm/postgresql";
import type { Language } from "~/i18n/config";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import { runningCampaignSql } from "~/models/campaign/campaign-price.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { priceClaims } from "~/models/price/price-history.server";
import type { LabelFacts } from "./label-facts";
import { MAX_LABELS_PER_PRINT } from "./label-layouts";
import { type LabelsPdf, labelsPdf } from "./label-pdf.server";
import { recordLabelPrint } from "./label-queue.server";

/** Which products a print is for: given ones (a product's page), or the whole reprint queue. */
export type LabelSelection = { productIds: readonly number[] } | { queue: true };

type Row = {
  id: number;
  name: string;
  brand: string;
  sku: string;
  ean: string | null;
  price: string;
  campaign_price: string | null;
};

/**
 * Each product's label facts, in the selection's order (the queue's: the latest queued first):
 * its selling price, and while a campaign runs its campaign price with the lowest price of the
 * 30 days before (the price log's, price-history.server.ts). Three queries, whatever the count.
 */
export async function labelFactsOf(
  selection: LabelSelection,
  db: EntityManager = em(),
): Promise<{ productIds: number[]; facts: LabelFacts[] }> {
  const today = todayIn(SHOP_TIME_ZONE);
  const chosen =
    "queue" in selection
      ? `select product_id as id, row_number() over (order by queued_at desc, product_id) as n from label_queue`
      : "select id, n from unnest(:ids::int[]) with ordinality as x(id, n)";
  const { rows } = await namedSql<Row>(
    db,
    `select p.id, p.name, p.brand, p.sku, p.ean, p.selling_price::text as price, r.price::text as campaign_price
       from (${chosen}) c join product p on p.id = c.id
       left join lateral (${runningCampaignSql("p.id", ":today")}) r on true
      order by c.n
      limit :limit`,
    { ids: "queue" in selection ? [] : selection.productIds, today, limit: MAX_LABELS_PER_PRINT + 1 },
  );
  const claims = await priceClaims(
    rows.filter((row) => row.campaign_price !== null).map((row) => row.id),
    db,
  );
  return {
    productIds: rows.map((row) => row.id),
    facts: rows.map((row) => ({
      name: row.name,
      brand: row.brand,
      sku: row.sku,
      ean: row.ean,
      price: row.price,
      campaignPrice: row.campaign_price,
      priorPrice: row.campaign_price === null ? null : (claims.get(row.id)?.priorPrice ?? null),
      unit: null,
      netQuantity: null,
    })),
  };
}

/**
 * Prints the selection's labels: the PDF, and the print recorded (who, which products at which
 * price, the layout) with its products taken off the reprint queue, in one transaction. Refused,
 * writing nothing, for a layout, offset or count the layouts refuse.
 */
export async function printLabels(
  selection: LabelSelection,
  options: { layout: string; dpi?: number; offset?: number; language: Language; userId: number | null },
  db: EntityManager = em(),
): Promise<LabelsPdf> {
  return db.transactional(async (tx) => {
    const { productIds, facts } = await labelFactsOf(selection, tx);
    const printed = await labelsPdf(facts, { ...options, printedOn: todayIn(SHOP_TIME_ZONE) });
    if (!printed.ok) return printed;
    await recordLabelPrint(tx, {
      userId: options.userId,
      layout: options.layout,
      language: options.language,
      products: productIds.map((productId, index) => ({
        productId,
        price: facts[index].campaignPrice ?? facts[index].price,
      })),
    });
    return printed;
  });
}
