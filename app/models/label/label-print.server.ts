import type { EntityManager } from "@mikro-orm/postgresql";
import type { Language } from "~/i18n/config";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import { addDays } from "~/models/calendar-day";
import { runningCampaignSql } from "~/models/campaign/campaign-price.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { priceClaimsOn } from "~/models/price/price-history.server";
import type { MeasureUnit } from "~/models/product/measure";
import { filteredProductIds, type ProductFilters } from "~/models/product/product-reads.server";
import { type LabelBarcode, type LabelFacts, type LabelWithoutBarcode, shownPrice } from "./label-facts";
import {
  type LabelFormat,
  type LabelLayoutId,
  type LabelPrintRefusal,
  MAX_LABELS_PER_PRINT,
} from "./label-layouts";
import { labelsPdf } from "./label-pdf.server";
import { barcodeOnLayouts } from "./label-placement";
import { recordLabelPrint } from "./label-queue.server";
import type { CampaignMoment } from "./label-source";
import { labelsZpl } from "./label-zpl";

/**
 * Which products a print is for: given ones (a product's page, the scanned list), the whole
 * reprint queue, the /products filters (in the list's order), a campaign's products for its first
 * day or at its end, or the products a purchase order received.
 */
export type LabelSelection =
  | { productIds: readonly number[] }
  | { queue: true }
  | { filters: Omit<ProductFilters, "limit" | "offset"> }
  | { campaign: number; moment: CampaignMoment }
  | { purchaseOrder: number };

type Row = {
  id: number;
  name: string;
  brand: string;
  sku: string;
  ean: string | null;
  price: string;
  campaign_price: string | null;
  unit: MeasureUnit | null;
  net_quantity: string | null;
};

/** A selection's products (`id`, in the order `n`) as SQL, and the day their prices are for. */
type Chosen = { sql: string; bindings: Record<string, unknown>; day: string };

const GIVEN = "select id, n from unnest(:ids::int[]) with ordinality as x(id, n)";

/**
 * The selection's products as a subquery: at most one query to find them (the list's filters, in
 * the list's order; a campaign's days). A campaign's first day is its start, or today once it has
 * begun; its end is the day after its last, or today once that has come.
 */
async function chosenProducts(selection: LabelSelection, db: EntityManager, today: string): Promise<Chosen> {
  if ("queue" in selection) {
    return {
      sql: "select product_id as id, row_number() over (order by queued_at desc, product_id) as n from label_queue",
      bindings: {},
      day: today,
    };
  }
  if ("productIds" in selection) return { sql: GIVEN, bindings: { ids: selection.productIds }, day: today };
  if ("filters" in selection) {
    const ids = await filteredProductIds(selection.filters, MAX_LABELS_PER_PRINT + 1, db);
    return { sql: GIVEN, bindings: { ids }, day: today };
  }
  if ("purchaseOrder" in selection) {
    // A product on several lines prints once, where it first appears.
    return {
      sql: `select product_id as id, row_number() over (order by min(position), min(id)) as n
              from purchase_order_line
             where purchase_order_id = :purchaseOrder and quantity_received > 0
             group by product_id`,
      bindings: { purchaseOrder: selection.purchaseOrder },
      day: today,
    };
  }
  const { rows } = await namedSql<{ start_date: string; end_date: string }>(
    db,
    "select start_date::text as start_date, end_date::text as end_date from campaign where id = :id",
    { id: selection.campaign },
  );
  const campaign = rows[0];
  const wanted = !campaign
    ? today
    : selection.moment === "start"
      ? campaign.start_date
      : addDays(campaign.end_date, 1);
  return {
    // By product name, as the campaign's page lists them.
    sql: `select cp.product_id as id, row_number() over (order by p.name, p.id) as n
            from campaign_product cp join product p on p.id = cp.product_id
           where cp.campaign_id = :campaign`,
    bindings: { campaign: selection.campaign },
    day: wanted > today ? wanted : today,
  };
}

/**
 * Each product's label facts, in the selection's order (the queue's: the latest queued first), as
 * they read on the day the selection is for (today, or a campaign's first day or the day after its
 * end): the selling price, and while a campaign runs that day its campaign price with the lowest
 * price of the 30 days before (the price log's, price-history.server.ts). At most 5,001 products
 * (one more than a print takes, so that too many is refused) in three queries, whatever the count.
 */
export async function labelFactsOf(
  selection: LabelSelection,
  db: EntityManager = em(),
  now = new Date(),
): Promise<{ productIds: number[]; facts: LabelFacts[]; day: string }> {
  const today = todayIn(SHOP_TIME_ZONE, now);
  const chosen = await chosenProducts(selection, db, today);
  const { rows } = await namedSql<Row>(
    db,
    `select p.id, p.name, p.brand, p.sku, p.ean, p.selling_price::text as price, r.price::text as campaign_price,
            p.unit, p.net_quantity::text as net_quantity
       from (${chosen.sql}) c join product p on p.id = c.id
       left join lateral (${runningCampaignSql("p.id", ":day")}) r on true
      order by c.n
      limit :limit`,
    { ...chosen.bindings, day: chosen.day, limit: MAX_LABELS_PER_PRINT + 1 },
  );
  const claims = await priceClaimsOn(
    rows.filter((row) => row.campaign_price !== null).map((row) => row.id),
    chosen.day,
    db,
    now,
  );
  return {
    productIds: rows.map((row) => row.id),
    day: chosen.day,
    facts: rows.map((row) => ({
      name: row.name,
      brand: row.brand,
      sku: row.sku,
      ean: row.ean,
      price: row.price,
      campaignPrice: row.campaign_price,
      priorPrice: row.campaign_price === null ? null : (claims.get(row.id)?.priorPrice ?? null),
      unit: row.unit,
      netQuantity: row.net_quantity,
    })),
  };
}

/** A label as the preview lists it: its product, the prices it shows, its barcode. */
export type PreviewedLabel = {
  productId: number;
  name: string;
  sku: string;
  /** The price the label shows large (a campaign's that day), and the prior price beside it. */
  price: string;
  reduced: boolean;
  priorPrice: string | null;
  /** Its barcode's kind, null without one; the layouts a long SKU's Code 128 does not fit on. */
  barcode: LabelBarcode["kind"] | null;
  tooLongFor: LabelLayoutId[];
};

export type LabelPreview = {
  /** The day the labels' prices are for. */
  day: string;
  /** How many labels; over MAX_LABELS_PER_PRINT (`tooMany`) it is one more than that. */
  count: number;
  tooMany: boolean;
  /** The first labels, in print order. */
  labels: PreviewedLabel[];
  /** The labels that print without a barcode on some layout (the first of them), and how many. */
  withoutBarcode: PreviewedLabel[];
  withoutBarcodeCount: number;
};

/** How many labels a preview lists, of all and of those without a barcode. */
export const PREVIEW_LISTED = 100;

/** What a print of the selection would print, for its preview page: nothing is written. */
export async function previewLabels(
  selection: LabelSelection,
  db: EntityManager = em(),
  now = new Date(),
): Promise<LabelPreview> {
  const { productIds, facts, day } = await labelFactsOf(selection, db, now);
  const labels = facts.slice(0, MAX_LABELS_PER_PRINT).map((label, index): PreviewedLabel => {
    const { barcode, tooLongFor } = barcodeOnLayouts(label);
    return {
      productId: productIds[index],
      name: label.name,
      sku: label.sku,
      price: shownPrice(label),
      reduced: label.campaignPrice !== null,
      priorPrice: label.priorPrice,
      barcode: barcode?.kind ?? null,
      tooLongFor,
    };
  });
  const withoutBarcode = labels.filter((label) => label.barcode === null || label.tooLongFor.length > 0);
  return {
    day,
    count: facts.length,
    tooMany: facts.length > MAX_LABELS_PER_PRINT,
    labels: labels.slice(0, PREVIEW_LISTED),
    withoutBarcode: withoutBarcode.slice(0, PREVIEW_LISTED),
    withoutBarcodeCount: withoutBarcode.length,
  };
}

export type PrintedLabels =
  | {
      ok: true;
      format: LabelFormat;
      /** The PDF's bytes, or the ZPL's text. */
      body: Buffer | string;
      withoutBarcode: LabelWithoutBarcode[];
    }
  | { ok: false; refusal: LabelPrintRefusal };

/**
 * Prints the selection's labels: the PDF (or the ZPL), and the print recorded (who, which products
 * at which price, the layout), in one transaction. Labels for today take their products off the
 * reprint queue; labels for a later day (a campaign's first day, or after its end) leave the queue
 * as it is, since the shelf still shows today's. Refused, writing nothing, for a layout, offset or
 * count the layouts refuse (ZPL: a roll's layouts only).
 */
export async function printLabels(
  selection: LabelSelection,
  options: {
    layout: string;
    dpi?: number;
    offset?: number;
    language: Language;
    userId: number | null;
    format?: LabelFormat;
  },
  db: EntityManager = em(),
  now = new Date(),
): Promise<PrintedLabels> {
  return db.transactional(async (tx) => {
    const { productIds, facts, day } = await labelFactsOf(selection, tx, now);
    const format = options.format ?? "pdf";
    const drawn = { ...options, printedOn: todayIn(SHOP_TIME_ZONE, now) };
    const printed: PrintedLabels =
      format === "zpl"
        ? toPrinted("zpl", labelsZpl(facts, drawn), (file) => file.zpl)
        : toPrinted("pdf", await labelsPdf(facts, drawn), (file) => file.pdf);
    if (!printed.ok) return printed;
    await recordLabelPrint(tx, {
      userId: options.userId,
      layout: options.layout,
      language: options.language,
      products: productIds.map((productId, index) => ({
        productId,
        price: facts[index].campaignPrice ?? facts[index].price,
      })),
      unqueue: day === drawn.printedOn,
    });
    return printed;
  });
}

function toPrinted<F extends { ok: true; withoutBarcode: LabelWithoutBarcode[] }>(
  format: LabelFormat,
  file: F | { ok: false; refusal: LabelPrintRefusal },
  body: (file: F) => Buffer | string,
): PrintedLabels {
  if (!file.ok) return file;
  return { ok: true, format, body: body(file), withoutBarcode: file.withoutBarcode };
}
