import { type EntityManager, type InferEntity, raw } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { containsPattern } from "~/infra/sql.server";
import type { documentLineAnswer } from "~/models/api-doc/response-schemas";
import { AutomationRule } from "~/models/automation/automation.entity";
import { addDays } from "~/models/calendar-day";
import { shopToday } from "~/models/campaign/campaign.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { Customer, customerNameSearchText } from "~/models/customer/customer.entity";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { lockForChange } from "~/models/locked.server";
import { fromCents, MAX_MONEY, toCents } from "~/models/money";
import { Product } from "~/models/product/product.entity";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { User } from "~/models/user/user.entity";
import { type AmountLine, type DocumentAmounts, documentAmounts } from "./document-amounts";
import { canEditLines, canMove, holdsStock, type OrderStatus, type QuoteStatus } from "./document-status";
import { Quote, QuoteItem, SalesOrder, SalesOrderItem } from "./order.entity";
import type { DocumentLineInput, OrderInput, QuoteInput } from "./order-schema";

type QuoteEntity = InferEntity<typeof Quote>;
type OrderEntity = InferEntity<typeof SalesOrder>;

/**
 * Quotes and sales orders: their one write path. Lines are priced here (the campaign price on the
 * document's day, else the selling price; the customer's discount on the whole), amounts come from
 * document-amounts.ts, numbers from a per-year counter, moves from document-status.ts. Confirming
 * an order takes its stock through the product aggregate (changeStock: alerts and rules follow)
 * and adds it to the customer's totals; cancelling a confirmed order gives both back. Each change
 * is one transaction; a change naming a version the document no longer has is refused as stale.
 */

type Kind = "quote" | "order";
const QUOTE_DAYS_VALID = 30;

/**
 * A quote's or an order's line, as the pages read it and /api answers it. Its type is the schema that
 * documents the answer (response-schemas.ts).
 */
export type DocumentLine = z.output<typeof documentLineAnswer>;

type DocumentBase = {
  id: number;
  number: string;
  customer: { id: number; name: string; company: string | null; email: string; customerType: string } | null;
  date: string;
  discountPercent: string;
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  totalAmount: string;
  netAmount: string;
  vatBreakdown: DocumentAmounts["vatBreakdown"];
  notes: string | null;
  lines: DocumentLine[];
  version: number;
};
export type QuoteRow = DocumentBase & {
  kind: "quote";
  status: QuoteStatus;
  validUntil: string;
  orderId: number | null;
};
export type OrderRow = DocumentBase & {
  kind: "order";
  status: OrderStatus;
  paymentStatus: string;
  quoteId: number | null;
};

export type DocumentRefusal =
  | { reason: "notFound" | "stale" | "customerNotFound" | "locked" | "noLines" | "tooLarge" }
  | { reason: "productNotFound"; productId: number }
  | { reason: "illegalMove"; from: string; to: string }
  | {
      reason: "short";
      product: { id: number; name: string; sku: string; stockLevel: number; wanted: number };
    }
  | { reason: "creditLimit"; creditLimit: string; open: string };

type Result<T> = ({ ok: true } & T) | ({ ok: false } & DocumentRefusal);

/** What a product's purchase price is without VAT (the lines keep it so). */
function netPurchase(product: { purchasePrice: string; vatInclusive: boolean; vatRate: string }) {
  if (!product.vatInclusive) return product.purchasePrice;
  const rateBasis = 10_000 + Math.round(Number(product.vatRate) * 100);
  return fromCents(Math.round((toCents(product.purchasePrice) * 10_000) / rateBasis));
}

type PricedLine = {
  productId: number;
  productName: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  vatRate: string;
  purchasePrice: string;
};

/**
 * The lines priced on `day` (YYYY-MM-DD, the shop's): a price given is kept, otherwise the lowest
 * price of an active campaign that day, otherwise the selling price.
 */
export async function priceLines(
  tx: EntityManager,
  lines: DocumentLineInput[],
  day: string,
): Promise<{ ok: true; lines: PricedLine[] } | ({ ok: false } & DocumentRefusal)> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return { ok: true, lines: [] };
  const products = await tx.find(Product, { id: { $in: ids } }, { disableIdentityMap: true });
  const byId = new Map(products.map((product) => [product.id, product]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) return { ok: false, reason: "productNotFound", productId: missing };
  const campaign = await tx.execute<{ product_id: number; price: string }[]>(
    `select cp.product_id, min(cp.discount_price)::text as price
       from campaign_product cp join campaign c on c.id = cp.campaign_id
      where c.is_active and c.start_date <= ?::date and c.end_date >= ?::date and cp.product_id in (?)
      group by cp.product_id`,
    [day, day, ids],
  );
  const campaignPrice = new Map(campaign.map((row) => [row.product_id, Number(row.price).toFixed(2)]));
  const priced = lines.map((line) => {
    const product = byId.get(line.productId) as (typeof products)[number];
    return {
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? campaignPrice.get(product.id) ?? product.sellingPrice,
      vatRate: Number(product.vatRate).toFixed(2),
      purchasePrice: netPurchase(product),
    };
  });
  // What the document's columns hold: no total above MAX_MONEY (a huge quantity or price).
  const cents = priced.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
  if (cents > toCents(MAX_MONEY)) return { ok: false, reason: "tooLarge" };
  return { ok: true, lines: priced };
}

function amountsOf(
  lines: Pick<PricedLine, "unitPrice" | "quantity" | "vatRate" | "purchasePrice">[],
  discount: string,
) {
  return documentAmounts(
    lines.map(
      (line): AmountLine => ({
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        vatRate: line.vatRate,
        purchasePrice: line.purchasePrice,
        vatInclusive: true,
      }),
    ),
    discount,
  );
}

/** The document's stored figures from its lines. */
function totalsOf(amounts: DocumentAmounts) {
  return {
    subtotal: amounts.subtotal,
    discountAmount: amounts.discountAmount,
    taxAmount: amounts.taxAmount,
    totalAmount: amounts.totalAmount,
  };
}

async function customerFor(tx: EntityManager, customerId: number | null) {
  if (customerId === null) return { ok: true as const, customer: null };
  const customer = await tx.findOne(Customer, customerId);
  return customer ? { ok: true as const, customer } : { ok: false as const };
}

type LineOwner = { quote: QuoteEntity } | { order: OrderEntity };

/** A document's lines, added to the unit of work (written by the caller's flush). */
function createLines(tx: EntityManager, owner: LineOwner, lines: PricedLine[]) {
  lines.forEach((line, position) => {
    const fields = {
      product: tx.getReference(Product, line.productId),
      position,
      productName: line.productName,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      purchasePrice: line.purchasePrice,
      totalPrice: fromCents(toCents(line.unitPrice) * line.quantity),
    };
    if ("quote" in owner) tx.create(QuoteItem, { ...fields, quote: owner.quote });
    else tx.create(SalesOrderItem, { ...fields, order: owner.order });
  });
}

/** Replaces a saved document's lines with these (in the caller's transaction). */
async function replaceLines(tx: EntityManager, owner: LineOwner, lines: PricedLine[]) {
  if ("quote" in owner) await tx.nativeDelete(QuoteItem, { quote: owner.quote.id });
  else await tx.nativeDelete(SalesOrderItem, { order: owner.order.id });
  createLines(tx, owner, lines);
}

// ---------------------------------------------------------------------------------------------
// Quotes

export async function createQuote(
  input: QuoteInput,
  userId: number | null,
): Promise<Result<{ quote: QuoteRow }>> {
  return em().transactional(async (tx) => {
    const found = await customerFor(tx, input.customerId);
    if (!found.ok) return { ok: false, reason: "customerNotFound" } as const;
    const today = shopToday();
    const priced = await priceLines(tx, input.lines, today);
    if (!priced.ok) return priced;
    const discount = found.customer?.discountPercentage ?? "0";
    const quote = tx.create(Quote, {
      quoteNumber: (await nextDocumentNumbers(tx, "Q", Number(today.slice(0, 4))))[0],
      customer: found.customer,
      status: "draft",
      validUntil: input.validUntil ?? addDays(today, QUOTE_DAYS_VALID),
      discountPercent: discount,
      notes: input.notes,
      createdBy: userId ? tx.getReference(User, userId) : null,
      ...totalsOf(amountsOf(priced.lines, discount)),
    });
    createLines(tx, { quote }, priced.lines);
    await tx.flush();
    return { ok: true, quote: (await getQuote(quote.id, tx)) as QuoteRow } as const;
  });
}

/** Changes a draft quote: its customer, validity, notes and lines (re-priced on the quote's day). */
export async function changeQuote(id: number, input: QuoteInput): Promise<Result<{ quote: QuoteRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, Quote, id, input.version);
    if (!locked.ok) return locked;
    const quote = locked.entity;
    if (!canEditLines("quote", quote.status)) return { ok: false, reason: "locked" } as const;
    const found = await customerFor(tx, input.customerId);
    if (!found.ok) return { ok: false, reason: "customerNotFound" } as const;
    const priced = await priceLines(tx, input.lines, todayIn(SHOP_TIME_ZONE, quote.quoteDate));
    if (!priced.ok) return priced;
    const discount = found.customer?.discountPercentage ?? "0";
    Object.assign(quote, {
      customer: found.customer,
      validUntil: input.validUntil ?? quote.validUntil,
      notes: input.notes,
      discountPercent: discount,
      ...totalsOf(amountsOf(priced.lines, discount)),
    });
    await replaceLines(tx, { quote }, priced.lines);
    await tx.flush();
    return { ok: true, quote: (await getQuote(id, tx)) as QuoteRow } as const;
  });
}

/** Moves a quote (sent, accepted, rejected); converting is `convertQuote`. */
export async function moveQuote(
  id: number,
  to: string,
  version: number | null = null,
): Promise<Result<{ quote: QuoteRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, Quote, id, version);
    if (!locked.ok) return locked;
    const quote = locked.entity;
    if (to === "converted" || !canMove("quote", quote.status, to)) {
      return { ok: false, reason: "illegalMove", from: quote.status, to } as const;
    }
    if (to === "sent" && (await tx.count(QuoteItem, { quote: id })) === 0)
      return { ok: false, reason: "noLines" } as const;
    quote.status = to as QuoteStatus;
    if (to === "sent") quote.sentAt = new Date();
    await tx.flush();
    return { ok: true, quote: (await getQuote(id, tx)) as QuoteRow } as const;
  });
}

/** An accepted quote becomes an order with the same lines and prices, in one step. */
export async function convertQuote(id: number, userId: number | null): Promise<Result<{ order: OrderRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, Quote, id);
    if (!locked.ok) return locked;
    const quote = locked.entity;
    if (!canMove("quote", quote.status, "converted")) {
      return { ok: false, reason: "illegalMove", from: quote.status, to: "converted" } as const;
    }
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
    );
    if (!created.ok) return created;
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

// ---------------------------------------------------------------------------------------------
// Orders

/** The order total above which an active approval rule holds an order for an admin, if any. */
async function approvalLimit(tx: EntityManager): Promise<number | null> {
  const rules = await tx.find(AutomationRule, { type: "custom", isActive: true });
  const limits = rules
    .map((rule) => Number((rule.conditions as { orderTotalAbove?: unknown }).orderTotalAbove))
    .filter((limit) => Number.isFinite(limit));
  return limits.length ? Math.min(...limits) : null;
}

/** The customer's orders not yet paid (and not cancelled), in cents. */
async function openCents(tx: EntityManager, customerId: number, exceptOrder = 0) {
  const [row] = await tx.execute<{ cents: string | null }[]>(
    `select sum(total_amount * 100)::bigint as cents from sales_order
      where customer_id = ? and id <> ? and status <> 'cancelled' and payment_status = 'pending'`,
    [customerId, exceptOrder],
  );
  return Number(row?.cents ?? 0);
}

type OrderDraft = {
  customerId: number | null;
  notes: string | null;
  lines: PricedLine[];
  /** the quote's discount when converting; null: the customer's */
  discount: string | null;
  quoteId: number | null;
  /** when the order was placed, if not now (the demo's order history) */
  placedAt?: Date;
};

/**
 * Writes orders in the caller's transaction, the one way orders are made (a new order, a
 * converted quote, a batch): each with its customer's discount, numbered in sequence, held for
 * approval when an active rule says so, and refused as a whole when a customer is unknown or would
 * pass their credit limit (their unpaid orders and this batch's together).
 */
async function insertOrders(
  tx: EntityManager,
  drafts: OrderDraft[],
  userId: number | null,
): Promise<Result<{ orderIds: number[] }>> {
  const customerIds = [...new Set(drafts.map((draft) => draft.customerId).filter((id) => id !== null))];
  const customers = new Map(
    (customerIds.length ? await tx.find(Customer, { id: { $in: customerIds as number[] } }) : []).map(
      (customer) => [customer.id, customer],
    ),
  );
  if (customerIds.some((id) => !customers.has(id as number)))
    return { ok: false, reason: "customerNotFound" };
  const planned = drafts.map((draft) => {
    const customer = draft.customerId === null ? null : (customers.get(draft.customerId) ?? null);
    const discount = draft.discount ?? customer?.discountPercentage ?? "0";
    return { draft, customer, discount, amounts: amountsOf(draft.lines, discount) };
  });
  const batchCents = new Map<number, number>();
  for (const { customer, amounts } of planned) {
    if (customer)
      batchCents.set(customer.id, (batchCents.get(customer.id) ?? 0) + toCents(amounts.totalAmount));
  }
  for (const [customerId, cents] of batchCents) {
    const refused = await creditRefusal(tx, customers.get(customerId) ?? null, cents);
    if (refused) return refused;
  }
  const limit = await approvalLimit(tx);
  const numbers = await nextDocumentNumbers(tx, "SO", Number(shopToday().slice(0, 4)), drafts.length);
  const orders = planned.map(({ draft, customer, discount, amounts }, i) =>
    tx.create(SalesOrder, {
      orderNumber: numbers[i],
      customer,
      quote: draft.quoteId ? tx.getReference(Quote, draft.quoteId) : null,
      status: limit !== null && Number(amounts.totalAmount) > limit ? "awaiting_approval" : "pending",
      paymentStatus: "pending",
      discountPercent: discount,
      notes: draft.notes,
      createdBy: userId ? tx.getReference(User, userId) : null,
      ...(draft.placedAt ? { orderDate: draft.placedAt } : {}),
      ...totalsOf(amounts),
    }),
  );
  orders.forEach((order, i) => {
    createLines(tx, { order }, drafts[i].lines);
  });
  await tx.flush();
  return { ok: true, orderIds: orders.map((order) => order.id) };
}

/**
 * Makes many orders at once in the caller's transaction (the benchmark's seed; later an import):
 * priced on today's prices as `createOrder` prices one, all or nothing.
 */
export async function createOrders(
  tx: EntityManager,
  inputs: (Pick<OrderInput, "customerId" | "notes" | "lines"> & { placedAt?: Date })[],
  userId: number | null,
): Promise<Result<{ orderIds: number[] }>> {
  const priced = await priceLines(
    tx,
    inputs.flatMap((input) => input.lines),
    shopToday(),
  );
  if (!priced.ok) return priced;
  let next = 0;
  const drafts = inputs.map((input): OrderDraft => {
    const lines = priced.lines.slice(next, next + input.lines.length);
    next += input.lines.length;
    return {
      customerId: input.customerId,
      notes: input.notes,
      lines,
      discount: null,
      quoteId: null,
      placedAt: input.placedAt,
    };
  });
  return insertOrders(tx, drafts, userId);
}

/** An order over the customer's credit limit (when above 0), counting their unpaid orders, is refused. */
async function creditRefusal(
  tx: EntityManager,
  customer: { id: number; creditLimit: string } | null,
  totalCents: number,
  exceptOrder = 0,
): Promise<({ ok: false } & DocumentRefusal) | null> {
  if (!customer || toCents(customer.creditLimit) <= 0) return null;
  const open = await openCents(tx, customer.id, exceptOrder);
  if (open + totalCents <= toCents(customer.creditLimit)) return null;
  return { ok: false, reason: "creditLimit", creditLimit: customer.creditLimit, open: fromCents(open) };
}

export async function createOrder(
  input: OrderInput,
  userId: number | null,
): Promise<Result<{ order: OrderRow }>> {
  return em().transactional(async (tx) => {
    const created = await createOrders(tx, [input], userId);
    if (!created.ok) return created;
    return { ok: true, order: (await getOrder(created.orderIds[0], tx)) as OrderRow } as const;
  });
}

/** Changes an order not yet confirmed: its customer, notes and lines (re-priced on its day). */
export async function changeOrder(id: number, input: OrderInput): Promise<Result<{ order: OrderRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, SalesOrder, id, input.version);
    if (!locked.ok) return locked;
    const order = locked.entity;
    if (!canEditLines("order", order.status)) return { ok: false, reason: "locked" } as const;
    const found = await customerFor(tx, input.customerId);
    if (!found.ok) return { ok: false, reason: "customerNotFound" } as const;
    const priced = await priceLines(tx, input.lines, todayIn(SHOP_TIME_ZONE, order.orderDate));
    if (!priced.ok) return priced;
    const discount = found.customer?.discountPercentage ?? "0";
    const amounts = amountsOf(priced.lines, discount);
    const refused = await creditRefusal(tx, found.customer, toCents(amounts.totalAmount), id);
    if (refused) return refused;
    Object.assign(order, {
      customer: found.customer,
      notes: input.notes,
      discountPercent: discount,
      ...totalsOf(amounts),
    });
    await replaceLines(tx, { order }, priced.lines);
    await tx.flush();
    return { ok: true, order: (await getOrder(id, tx)) as OrderRow } as const;
  });
}

/**
 * Moves an order. Confirming takes its quantities from stock (refused, naming the product, when one
 * is short; concurrent confirmations never oversell) and adds it to the customer's totals;
 * cancelling a confirmed order gives both back. Approving (awaiting_approval -> pending) is for
 * admins: the caller checks the role.
 */
export async function moveOrder(
  id: number,
  to: string,
  userId: number | null,
  version: number | null = null,
): Promise<Result<{ order: OrderRow }>> {
  return em().transactional((tx) => moveOrderIn(tx, id, to, userId, version));
}

/** `moveOrder` in the caller's transaction; `now` stamps the move (the demo's history sets it). */
export async function moveOrderIn(
  tx: EntityManager,
  id: number,
  to: string,
  userId: number | null,
  version: number | null = null,
  now = new Date(),
): Promise<Result<{ order: OrderRow }>> {
  const locked = await lockForChange(tx, SalesOrder, id, version);
  if (!locked.ok) return locked;
  const order = locked.entity;
  const from = order.status;
  if (!canMove("order", from, to)) return { ok: false, reason: "illegalMove", from, to } as const;
  const items = await tx.find(SalesOrderItem, { order: id });
  // A sale on confirming, a return on cancelling: movements of the ledger naming the order.
  const stock = (sign: 1 | -1) =>
    items.map((item) => ({
      productId: (item.product as { id: number }).id,
      delta: sign * item.quantity,
      reason: sign < 0 ? ("sale" as const) : ("return" as const),
      userId,
      reference: order.orderNumber,
    }));
  if (!holdsStock(from) && holdsStock(to)) {
    if (items.length === 0) return { ok: false, reason: "noLines" } as const;
    const taken = await changeStock(tx, stock(-1));
    if (!taken.ok) {
      return taken.reason === "short"
        ? ({ ok: false, reason: "short", product: taken.product } as const)
        : ({ ok: false, reason: "productNotFound", productId: taken.productId } as const);
    }
    await followCustomerTotals(tx, order, 1);
  } else if (holdsStock(from) && !holdsStock(to)) {
    await changeStock(tx, stock(1));
    await followCustomerTotals(tx, order, -1);
  }
  order.status = to as OrderStatus;
  if (to === "pending" && from === "awaiting_approval") {
    order.approvedAt = now;
    order.approvedBy = userId ? tx.getReference(User, userId) : null;
  }
  if (to === "confirmed") order.confirmedAt = now;
  if (to === "shipped") order.shippedAt = now;
  if (to === "delivered") order.deliveredAt = now;
  if (to === "cancelled") order.cancelledAt = now;
  await tx.flush();
  return { ok: true, order: (await getOrder(id, tx)) as OrderRow } as const;
}

/** The customer's kept totals follow their confirmed orders (sign 1) and cancellations (-1). */
async function followCustomerTotals(
  tx: EntityManager,
  order: { customer?: unknown; totalAmount: string },
  sign: 1 | -1,
) {
  const customerId = (order.customer as { id: number } | null | undefined)?.id;
  if (!customerId) return;
  const locked = await lockForChange(tx, Customer, customerId);
  if (!locked.ok) return;
  const customer = locked.entity;
  customer.totalOrders = Math.max(0, customer.totalOrders + sign);
  customer.totalSpent = fromCents(
    Math.max(0, toCents(customer.totalSpent) + sign * toCents(order.totalAmount)),
  );
}

/** Moves an order's payment: pending -> paid -> refunded. */
export async function movePayment(id: number, to: string): Promise<Result<{ order: OrderRow }>> {
  return em().transactional((tx) => movePaymentIn(tx, id, to));
}

/** `movePayment` in the caller's transaction. */
export async function movePaymentIn(
  tx: EntityManager,
  id: number,
  to: string,
): Promise<Result<{ order: OrderRow }>> {
  const locked = await lockForChange(tx, SalesOrder, id);
  if (!locked.ok) return locked;
  const order = locked.entity;
  if (!canMove("payment", order.paymentStatus, to)) {
    return { ok: false, reason: "illegalMove", from: order.paymentStatus, to } as const;
  }
  order.paymentStatus = to as typeof order.paymentStatus;
  await tx.flush();
  return { ok: true, order: (await getOrder(id, tx)) as OrderRow } as const;
}

// ---------------------------------------------------------------------------------------------
// Reads

type LineRecord = {
  id: number;
  product: { id: number } | number;
  productName: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  vatRate: string;
  purchasePrice: string;
  totalPrice: string;
};

function documentPart(
  document: {
    id: number;
    customer?: unknown;
    discountPercent: string;
    subtotal: string;
    discountAmount: string;
    taxAmount: string;
    totalAmount: string;
    notes?: string | null;
    version: number;
  },
  number: string,
  date: Date,
  items: LineRecord[],
): DocumentBase {
  const amounts = amountsOf(items, document.discountPercent);
  const customer = document.customer as
    | {
        id: number;
        firstName: string;
        lastName: string;
        company?: string | null;
        email: string;
        customerType: string;
      }
    | null
    | undefined;
  return {
    id: document.id,
    number,
    customer: customer
      ? {
          id: customer.id,
          name: `${customer.firstName} ${customer.lastName}`,
          company: customer.company ?? null,
          email: customer.email,
          customerType: customer.customerType,
        }
      : null,
    date: new Date(date).toISOString(),
    discountPercent: document.discountPercent,
    subtotal: document.subtotal,
    discountAmount: document.discountAmount,
    taxAmount: document.taxAmount,
    totalAmount: document.totalAmount,
    netAmount: fromCents(toCents(document.totalAmount) - toCents(document.taxAmount)),
    vatBreakdown: amounts.vatBreakdown,
    notes: document.notes ?? null,
    version: document.version,
    lines: items.map((item, i) => ({
      id: item.id,
      productId: typeof item.product === "number" ? item.product : item.product.id,
      productName: item.productName,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      vatRate: item.vatRate,
      purchasePrice: item.purchasePrice,
      totalPrice: item.totalPrice,
      margin: amounts.lines[i].margin,
      marginCategory: amounts.lines[i].marginCategory,
      belowCost: amounts.lines[i].belowCost,
    })),
  };
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
    ...documentPart(quote, quote.quoteNumber, quote.quoteDate, items as unknown as LineRecord[]),
    kind: "quote",
    status: quote.status as QuoteStatus,
    validUntil: String(quote.validUntil).slice(0, 10),
    orderId: order?.id ?? null,
  };
}

export async function getOrder(id: number, db: EntityManager = em()): Promise<OrderRow | null> {
  const order = await db.findOne(SalesOrder, id, { populate: ["customer"], disableIdentityMap: true });
  if (!order) return null;
  const items = await db.find(
    SalesOrderItem,
    { order: id },
    { orderBy: { position: "asc" }, disableIdentityMap: true },
  );
  return {
    ...documentPart(order, order.orderNumber, order.orderDate, items as unknown as LineRecord[]),
    kind: "order",
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus,
    quoteId: (order.quote as { id: number } | null | undefined)?.id ?? null,
  };
}

export type DocumentFilters = {
  status?: string | null;
  customerId?: number | null;
  /** text in the document's number or its customer's name, company or e-mail */
  search?: string | null;
  /** shop days, YYYY-MM-DD, both included */
  from?: string | null;
  to?: string | null;
  limit: number;
  offset: number;
};

export type DocumentListRow = {
  id: number;
  number: string;
  status: string;
  customerId: number | null;
  customerName: string | null;
  date: string;
  totalAmount: string;
  paymentStatus?: string;
  validUntil?: string;
};

/** A page of quotes or orders, newest first, with the total: the lists' and the API's one query. */
export async function listDocuments(
  kind: Kind,
  filters: DocumentFilters,
  db: EntityManager = em(),
): Promise<{ rows: DocumentListRow[]; total: number }> {
  const quote = kind === "quote";
  const entity = quote ? Quote : SalesOrder;
  const dateField = quote ? "quoteDate" : "orderDate";
  const dateColumn = quote ? "d.quote_date" : "d.order_date";
  const query = db.createQueryBuilder(entity as typeof Quote, "d").leftJoin("d.customer", "c");
  if (filters.status) query.andWhere({ status: filters.status as QuoteStatus });
  if (filters.customerId) query.andWhere({ customer: filters.customerId });
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query.andWhere(
      `(d.${quote ? "quote_number" : "order_number"} ilike ? or ${customerNameSearchText("c")} ilike ? or c.company ilike ? or c.email ilike ?)`,
      [pattern, pattern, pattern, pattern],
    );
  }
  if (filters.from)
    query.andWhere(`${dateColumn} >= (?::date)::timestamp at time zone ?`, [filters.from, SHOP_TIME_ZONE]);
  if (filters.to)
    query.andWhere(`${dateColumn} < (?::date + 1)::timestamp at time zone ?`, [filters.to, SHOP_TIME_ZONE]);
  const total = await query.clone().getCount();
  const rows = await query
    .select([
      "d.id",
      quote ? "d.quoteNumber" : "d.orderNumber",
      "d.status",
      `d.${dateField}`,
      "d.totalAmount",
      ...(quote ? ["d.validUntil"] : ["d.paymentStatus"]),
    ])
    .addSelect(["c.id as customer_id", raw("c.first_name || ' ' || c.last_name as customer_name")])
    .orderBy({ [dateField]: "desc", id: "desc" })
    .limit(filters.limit)
    .offset(filters.offset)
    .execute<Record<string, unknown>[]>("all", false);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id as number,
      number: (quote ? row.quote_number : row.order_number) as string,
      status: row.status as string,
      customerId: (row.customer_id as number | null) ?? null,
      customerName: (row.customer_name as string | null) ?? null,
      date: new Date((quote ? row.quote_date : row.order_date) as string).toISOString(),
      totalAmount: Number(row.total_amount).toFixed(2),
      ...(quote
        ? {
            validUntil: String(
              row.valid_until instanceof Date ? row.valid_until.toISOString() : row.valid_until,
            ).slice(0, 10),
          }
        : { paymentStatus: row.payment_status as string }),
    })),
  };
}
