import { type InferEntity, raw } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { fullNameSql, namedSql, toIso } from "~/infra/sql.server";
import { runningCampaignSql } from "~/models/campaign/campaign-price.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { lockForChange } from "~/models/locked.server";
import { calculateMargin, isBelowCost, type MarginCategory } from "~/models/margin";
import { fromCents, toCents } from "~/models/money";
import {
  type BelowCostConfirmation,
  type BelowCostRefusal,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import type { PriceVia } from "~/models/price/price-history.server";
import { filteredProductsQuery } from "~/models/product/product-reads.server";
import { changePrices, type PriceChange } from "~/models/product/product-writes.server";
import type { BatchScope, BatchState, ScopeFilters } from "./price-batch";
import { PriceBatch } from "./price-batch.entity";
import {
  type BatchRule,
  type RepriceRefusal,
  type RepriceRule,
  type Rounding,
  type RoundingLadder,
  reprice,
} from "./reprice";

/*
 * Bulk repricing (issue #29 item 3). A preview computes every product's new prices with the rule
 * and the ladder (reprice.ts) and stores them as a batch in state `preview`, with each product's
 * prices: the preview page reads the stored lines (paged, totals over all), and the apply writes
 * exactly what was shown, through the product write path (`changePrices`), refused as a whole when
 * a product's prices moved on since. An undo is a new batch restoring the old prices, refused when
 * a product's prices moved on since the apply. Both in one transaction each, all or nothing.
 */

/** The most products one batch may hold: a preview is stored line by line, and applied at once. */
export const MAX_BATCH_PRODUCTS = 25_000;

/** Rows of lines a preview page shows; of held-back and flagged lines, at most this many each. */
export const LINES_PAGE_SIZE = 50;
export const LISTED_AT_MOST = 100;

export type PreviewRequest = {
  scope: Exclude<BatchScope, "batch">;
  filters: ScopeFilters;
  campaignId: number | null;
  /** the scanned list's products */
  productIds: number[];
  rule: RepriceRule;
  ladder: RoundingLadder;
};

export type PreviewResult =
  | { ok: true; id: number }
  | ({ ok: false; reason: "refused"; product: string } & RepriceRefusal)
  | { ok: false; reason: "empty" | "tooMany" };

type ScopeRow = {
  id: number;
  name: string;
  selling_price: string;
  purchase_price: string;
  vat_inclusive: boolean;
  vat_rate: string;
  margin_percent: string;
  margin_category: MarginCategory;
  stock_level: number;
  version: number;
  campaign_price: string | null;
};

/** The products of the scope with what a line needs, and a running campaign's lowest price. */
async function scopeProducts(tx: EntityManager, request: PreviewRequest, today: string) {
  const qb = filteredProductsQuery(request.scope === "filters" ? request.filters : {}, tx).select([
    "p.id",
    "p.name",
    "p.selling_price",
    "p.purchase_price",
    "p.vat_inclusive",
    "p.vat_rate",
    "p.margin_percent",
    "p.margin_category",
    "p.stock_level",
    "p.version",
    raw(`(select r.price from (${runningCampaignSql("p.id", "?")}) r) as campaign_price`, [today, today]),
  ]);
  if (request.scope === "filters" && request.filters.brand) {
    qb.andWhere("lower(p.brand) = lower(?)", [request.filters.brand]);
  }
  if (request.scope === "campaign") {
    qb.andWhere("p.id in (select product_id from campaign_product where campaign_id = ?)", [
      request.campaignId ?? 0,
    ]);
  }
  if (request.scope === "scanned") qb.andWhere({ id: { $in: request.productIds } });
  return qb
    .orderBy({ id: "asc" })
    .limit(MAX_BATCH_PRODUCTS + 1)
    .execute<ScopeRow[]>("all", false);
}

/**
 * Computes a batch over the scope's products and stores it as a preview (nothing of a product
 * changes). Refused, naming the field and the first product, when the rule or the rounding gives
 * a price out of range for any of them; refused when the scope holds no product or too many.
 */
export async function previewPriceBatch(
  request: PreviewRequest,
  userId: number | null,
  db: EntityManager = em(),
  now = new Date(),
): Promise<PreviewResult> {
  return db.transactional(async (tx) => {
    const products = await scopeProducts(tx, request, todayIn(SHOP_TIME_ZONE, now));
    if (products.length === 0) return { ok: false, reason: "empty" };
    if (products.length > MAX_BATCH_PRODUCTS) return { ok: false, reason: "tooMany" };
    const lines: Line[] = [];
    for (const product of products) {
      const priced = {
        sellingPrice: product.selling_price,
        purchasePrice: product.purchase_price,
        vatInclusive: product.vat_inclusive,
        vatRate: product.vat_rate,
      };
      const answer = reprice(priced, request.rule, request.ladder);
      if (!answer.ok) {
        return {
          ok: false,
          reason: "refused",
          field: answer.field,
          problem: answer.problem,
          product: product.name,
        };
      }
      const after = {
        ...priced,
        sellingPrice: fromCents(answer.sellingCents),
        purchasePrice: fromCents(answer.purchaseCents),
        vatRate: Number(product.vat_rate),
      };
      const margin = calculateMargin(after);
      lines.push({
        product: product.id,
        oldSellingPrice: product.selling_price,
        newSellingPrice: after.sellingPrice,
        oldPurchasePrice: product.purchase_price,
        newPurchasePrice: after.purchasePrice,
        vatInclusive: product.vat_inclusive,
        vatRate: product.vat_rate,
        oldMargin: Number(product.margin_percent),
        newMargin: margin.marginPercentage,
        oldBand: product.margin_category,
        newBand: margin.marginCategory,
        stockLevel: product.stock_level,
        version: product.version,
        belowCost: isBelowCost(after),
        campaignPrice:
          product.campaign_price !== null && answer.sellingCents <= toCents(product.campaign_price)
            ? product.campaign_price
            : null,
      });
    }
    const batch = tx.create(PriceBatch, {
      rule: request.rule.kind,
      value: fromCents(request.rule.value),
      rounding: request.rule.kind === "supplierCost" ? "none" : request.ladder.ending,
      roundingFrom:
        request.rule.kind !== "supplierCost" && request.ladder.above
          ? fromCents(request.ladder.above.fromCents)
          : null,
      roundingAbove:
        request.rule.kind !== "supplierCost" && request.ladder.above ? request.ladder.above.ending : null,
      scope: request.scope,
      filters: request.scope === "filters" ? request.filters : null,
      campaign: request.scope === "campaign" ? request.campaignId : null,
      createdBy: userId,
    });
    await tx.flush();
    // One statement for every line: a column an array (16 parameters whatever the batch's size).
    const column = <K extends keyof Line>(key: K) => lines.map((line) => line[key]);
    await namedSql(
      tx,
      `insert into price_batch_line (batch_id, product_id, old_selling_price, new_selling_price,
              old_purchase_price, new_purchase_price, vat_inclusive, vat_rate, old_margin, new_margin,
              old_band, new_band, stock_level, version, below_cost, campaign_price)
       select :batch, * from unnest(:product::int[], :oldSelling::numeric[], :newSelling::numeric[],
              :oldPurchase::numeric[], :newPurchase::numeric[], :vatInclusive::boolean[], :vatRate::numeric[],
              :oldMargin::numeric[], :newMargin::numeric[], :oldBand::text[], :newBand::text[],
              :stockLevel::int[], :version::int[], :belowCost::boolean[], :campaignPrice::numeric[])`,
      {
        batch: batch.id,
        product: column("product"),
        oldSelling: column("oldSellingPrice"),
        newSelling: column("newSellingPrice"),
        oldPurchase: column("oldPurchasePrice"),
        newPurchase: column("newPurchasePrice"),
        vatInclusive: column("vatInclusive"),
        vatRate: column("vatRate"),
        oldMargin: column("oldMargin"),
        newMargin: column("newMargin"),
        oldBand: column("oldBand"),
        newBand: column("newBand"),
        stockLevel: column("stockLevel"),
        version: column("version"),
        belowCost: column("belowCost"),
        campaignPrice: column("campaignPrice"),
      },
    );
    return { ok: true, id: batch.id };
  });
}

type Batch = InferEntity<typeof PriceBatch>;

/** A line as the preview computes it, before its batch exists. */
type Line = {
  product: number;
  oldSellingPrice: string;
  newSellingPrice: string;
  oldPurchasePrice: string;
  newPurchasePrice: string;
  vatInclusive: boolean;
  vatRate: string;
  oldMargin: number;
  newMargin: number;
  oldBand: MarginCategory;
  newBand: MarginCategory;
  stockLevel: number;
  version: number;
  belowCost: boolean;
  campaignPrice: string | null;
};

/** A batch as its page shows it. */
export type PriceBatchRow = {
  id: number;
  rule: BatchRule;
  value: string;
  rounding: Rounding;
  roundingFrom: string | null;
  roundingAbove: Rounding | null;
  scope: BatchScope;
  filters: ScopeFilters | null;
  campaignId: number | null;
  campaignName: string | null;
  categoryName: string | null;
  supplierName: string | null;
  undoesId: number | null;
  undoneById: number | null;
  state: BatchState;
  createdByName: string | null;
  createdAt: string;
  appliedAt: string | null;
  undoneAt: string | null;
  /** products in the batch, and of them: whose price changes, held back below cost, flagged */
  products: number;
  changed: number;
  belowCost: number;
  claims: number;
};

export type BandCounts = Record<MarginCategory, number>;

/** What the preview adds up over all its lines. */
export type BatchTotals = {
  before: BandCounts;
  after: BandCounts;
  /** the change of the stock's value at selling price, of the lines written */
  stockValueChange: string;
};

export type BatchLineRow = {
  productId: number;
  name: string;
  sku: string;
  oldSellingPrice: string;
  newSellingPrice: string;
  oldPurchasePrice: string;
  newPurchasePrice: string;
  oldMargin: number;
  newMargin: number;
  oldBand: MarginCategory;
  newBand: MarginCategory;
  belowCost: boolean;
  campaignPrice: string | null;
};

const userName = (alias: string) => `coalesce(${fullNameSql(alias)}, ${alias}.email)`;

/** Of a line: a price changes. */
const PRICE_CHANGES = `(l.new_selling_price <> l.old_selling_price
  or l.new_purchase_price <> l.old_purchase_price)`;

/**
 * Of a line: held back, below cost and not written (a preview's below-cost lines; an applied
 * batch's that no reason confirmed).
 */
const HELD_BACK = "(l.below_cost and l.applied_version is null)";

/** Of a line: the batch wrote it. */
const APPLIED = "l.applied_version is not null";

/** Of a line: the batch writes it (a price changes and it is not held back). */
const WRITTEN = `not ${HELD_BACK} and ${PRICE_CHANGES}`;

const BATCH_SELECT = `select b.id, b.rule, b.value, b.rounding, b.rounding_from as "roundingFrom",
    b.rounding_above as "roundingAbove", b.scope, b.filters, b.campaign_id as "campaignId",
    c.name as "campaignName", k.name as "categoryName", s.name as "supplierName",
    b.undoes_id as "undoesId", (select max(u.id) from price_batch u where u.undoes_id = b.id) as "undoneById",
    b.state, ${userName("m")} as "createdByName", b.created_at as "createdAt", b.applied_at as "appliedAt",
    b.undone_at as "undoneAt",
    (select count(*) from price_batch_line l where l.batch_id = b.id)::int as products,
    (select count(*) from price_batch_line l where l.batch_id = b.id and ${WRITTEN})::int as changed,
    (select count(*) from price_batch_line l where l.batch_id = b.id and ${HELD_BACK})::int as "belowCost",
    (select count(*) from price_batch_line l where l.batch_id = b.id and l.campaign_price is not null)::int as claims
  from price_batch b
  left join campaign c on c.id = b.campaign_id
  left join category k on k.id = (b.filters->>'categoryId')::int
  left join supplier s on s.id = (b.filters->>'supplierId')::int
  left join "user" m on m.id = b.created_by_id`;

type BatchData = Omit<PriceBatchRow, "createdAt" | "appliedAt" | "undoneAt"> & {
  createdAt: Date | string;
  appliedAt: Date | string | null;
  undoneAt: Date | string | null;
};

function toRow(row: BatchData): PriceBatchRow {
  return {
    ...row,
    value: String(row.value),
    roundingFrom: row.roundingFrom === null ? null : String(row.roundingFrom),
    createdAt: toIso(row.createdAt),
    appliedAt: row.appliedAt === null ? null : toIso(row.appliedAt),
    undoneAt: row.undoneAt === null ? null : toIso(row.undoneAt),
  };
}

/** The latest batches, newest first. */
export async function listPriceBatches(limit = 20, db: EntityManager = em()): Promise<PriceBatchRow[]> {
  const rows = await namedSql<BatchData>(
    db,
    `${BATCH_SELECT} order by b.created_at desc, b.id desc limit :limit`,
    {
      limit,
    },
  );
  return rows.rows.map(toRow);
}

export async function getPriceBatch(id: number, db: EntityManager = em()): Promise<PriceBatchRow | null> {
  const rows = await namedSql<BatchData>(db, `${BATCH_SELECT} where b.id = :id`, { id });
  return rows.rows[0] ? toRow(rows.rows[0]) : null;
}

/** The counts per margin band before and after, and the stock value's change, over every line. */
export async function priceBatchTotals(id: number, db: EntityManager = em()): Promise<BatchTotals> {
  const bands = ["low", "medium", "high"] as const;
  // A held-back line keeps its band.
  const after = `(case when ${HELD_BACK} then l.old_band else l.new_band end)`;
  const counts = (column: string, prefix: string) =>
    bands.map((band) => `count(*) filter (where ${column} = '${band}')::int as "${prefix}_${band}"`);
  const { rows } = await namedSql<Record<string, number | string>>(
    db,
    `select ${[...counts("l.old_band", "before"), ...counts(after, "after")].join(", ")},
            coalesce(sum((l.new_selling_price - l.old_selling_price) * l.stock_level)
                     filter (where not ${HELD_BACK}), 0)::numeric(16,2)::text as "stockValueChange"
       from price_batch_line l where l.batch_id = :id`,
    { id },
  );
  const row = rows[0];
  const band = (prefix: string) =>
    Object.fromEntries(bands.map((name) => [name, Number(row[`${prefix}_${name}`])])) as BandCounts;
  return { before: band("before"), after: band("after"), stockValueChange: String(row.stockValueChange) };
}

const LINE_SELECT = `select l.product_id as "productId", p.name, p.sku, l.old_selling_price as "oldSellingPrice",
    l.new_selling_price as "newSellingPrice", l.old_purchase_price as "oldPurchasePrice",
    l.new_purchase_price as "newPurchasePrice", l.old_margin::float8 as "oldMargin",
    l.new_margin::float8 as "newMargin", l.old_band as "oldBand", l.new_band as "newBand",
    ${HELD_BACK} as "belowCost", l.campaign_price as "campaignPrice"
  from price_batch_line l join product p on p.id = l.product_id`;

/** A page of a batch's lines in product order, or its held-back or flagged lines (at most a page). */
export async function listPriceBatchLines(
  id: number,
  options: { only?: "belowCost" | "claims"; limit: number; offset: number },
  db: EntityManager = em(),
): Promise<BatchLineRow[]> {
  const only =
    options.only === "belowCost"
      ? `and ${HELD_BACK}`
      : options.only === "claims"
        ? "and l.campaign_price is not null"
        : "";
  const { rows } = await namedSql<BatchLineRow>(
    db,
    `${LINE_SELECT} where l.batch_id = :id ${only} order by l.id limit :limit offset :offset`,
    { id, limit: options.limit, offset: options.offset },
  );
  return rows;
}

export type BatchWriteResult =
  | { ok: true; id: number; count: number }
  | { ok: false; reason: "notFound" | "notPreview" | "notApplied" }
  /** products changed since the preview (or the apply): named, at most LISTED_AT_MOST */
  | { ok: false; reason: "stale"; products: string[]; count: number }
  /** the below-cost guard: an undo restoring prices below cost, or a reason not the user's to give */
  | BelowCostRefusal;

/**
 * A batch's products moved on: the refusal rolls the transaction back (an undo's new batch is not
 * kept), and names them: the products of the lines `written` whose prices are not the lines' `prices`.
 */
class MovedOn extends Error {
  constructor(
    readonly prices: LinePrices,
    readonly written: string,
  ) {
    super("stale");
  }
}

/** The below-cost guard refused the batch's prices: the refusal rolls the transaction back. */
class RefusedBelowCost extends Error {
  constructor(readonly refusal: BelowCostRefusal) {
    super(refusal.reason);
  }
}

/** The products of a batch's `written` lines whose prices are no longer the lines' `prices`. */
async function movedOn(db: EntityManager, id: number, prices: LinePrices, written: string) {
  const { rows } = await namedSql<{ name: string; total: number }>(
    db,
    `select p.name, count(*) over ()::int as total
       from price_batch_line l join product p on p.id = l.product_id
      where l.batch_id = :id and ${written} and ${pricesMovedOn(prices)}
      order by l.id limit :limit`,
    { id, limit: LISTED_AT_MOST },
  );
  return { products: rows.map((row) => row.name), count: rows[0]?.total ?? 0 };
}

/** Which of a line's prices a product must still have: the old ones to apply, the new ones to undo. */
type LinePrices = "old" | "new";

/**
 * Of a line: its product's price facts are no longer the line's `prices` (someone changed its
 * selling or purchase price, its VAT basis or rate since). A sale or another stock movement is not
 * a change of its prices: it leaves a batch as it was.
 */
function pricesMovedOn(prices: LinePrices): string {
  return `(p.selling_price <> l.${prices}_selling_price or p.purchase_price <> l.${prices}_purchase_price
    or p.vat_inclusive <> l.vat_inclusive or p.vat_rate <> l.vat_rate)`;
}

/**
 * Locks the products of the lines a batch writes, in id order (as every writer locks products),
 * and refuses the batch (MovedOn) when any has prices other than the line's `prices`.
 */
async function lockUnmoved(tx: EntityManager, id: number, prices: LinePrices, written: string) {
  const { rows } = await namedSql<{ moved: boolean }>(
    tx,
    `select ${pricesMovedOn(prices)} as moved
       from price_batch_line l join product p on p.id = l.product_id
      where l.batch_id = :id and ${written}
      order by p.id
        for update of p`,
    { id },
  );
  if (rows.some((row) => row.moved)) throw new MovedOn(prices, written);
}

async function writeBatch(
  db: EntityManager,
  id: number,
  write: (tx: EntityManager) => Promise<BatchWriteResult>,
): Promise<BatchWriteResult> {
  try {
    return await db.transactional(write);
  } catch (error) {
    if (error instanceof RefusedBelowCost) {
      const { reason, findings } = error.refusal;
      return { ok: false, reason, findings };
    }
    if (!(error instanceof MovedOn)) throw error;
    // Read after the rollback: every product that moved on, not only the first the lock found.
    return { ok: false, reason: "stale", ...(await movedOn(db, id, error.prices, error.written)) };
  }
}

type LineData = { product_id: number; version: number; applied_version: number | null } & Record<
  "old_selling_price" | "new_selling_price" | "old_purchase_price" | "new_purchase_price",
  string
>;

/** The lines a batch writes (`written`: which of a preview's) or an undo restores, in product order. */
async function linesToWrite(tx: EntityManager, id: number, which: "preview" | "applied", written = WRITTEN) {
  const { rows } = await namedSql<LineData>(
    tx,
    `select l.product_id, l.version, l.applied_version, l.old_selling_price, l.new_selling_price,
            l.old_purchase_price, l.new_purchase_price
       from price_batch_line l
      where l.batch_id = :id and ${which === "preview" ? written : APPLIED}
      order by l.product_id`,
    { id },
  );
  return rows;
}

/** Each written line's version after the write: what an undo checks. */
async function stampAppliedVersions(tx: EntityManager, id: number, condition: string) {
  await namedSql(
    tx,
    `update price_batch_line l set applied_version = p.version
       from product p where p.id = l.product_id and l.batch_id = :id and ${condition}`,
    { id },
  );
}

/** Products a flush writes at a time: the unit of work is cleared between them (memory). */
const WRITE_CHUNK = 1000;

/**
 * The batch's price changes through the product write path, a chunk at a time in product order
 * (so rows are still locked in id order), the unit of work cleared after each: one transaction,
 * all or nothing, without holding every product's entity and change set at once. A product that
 * moved on, or a price below cost the confirmation does not let through, rolls it all back.
 */
async function writeInChunks(
  tx: EntityManager,
  changes: PriceChange[],
  userId: number | null,
  via: PriceVia,
  expected: { prices: LinePrices; written: string },
  confirmation: BelowCostConfirmation | null,
) {
  for (let first = 0; first < changes.length; first += WRITE_CHUNK) {
    const written = await changePrices(
      tx,
      changes.slice(first, first + WRITE_CHUNK),
      userId,
      via,
      confirmation,
    );
    if (!written.ok) {
      if (isBelowCostRefusal(written)) throw new RefusedBelowCost(written);
      if (written.reason === "stale" || written.reason === "notFound")
        throw new MovedOn(expected.prices, expected.written);
      throw new Error(`A batch's prices were refused: ${written.reason}`);
    }
    tx.clear();
  }
}

/** The batch's new state, on the batch read again (the chunks cleared the unit of work). */
async function markBatch(tx: EntityManager, id: number, state: Record<string, unknown>) {
  const locked = await lockForChange(tx, PriceBatch, id);
  if (!locked.ok) throw new Error(`Price batch ${id} went missing`);
  tx.assign(locked.entity, state);
  await tx.flush();
}

/**
 * Applies a previewed batch: every line whose price changes and is not held back, through the
 * product write path, its products' prices still the preview's (price log rows with the batch, alerts and
 * rules, the audit trail as for single edits). With an admin's or a manager's `confirmation`, the
 * lines below cost too: the write path records them with the reason (below_cost_approval, for
 * the batch). All or nothing: when any product's prices changed since the preview (its selling or
 * purchase price, VAT basis or rate: a sale does not count), nothing is written and the products
 * are named.
 */
export async function applyPriceBatch(
  id: number,
  userId: number | null,
  confirmation: BelowCostConfirmation | null = null,
  db: EntityManager = em(),
): Promise<BatchWriteResult> {
  return writeBatch(db, id, async (tx) => {
    const locked = await lockForChange(tx, PriceBatch, id);
    if (!locked.ok) return { ok: false, reason: "notFound" };
    const batch = locked.entity as Batch;
    if (batch.state !== "preview") return { ok: false, reason: "notPreview" };
    // Without a reason the lines below cost are held back (as before the guard); with one, the
    // write path's guard decides whether it is the user's to give.
    const written = confirmation ? PRICE_CHANGES : WRITTEN;
    const lines = await linesToWrite(tx, id, "preview", written);
    await lockUnmoved(tx, id, "old", written);
    const via: PriceVia = { source: "bulk", batch: id };
    await writeInChunks(
      tx,
      lines.map((line) => ({
        id: line.product_id,
        sellingPrice: line.new_selling_price,
        purchasePrice: line.new_purchase_price,
      })),
      userId,
      via,
      { prices: "old", written },
      confirmation,
    );
    await stampAppliedVersions(tx, id, written);
    await markBatch(tx, id, { state: "applied", appliedAt: new Date(), appliedBy: userId });
    return { ok: true, id, count: lines.length };
  });
}

/**
 * Undoes an applied batch as a new batch (`undo`) that restores each written product's old
 * prices, through the product write path; refused, naming them, when any of those products'
 * prices changed since the apply (nothing is written, no batch is kept). An old price below cost is
 * asked as any other (the guard), and needs an admin's or a manager's `confirmation`.
 */
export async function undoPriceBatch(
  id: number,
  userId: number | null,
  confirmation: BelowCostConfirmation | null = null,
  db: EntityManager = em(),
): Promise<BatchWriteResult> {
  return writeBatch(db, id, async (tx) => {
    const locked = await lockForChange(tx, PriceBatch, id);
    if (!locked.ok) return { ok: false, reason: "notFound" };
    const batch = locked.entity as Batch;
    if (batch.state !== "applied") return { ok: false, reason: "notApplied" };
    const lines = await linesToWrite(tx, id, "applied");
    await lockUnmoved(tx, id, "new", APPLIED);
    const undo = tx.create(PriceBatch, {
      rule: "undo",
      value: "0.00",
      rounding: "none",
      scope: "batch",
      undoes: id,
      state: "applied",
      createdBy: userId,
      appliedAt: new Date(),
      appliedBy: userId,
    });
    await tx.flush();
    const undoId = undo.id;
    await writeInChunks(
      tx,
      lines.map((line) => ({
        id: line.product_id,
        sellingPrice: line.old_selling_price,
        purchasePrice: line.old_purchase_price,
      })),
      userId,
      { source: "bulk", batch: undoId },
      { prices: "new", written: APPLIED },
      confirmation,
    );
    // The undo's lines: the original's written lines, before and after swapped.
    await namedSql(
      tx,
      `insert into price_batch_line (batch_id, product_id, old_selling_price, new_selling_price,
              old_purchase_price, new_purchase_price, vat_inclusive, vat_rate, old_margin, new_margin,
              old_band, new_band, stock_level, version, applied_version, below_cost, campaign_price)
       select :undo, l.product_id, l.new_selling_price, l.old_selling_price, l.new_purchase_price,
              l.old_purchase_price, l.vat_inclusive, l.vat_rate, l.new_margin, l.old_margin, l.new_band,
              l.old_band, p.stock_level, l.applied_version, p.version, false, null
         from price_batch_line l join product p on p.id = l.product_id
        where l.batch_id = :id and l.applied_version is not null
        order by l.id`,
      { undo: undoId, id },
    );
    await markBatch(tx, id, { state: "undone", undoneAt: new Date() });
    return { ok: true, id: undoId, count: lines.length };
  });
}
