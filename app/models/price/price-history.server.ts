import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import { addDays } from "~/models/calendar-day";
import { runningCampaignSql } from "~/models/campaign/campaign-price.server";
import { startOfDayIn, todayIn } from "~/models/campaign/campaign-status";
import { queueLabels } from "~/models/label/label-queue.server";
import type { LabelReason } from "~/models/label/label-reason";
import { marginPercentSql } from "~/models/margin.server";
import { fromCents, toCents } from "~/models/money";
import type { User } from "~/models/user/user.entity";
import { PriceHistory } from "./price-history.entity";
import type { PriceSource } from "./price-source";
import { type PricePoint, type PriorPrice, priceInForce, priorPrice, reductionPercent } from "./prior-price";

/** The path a price change came by (a form, the API, an import...), and its bulk batch if any. */
export type PriceVia = { source: PriceSource; batch?: number | null };

/** A person's form: the path of a change that names none. */
export const FORM: PriceVia = { source: "form" };

/** Who changed a price, and by which path: every price log row names both. */
export type PriceActor = PriceVia & { userId: number | null };

/**
 * When the rows a call writes took effect: `now`, or for a campaign that began or ended on a day
 * boundary since the last row, that boundary (the first moment of its first day, or of the day
 * after its last): the scheduled follower runs a little after midnight, the customer paid the
 * campaign price from midnight on.
 */
export type PriceMoment = "now" | "boundary";

/**
 * What a customer pays for each product today: a running campaign's price (`runningCampaignSql`),
 * else the selling price.
 */
const wantedSql = `
  select p.id as product_id, p.selling_price, p.purchase_price, p.vat_inclusive, p.vat_rate,
         coalesce(r.price, p.selling_price) as price, r.price is not null as reduced,
         r.campaign_id, r.start_date
    from product p
    left join lateral (${runningCampaignSql("p.id", ":today")}) r on true
   where p.id = any(:ids::int[])`;

/** Each product's latest row, with its campaign's last day. */
const latestSql = `
  select distinct on (h.product_id) h.product_id, h.at, h.price, h.reduced, h.campaign_id,
         h.selling_price, h.purchase_price, h.vat_inclusive, h.vat_rate, c.end_date as campaign_end
    from price_history h left join campaign c on c.id = h.campaign_id
   where h.product_id = any(:ids::int[])
   order by h.product_id, h.at desc, h.id desc`;

const boundarySql = `case
    when w.reduced and w.campaign_id is distinct from l.campaign_id and w.start_date >= :yesterday::date
      then w.start_date::timestamp at time zone :zone
    when not w.reduced and l.reduced and l.campaign_end < :today::date and l.campaign_end >= :dayBefore::date
      then (l.campaign_end + 1)::timestamp at time zone :zone
    else now()
  end`;

/**
 * Appends a row for each of the products whose price facts differ from its latest row: what a
 * customer pays (a selling price changed, a campaign began, changed or ended), the purchase price,
 * the VAT rate or basis; a product without rows gets its first. One statement, in the caller's
 * transaction: the product write path calls it after its changes, campaign writes for their
 * products, and the scheduled follower (`followCampaignPrices`) at day boundaries.
 */
export async function logPrices(
  tx: EntityManager,
  productIds: readonly number[],
  actor: PriceActor,
  moment: PriceMoment = "now",
  now = new Date(),
): Promise<number> {
  if (productIds.length === 0) return 0;
  const today = todayIn(SHOP_TIME_ZONE, now);
  const margin = marginPercentSql((name) => (name === "selling_price" ? "w.price" : `w.${name}`));
  const at = moment === "boundary" ? boundarySql : "now()";
  const ids = [...new Set(productIds)];
  // The products locked, in id order as every product writer locks them (a no-op for the product
  // write path, which holds them already): a campaign's write and a product's write of one product
  // log one after the other, each seeing the other's committed change.
  await namedSql(tx, "select id from product where id = any(:ids::int[]) order by id for update", { ids });
  // Each row written, with why its shelf label is now out of date (`latest` is the log before
  // this statement): the first row of a product, a campaign price beginning or ending, or another
  // price; none when only the purchase price or VAT changed.
  const result = await namedSql<{ product_id: number; label: LabelReason | null }>(
    tx,
    `with wanted as (${wantedSql}), latest as (${latestSql}), logged as (
     insert into price_history (product_id, at, price_before, price, reduced, campaign_id, selling_price,
                                purchase_price, vat_inclusive, vat_rate, margin, source, changed_by_id, batch,
                                created_at)
     select w.product_id, greatest(l.at, ${at}), l.price, w.price, w.reduced, w.campaign_id, w.selling_price,
            w.purchase_price, w.vat_inclusive, w.vat_rate, ${margin}, :source, :userId, :batch, now()
       from wanted w left join latest l on l.product_id = w.product_id
      where l.product_id is null or l.price <> w.price or l.reduced <> w.reduced
         or l.campaign_id is distinct from w.campaign_id or l.selling_price <> w.selling_price
         or l.purchase_price <> w.purchase_price or l.vat_inclusive is distinct from w.vat_inclusive
         or l.vat_rate is distinct from w.vat_rate
     returning product_id, price, reduced)
     select g.product_id,
            case when l.product_id is null then 'new'
                 when g.reduced and not l.reduced then 'campaign_start'
                 when l.reduced and not g.reduced then 'campaign_end'
                 when g.price <> l.price then 'price'
            end as label
       from logged g left join latest l on l.product_id = g.product_id`,
    {
      ids,
      today,
      yesterday: addDays(today, -1),
      dayBefore: addDays(today, -2),
      zone: SHOP_TIME_ZONE,
      source: actor.source,
      userId: actor.userId,
      batch: actor.batch ?? null,
    },
  );
  // What a shelf label shows changed: on the reprint queue (issue #30).
  await queueLabels(
    tx,
    result.rows.flatMap((row) => (row.label ? [{ productId: row.product_id, reason: row.label }] : [])),
  );
  return result.rowCount;
}

/**
 * Brings the log up to what customers pay now, for the products whose campaign price may have
 * begun or ended since: those in a campaign that runs today or ran until yesterday or the day
 * before, and those whose latest row is a reduced price. The scheduled job runs it every few
 * minutes (a campaign's day begins at midnight, whichever process is up then); idempotent.
 */
export async function followCampaignPrices(db: EntityManager, now = new Date()): Promise<number> {
  const today = todayIn(SHOP_TIME_ZONE, now);
  return db.transactional(async (tx) => {
    const rows = await namedSql<{ product_id: number }>(
      tx,
      `select cp.product_id from campaign_product cp join campaign c on c.id = cp.campaign_id
        where c.start_date <= :today::date and c.end_date >= :since::date
       union
       select product_id from (
         select distinct on (product_id) product_id, reduced from price_history
          order by product_id, at desc, id desc
       ) latest where reduced`,
      { today, since: addDays(today, -2) },
    );
    const ids = rows.rows.map((row) => row.product_id);
    return logPrices(tx, ids, { userId: null, source: "campaign" }, "boundary", now);
  });
}

/** One row of a product's price log, as its page shows it. */
export type PriceHistoryRow = {
  id: number;
  /** From when the price was in force. */
  at: string;
  /** What a customer paid from then on, VAT included. */
  price: string;
  reduced: boolean;
  purchasePrice: string;
  sellingPrice: string;
  margin: string;
  source: PriceSource;
  changedBy: string | null;
  createdAt: string;
};

type PriceHistoryData = Pick<
  InferEntity<typeof PriceHistory>,
  "id" | "at" | "price" | "reduced" | "purchasePrice" | "sellingPrice" | "margin" | "source" | "createdAt"
> & {
  changedBy: Pick<InferEntity<typeof User>, "id" | "firstName" | "lastName"> | null;
};

/** The user's name as staff see it, "First Last", null when the user has none (or is gone). */
function userName(user: { firstName?: string | null; lastName?: string | null } | null) {
  const parts = [user?.firstName, user?.lastName].filter((part): part is string => part != null);
  // Spaces only, as PostgreSQL's trim() in fullNameSql (sql.server.ts).
  return parts.join(" ").replace(/^ +| +$/g, "") || null;
}

/** A product's price log, in the order its prices took effect. */
export async function listPriceHistory(
  productId: number,
  db: EntityManager = em(),
): Promise<PriceHistoryRow[]> {
  const rows = await db
    .createQueryBuilder(PriceHistory, "h")
    .select([
      "id",
      "at",
      "price",
      "reduced",
      "purchasePrice",
      "sellingPrice",
      "margin",
      "source",
      "createdAt",
    ])
    .leftJoinAndSelect("h.changedBy", "u", {}, ["firstName", "lastName"])
    .where({ product: productId })
    .orderBy([{ at: "asc" }, { id: "asc" }])
    .execute<PriceHistoryData[]>();
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    price: row.price,
    reduced: row.reduced,
    purchasePrice: row.purchasePrice,
    sellingPrice: row.sellingPrice,
    margin: row.margin,
    source: row.source,
    changedBy: userName(row.changedBy),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The reduction in force (or one that would begin at `moment`) and what it may claim. */
export type PriorPriceAnswer = {
  /** The lowest price of the 30 days before the reduction began, VAT included; null without one. */
  priorPrice: string | null;
  /** The whole percent the price is below the prior price; null when it is not below it. */
  reductionPercent: number | null;
  /** Days the product had been on sale when the reduction began, when under 30. */
  daysOnSale: number | null;
  /** When the reduction this reference belongs to began. */
  reductionStart: string | null;
};

/** What a customer pays for a product now, and the reduction it may claim. */
export type PriceClaim = PriorPriceAnswer & {
  /** What a customer pays now, VAT included. */
  price: string;
  /** A campaign's reduced price. */
  reduced: boolean;
};

/**
 * Each product's price now and its prior price, from the log (one query for any number of
 * products): for a reduced price the reference of the reduction in force, for a regular price the
 * reference a reduction beginning now would have (what a campaign planned today is measured from).
 */
export async function priceClaims(
  productIds: readonly number[],
  db: EntityManager = em(),
  now = Date.now(),
): Promise<Map<number, PriceClaim>> {
  const claims = new Map<number, PriceClaim>();
  for (const [id, points] of await pricePoints(productIds, db)) {
    const current = priceInForce(points, now);
    if (!current) continue;
    const price = fromCents(current.cents);
    claims.set(id, { price, reduced: current.reduced, ...priorPriceAnswer(points, price, now) });
  }
  return claims;
}

/**
 * `priceClaims` as of a calendar day in the shop: now for today, else the day's first moment (a
 * shelf label for a campaign's first day, or for the day after it ends). The log is what it holds
 * now: a later day's claim assumes no price changes before then but those already logged.
 */
export async function priceClaimsOn(
  productIds: readonly number[],
  day: string,
  db: EntityManager = em(),
  now = new Date(),
): Promise<Map<number, PriceClaim>> {
  const moment =
    day === todayIn(SHOP_TIME_ZONE, now) ? now.getTime() : startOfDayIn(day, SHOP_TIME_ZONE).getTime();
  return priceClaims(productIds, db, moment);
}

/**
 * What each of a campaign's prices may claim: its product's prior price for a reduction at the
 * campaign's moment (now while it runs; its first moment before it starts; its last after it
 * ended) and the legal reduction of the campaign price from it. Two queries, whatever the count.
 */
export async function campaignPriceClaims(
  campaignId: number,
  db: EntityManager = em(),
  now = Date.now(),
): Promise<Map<number, CampaignPriceClaim>> {
  const { rows } = await namedSql<{
    product_id: number;
    discount_price: string;
    starts: Date;
    ends: Date;
    frozen: Date | null;
  }>(
    db,
    `select cp.product_id, cp.discount_price::text as discount_price,
            c.start_date::timestamp at time zone :zone as starts,
            (c.end_date + 1)::timestamp at time zone :zone as ends,
            (c.reference_frozen_on + 1)::timestamp at time zone :zone as frozen
       from campaign_product cp join campaign c on c.id = cp.campaign_id
      where c.id = :campaignId`,
    { campaignId, zone: SHOP_TIME_ZONE },
  );
  const points = await pricePoints(
    rows.map((row) => row.product_id),
    db,
  );
  return new Map(
    rows.map((row) => {
      const moment = Math.min(
        Math.max(now, new Date(row.starts).getTime()),
        new Date(row.ends).getTime() - 1,
      );
      const log = points.get(row.product_id) ?? [];
      const claim = priorPriceAnswer(log, row.discount_price, moment);
      // Frozen: the figure printed, from the rows the log held at the end of the printing day.
      const frozenAt = row.frozen === null ? null : new Date(row.frozen).getTime();
      const printed =
        frozenAt === null
          ? null
          : priorPriceAnswer(
              log.filter((point) => point.recorded < frozenAt),
              row.discount_price,
              moment,
            ).priorPrice;
      return [row.product_id, { ...claim, frozenPriorPrice: printed }];
    }),
  );
}

/** A claim of a campaign's price, and the figure printed when its reference is frozen. */
export type CampaignPriceClaim = PriorPriceAnswer & { frozenPriorPrice: string | null };

/** A row of the log as prior-price.ts reads it, and when it was written. */
type LoggedPoint = PricePoint & { recorded: number };

/** The log of these products as prior-price.ts reads it, in one query. */
export async function pricePoints(
  productIds: readonly number[],
  db: EntityManager = em(),
): Promise<Map<number, LoggedPoint[]>> {
  const points = new Map<number, LoggedPoint[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return points;
  const rows = await db
    .createQueryBuilder(PriceHistory, "h")
    .select(["product", "at", "price", "reduced", "createdAt"])
    .where({ product: { $in: [...new Set(productIds)] } })
    .orderBy([{ product: "asc" }, { at: "asc" }, { id: "asc" }])
    .execute<{ product: number; at: Date; price: string; reduced: boolean; createdAt: Date }[]>();
  for (const row of rows) {
    points.get(row.product)?.push({
      at: row.at.getTime(),
      cents: toCents(row.price),
      reduced: row.reduced,
      recorded: row.createdAt.getTime(),
    });
  }
  return points;
}

/**
 * The prior price of a reduction to `price` (VAT included) for a product, at `moment`: the one in
 * force, or one that would begin then (a campaign editor's question). Pure over the log given.
 */
export function priorPriceAnswer(
  points: readonly PricePoint[],
  price: string,
  moment: number,
): PriorPriceAnswer {
  const prior: PriorPrice | null = priorPrice(points, moment);
  if (!prior) return { priorPrice: null, reductionPercent: null, daysOnSale: null, reductionStart: null };
  return {
    priorPrice: fromCents(prior.cents),
    reductionPercent: reductionPercent(prior.cents, toCents(price)),
    daysOnSale: prior.daysOnSale,
    reductionStart: new Date(prior.reductionStart).toISOString(),
  };
}
