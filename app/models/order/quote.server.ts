import type { EntityManager, InferEntity } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import type { quoteAnswer } from "~/models/api-doc/response-schemas";
import { addDays } from "~/models/calendar-day";
import { shopToday } from "~/models/campaign/campaign.server";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { lockForChange } from "~/models/locked.server";
import { type BelowCostConfirmation, belowCostRefusal, UNGUARDED } from "~/models/price/below-cost";
import { carryBelowCost, recordBelowCost } from "~/models/price/below-cost.server";
import { User } from "~/models/user/user.entity";
import {
  amountsOf,
  belowCostFindings,
  changeDocumentLines,
  createLines,
  customerFor,
  type DocumentResult,
  type LinedKind,
  lockForMove,
  type PricedLine,
  priceLines,
  totalsOf,
} from "./document-lines.server";
import { documentBase, type LineRecord } from "./document-read.server";
import type { QuoteStatus } from "./document-status";
import { Quote, QuoteItem, SalesOrder } from "./order.entity";
import { getOrder, insertOrders, type OrderRow } from "./order.server";
import type { QuoteInput } from "./order-schema";

/**
 * Quotes: their rules on top of the lines they share with orders (document-lines.server.ts). A
 * quote holds for 30 days unless it says otherwise and expires after its last valid day (the
 * daily job); it is sent only with lines, and an accepted quote converts into an order with the
 * same lines and prices (order.server.ts makes it). Each change is one transaction; a change
 * naming a version the quote no longer has is refused as stale.
 */

type QuoteEntity = InferEntity<typeof Quote>;

const QUOTE_DAYS_VALID = 30;

/** A quote as the pages read it and /api answers it: its type is the schema that documents it. */
export type QuoteRow = z.output<typeof quoteAnswer>;

/** What the shared writes need to know of a quote. */
const QUOTES: LinedKind<QuoteEntity> = {
  kind: "quote",
  lock: (tx, id, version) => lockForChange(tx, Quote, id, version),
  madeAt: (quote) => quote.quoteDate,
  owner: (quote) => ({ quote }),
};

/** Makes a draft quote; a line offered under cost needs an admin's or a manager's `confirmation` (below-cost.ts). */
export async function createQuote(
  input: QuoteInput,
  userId: number | null,
  confirmation: BelowCostConfirmation | null = null,
): Promise<DocumentResult<{ quote: QuoteRow }>> {
  return em().transactional(async (tx) => {
    const found = await customerFor(tx, input.customerId);
    if (!found.ok) return { ok: false, reason: "customerNotFound" } as const;
    const today = shopToday();
    const priced = await priceLines(tx, input.lines, today);
    if (!priced.ok) return priced;
    const discount = found.customer?.discountPercentage ?? "0";
    const amounts = amountsOf(priced.lines, discount);
    const findings = belowCostFindings(priced.lines, amounts, discount);
    const belowCost = belowCostRefusal(findings, confirmation);
    if (belowCost) return belowCost;
    const quote = tx.create(Quote, {
      quoteNumber: (await nextDocumentNumbers(tx, "Q", Number(today.slice(0, 4))))[0],
      customer: found.customer,
      status: "draft",
      validUntil: input.validUntil ?? addDays(today, QUOTE_DAYS_VALID),
      discountPercent: discount,
      notes: input.notes,
      createdBy: userId ? tx.getReference(User, userId) : null,
      ...totalsOf(amounts),
    });
    createLines(tx, { quote }, priced.lines);
    await tx.flush();
    await recordBelowCost(tx, "quote", quote.id, findings, confirmation);
    return { ok: true, quote: (await getQuote(quote.id, tx)) as QuoteRow } as const;
  });
}

/**
 * Changes a draft quote: its customer, validity, notes and lines (re-priced on the quote's day); a
 * line newly offered under cost needs an admin's or a manager's `confirmation`.
 */
export async function changeQuote(
  id: number,
  input: QuoteInput,
  confirmation: BelowCostConfirmation | null = null,
): Promise<DocumentResult<{ quote: QuoteRow }>> {
  return em().transactional(async (tx) => {
    const changed = await changeDocumentLines(
      tx,
      QUOTES,
      id,
      input,
      {
        assign: (quote) => {
          quote.validUntil = input.validUntil ?? quote.validUntil;
        },
      },
      confirmation,
    );
    if (!changed.ok) return changed;
    return { ok: true, quote: (await getQuote(id, tx)) as QuoteRow } as const;
  });
}

/** Moves a quote (sent, accepted, rejected); converting is `convertQuote`. */
export async function moveQuote(
  id: number,
  to: string,
  version: number | null = null,
): Promise<DocumentResult<{ quote: QuoteRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForMove(tx, QUOTES, id, to, version);
    if (!locked.ok) return locked;
    const quote = locked.document;
    if (to === "converted") return { ok: false, reason: "illegalMove", from: quote.status, to } as const;
    if (to === "sent" && (await tx.count(QuoteItem, { quote: id })) === 0)
      return { ok: false, reason: "noLines" } as const;
    quote.status = to as QuoteStatus;
    if (to === "sent") quote.sentAt = new Date();
    await tx.flush();
    return { ok: true, quote: (await getQuote(id, tx)) as QuoteRow } as const;
  });
}

/**
 * An accepted quote becomes an order with the same lines and prices, in one step. The below-cost
 * guard checked those prices when the quote was written, so the conversion asks for no new reason:
 * the quote's confirmations are carried over to the order (below_cost_approval rows of their own,
 * for the "Sold or priced below cost" report). A quote written before the guard existed converts
 * as it is.
 */
export async function convertQuote(
  id: number,
  userId: number | null,
): Promise<DocumentResult<{ order: OrderRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForMove(tx, QUOTES, id, "converted");
    if (!locked.ok) return locked;
    const quote = locked.document;
    const items = await tx.find(QuoteItem, { quote: id }, { orderBy: { position: "asc" } });
    const lines: PricedLine[] = items.map((item) => ({
      productId: (item.product as { id: number }).id,
      productName: item.productName,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      vatRate: item.vatRate,
      purchasePrice: item.purchasePrice,
    }));
    const created = await insertOrders(
      tx,
      [
        {
          customerId: (quote.customer as { id: number } | null)?.id ?? null,
          notes: quote.notes ?? null,
          lines,
          discount: quote.discountPercent,
          quoteId: quote.id,
        },
      ],
      userId,
      UNGUARDED,
    );
    if (!created.ok) return created;
    const findings = belowCostFindings(lines, amountsOf(lines, quote.discountPercent), quote.discountPercent);
    await carryBelowCost(
      tx,
      { subject: "quote", id: quote.id },
      { subject: "order", id: created.orderIds[0] },
      findings,
    );
    quote.status = "converted";
    await tx.flush();
    return { ok: true, order: (await getOrder(created.orderIds[0], tx)) as OrderRow } as const;
  });
}

/** Quotes whose last valid day has passed, still draft or sent, expire (the daily job). */
export async function expireQuotes(today = shopToday(), db: EntityManager = em()): Promise<number> {
  return db.transactional(async (tx) => {
    const due = await tx.find(Quote, { status: { $in: ["draft", "sent"] }, validUntil: { $lt: today } });
    for (const quote of due) quote.status = "expired";
    await tx.flush();
    return due.length;
  });
}

export async function getQuote(id: number, db: EntityManager = em()): Promise<QuoteRow | null> {
  const quote = await db.findOne(Quote, id, { populate: ["customer"], disableIdentityMap: true });
  if (!quote) return null;
  const items = await db.find(
    QuoteItem,
    { quote: id },
    { orderBy: { position: "asc" }, disableIdentityMap: true },
  );
  const order = await db.findOne(SalesOrder, { quote: id }, { fields: ["id"], disableIdentityMap: true });
  return {
    ...documentBase(quote, quote.quoteNumber, quote.quoteDate, items as unknown as LineRecord[]),
    kind: "quote",
    status: quote.status as QuoteStatus,
    validUntil: String(quote.validUntil).slice(0, 10),
    orderId: order?.id ?? null,
  };
}
