import type { EntityManager, InferEntity } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import type { orderAnswer } from "~/models/api-doc/response-schemas";
import { AutomationRule } from "~/models/automation/automation.entity";
import { shopToday } from "~/models/campaign/campaign.server";
import { Customer } from "~/models/customer/customer.entity";
import { changeCustomerTotals } from "~/models/customer/customer.server";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { Location } from "~/models/location/location.entity";
import { isActiveLocation, workLocationId } from "~/models/location/location.server";
import { lockForChange } from "~/models/locked.server";
import { fromCents, toCents } from "~/models/money";
import {
  type BelowCostConfirmation,
  type BelowCostGuard,
  guardedRefusal,
  UNGUARDED,
} from "~/models/price/below-cost";
import { recordBelowCost } from "~/models/price/below-cost.server";
import type { TrackingMode } from "~/models/product/tracking";
import { SerialConflict, type SerialLine } from "~/models/serial/serial.server";
import { leavingSerialProblems } from "~/models/serial/serial-leaving.server";
import { recordSoldSerials, unitsSoldOnOrder } from "~/models/serial/serial-sale.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { User } from "~/models/user/user.entity";
import {
  amountsOf,
  belowCostFindings,
  changeDocumentLines,
  createLines,
  type DocumentResult,
  type LinedKind,
  lockForMove,
  type PricedLine,
  priceLines,
  type Refused,
  totalsOf,
} from "./document-lines.server";
import { documentBase, type LineRecord } from "./document-read.server";
import { canMove, holdsStock, type OrderStatus } from "./document-status";
import { Quote, SalesOrder, SalesOrderItem } from "./order.entity";
import type { OrderInput } from "./order-schema";

/**
 * Sales orders: their rules on top of the lines they share with quotes (document-lines.server.ts).
 * An order is refused past its customer's credit limit and held for an admin's approval above an
 * active rule's total; confirming takes its stock through the product aggregate (changeStock:
 * alerts and rules follow) and adds it to the customer's totals (changeCustomerTotals);
 * cancelling a confirmed order gives both back; its payment moves on its own. Each change is one
 * transaction; a change naming a version the order no longer has is refused as stale.
 */

type OrderEntity = InferEntity<typeof SalesOrder>;

/** An order as the pages read it and /api answers it: its type is the schema that documents it. */
export type OrderRow = z.output<typeof orderAnswer>;

/** What the shared writes need to know of an order. */
const ORDERS: LinedKind<OrderEntity> = {
  kind: "order",
  lock: (tx, id, version) => lockForChange(tx, SalesOrder, id, version),
  madeAt: (order) => order.orderDate,
  owner: (order) => ({ order }),
};

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

/** An order over the customer's credit limit (when above 0), counting their unpaid orders, is refused. */
async function creditRefusal(
  tx: EntityManager,
  customer: { id: number; creditLimit: string } | null,
  totalCents: number,
  exceptOrder = 0,
): Promise<Refused | null> {
  if (!customer || toCents(customer.creditLimit) <= 0) return null;
  const open = await openCents(tx, customer.id, exceptOrder);
  if (open + totalCents <= toCents(customer.creditLimit)) return null;
  return { ok: false, reason: "creditLimit", creditLimit: customer.creditLimit, open: fromCents(open) };
}

export type OrderDraft = {
  customerId: number | null;
  notes: string | null;
  lines: PricedLine[];
  /** the quote's discount when converting; null: the customer's */
  discount: string | null;
  quoteId: number | null;
  /** when the order was placed, if not now (the demo's order history) */
  placedAt?: Date;
  /** where it ships from (issue #32); none: the creating user's work location */
  locationId?: number | null;
};

/**
 * The location an order names, checked (issue #32): none is `fallback` (the creating user's work
 * location, or the order's own on a change); one that is no active location is refused.
 */
async function orderLocation(
  tx: EntityManager,
  named: number | null | undefined,
  fallback: () => Promise<number>,
): Promise<{ ok: true; locationId: number } | Refused> {
  if (!named) return { ok: true, locationId: await fallback() };
  if (!(await isActiveLocation(tx, named)))
    return { ok: false, reason: "locationNotFound", locationId: named };
  return { ok: true, locationId: named };
}

/**
 * Writes orders in the caller's transaction, the one way orders are made (a new order, a
 * converted quote, a batch): each with its customer's discount, numbered in sequence, held for
 * approval when an active rule says so, and refused as a whole when a customer is unknown or would
 * pass their credit limit (their unpaid orders and this batch's together), or when a line sells
 * under cost without an admin's or a manager's `confirmation` (below-cost.ts; recorded per order).
 * Each ships from the location it names, else from the user's work location (issue #32).
 */
export async function insertOrders(
  tx: EntityManager,
  drafts: OrderDraft[],
  userId: number | null,
  confirmation: BelowCostGuard,
): Promise<DocumentResult<{ orderIds: number[] }>> {
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
    const amounts = amountsOf(draft.lines, discount);
    const findings = confirmation === UNGUARDED ? [] : belowCostFindings(draft.lines, amounts, discount);
    return { draft, customer, discount, amounts, findings };
  });
  const belowCost = guardedRefusal(
    planned.flatMap((plan) => plan.findings),
    confirmation,
  );
  if (belowCost) return belowCost;
  let workPlace: number | null = null;
  const locationIds: number[] = [];
  for (const { draft } of planned) {
    const place = await orderLocation(tx, draft.locationId, async () => {
      workPlace ??= await workLocationId(tx, userId);
      return workPlace;
    });
    if (!place.ok) return place;
    locationIds.push(place.locationId);
  }
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
      location: tx.getReference(Location, locationIds[i]),
      createdBy: userId ? tx.getReference(User, userId) : null,
      ...(draft.placedAt ? { orderDate: draft.placedAt } : {}),
      ...totalsOf(amounts),
    }),
  );
  orders.forEach((order, i) => {
    createLines(tx, { order }, drafts[i].lines);
  });
  await tx.flush();
  if (confirmation !== UNGUARDED) {
    for (const [i, order] of orders.entries())
      await recordBelowCost(tx, "order", order.id, planned[i].findings, confirmation);
  }
  return { ok: true, orderIds: orders.map((order) => order.id) };
}

/**
 * Makes many orders at once in the caller's transaction (the benchmark's seed; later an import):
 * priced on today's prices as `createOrder` prices one, all or nothing. The seeders pass
 * `UNGUARDED` (below-cost.ts): their low margins and discounts are the demo's on purpose.
 */
export async function createOrders(
  tx: EntityManager,
  inputs: (Pick<OrderInput, "customerId" | "notes" | "lines"> & {
    placedAt?: Date;
    locationId?: number | null;
  })[],
  userId: number | null,
  confirmation: BelowCostGuard,
): Promise<DocumentResult<{ orderIds: number[] }>> {
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
      locationId: input.locationId ?? null,
    };
  });
  return insertOrders(tx, drafts, userId, confirmation);
}

/**
 * Makes an order in a transaction of its own (the editor, /api, the scanner's list); a line sold
 * under cost needs an admin's or a manager's `confirmation` (below-cost.ts).
 */
export async function createOrder(
  input: OrderInput,
  userId: number | null,
  confirmation: BelowCostConfirmation | null = null,
): Promise<DocumentResult<{ order: OrderRow }>> {
  return em().transactional(async (tx) => {
    const created = await createOrders(tx, [input], userId, confirmation);
    if (!created.ok) return created;
    return { ok: true, order: (await getOrder(created.orderIds[0], tx)) as OrderRow } as const;
  });
}

/**
 * Changes an order not yet confirmed: its customer, notes, lines (re-priced on its day) and the
 * location it ships from (none named: kept), refused past the customer's credit limit (their other
 * unpaid orders and this one), and when a line newly sells under cost without an admin's or a
 * manager's `confirmation`.
 */
export async function changeOrder(
  id: number,
  input: OrderInput,
  confirmation: BelowCostConfirmation | null = null,
): Promise<DocumentResult<{ order: OrderRow }>> {
  return em().transactional(async (tx) => {
    const place = input.locationId ? await orderLocation(tx, input.locationId, async () => 0) : null;
    if (place && !place.ok) return place;
    const changed = await changeDocumentLines(
      tx,
      ORDERS,
      id,
      input,
      {
        refuse: (customer, amounts) => creditRefusal(tx, customer, toCents(amounts.totalAmount), id),
        assign: (order) => {
          if (place?.ok) order.location = tx.getReference(Location, place.locationId);
        },
      },
      confirmation,
    );
    if (!changed.ok) return changed;
    return { ok: true, order: (await getOrder(id, tx)) as OrderRow } as const;
  });
}

/**
 * Moves an order. Confirming takes its quantities from its location's stock (refused, naming the
 * product and the location, when one is short there; concurrent confirmations never oversell) and
 * adds it to the customer's totals; cancelling a confirmed order gives both back, to that location. Approving (awaiting_approval -> pending) is for
 * admins: the caller checks the role.
 */
export async function moveOrder(
  id: number,
  to: string,
  userId: number | null,
  version: number | null = null,
  shipment: Shipment = {},
): Promise<DocumentResult<{ order: OrderRow }>> {
  try {
    return await em().transactional((tx) => moveOrderIn(tx, id, to, userId, version, new Date(), shipment));
  } catch (error) {
    // Another sale took one of its serials since the checks: nothing was written.
    if (error instanceof SerialConflict) return { ok: false, reason: "serials", lines: error.lines };
    throw error;
  }
}

/** What a move to shipped takes: the serials of its serial-tracked lines, one per unit (issue #31). */
export type Shipment = { serials?: { lineId: number; serials: string[] }[] };

/**
 * `moveOrder` in the caller's transaction; `now` stamps the move (the demo's history sets it). A
 * serial another sale took at the same time throws SerialConflict: the transaction must roll back.
 */
export async function moveOrderIn(
  tx: EntityManager,
  id: number,
  to: string,
  userId: number | null,
  version: number | null = null,
  now = new Date(),
  shipment: Shipment = {},
): Promise<DocumentResult<{ order: OrderRow }>> {
  const locked = await lockForMove(tx, ORDERS, id, to, version);
  if (!locked.ok) return locked;
  const order = locked.document;
  const from = order.status;
  const items = await tx.find(SalesOrderItem, { order: id });
  const locationId = (order.location as { id: number }).id;
  // A sale on confirming, a return on cancelling: movements of the ledger naming the order, at its location.
  const stock = (sign: 1 | -1) =>
    items.map((item) => ({
      productId: (item.product as { id: number }).id,
      locationId,
      delta: sign * item.quantity,
      reason: sign < 0 ? ("sale" as const) : ("return" as const),
      userId,
      reference: order.orderNumber,
    }));
  const customerId = (order.customer as { id: number } | null | undefined)?.id ?? null;
  if (!holdsStock(from) && holdsStock(to)) {
    if (items.length === 0) return { ok: false, reason: "noLines" } as const;
    const taken = await changeStock(tx, stock(-1));
    if (!taken.ok) {
      return taken.reason === "short"
        ? ({ ok: false, reason: "short", product: taken.product } as const)
        : ({ ok: false, reason: "productNotFound", productId: taken.productId } as const);
    }
    await changeCustomerTotals(tx, customerId, order.totalAmount, 1);
  } else if (holdsStock(from) && !holdsStock(to)) {
    await changeStock(tx, stock(1));
    await changeCustomerTotals(tx, customerId, order.totalAmount, -1);
  }
  if (to === "shipped") {
    // Serial-tracked lines leave with one serial per unit, each in stock: all problems at once.
    const lines = await shipmentLines(tx, items, shipment);
    if (!lines.ok) return lines;
    const { problems } = await leavingSerialProblems(tx, lines.lines, locationId);
    if (problems.length > 0) return { ok: false, reason: "serials", lines: problems };
    await recordSoldSerials(
      tx,
      lines.lines,
      { type: "order", id, number: order.orderNumber },
      userId,
      now,
      locationId,
    );
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

/**
 * A shipment's lines as the serial checks read them: each order line with its product's tracking and
 * the serials sent for it (a line named twice: both lists). A line not on the order is refused.
 */
async function shipmentLines(
  tx: EntityManager,
  items: InferEntity<typeof SalesOrderItem>[],
  shipment: Shipment,
): Promise<DocumentResult<{ lines: SerialLine[] }>> {
  const sent = new Map<number, string[]>();
  for (const { lineId, serials } of shipment.serials ?? []) {
    if (!items.some((item) => item.id === lineId)) return { ok: false, reason: "lineNotFound", lineId };
    sent.set(lineId, [...(sent.get(lineId) ?? []), ...serials]);
  }
  const productIds = [...new Set(items.map((item) => (item.product as { id: number }).id))];
  const { rows } = await namedSql<{ id: number; tracking: TrackingMode }>(
    tx,
    "select id, tracking from product where id = any(:ids::int[])",
    { ids: productIds },
  );
  const tracking = new Map(rows.map((row) => [row.id, row.tracking]));
  return {
    ok: true,
    lines: items.map((item) => {
      const productId = (item.product as { id: number }).id;
      return {
        lineId: item.id,
        productId,
        productName: item.productName,
        sku: item.sku,
        tracking: tracking.get(productId) ?? "none",
        quantity: item.quantity,
        serials: sent.get(item.id) ?? [],
      };
    }),
  };
}

/** Moves an order's payment: pending -> paid -> refunded. */
export async function movePayment(id: number, to: string): Promise<DocumentResult<{ order: OrderRow }>> {
  return em().transactional((tx) => movePaymentIn(tx, id, to));
}

/** `movePayment` in the caller's transaction. */
export async function movePaymentIn(
  tx: EntityManager,
  id: number,
  to: string,
): Promise<DocumentResult<{ order: OrderRow }>> {
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

export async function getOrder(id: number, db: EntityManager = em()): Promise<OrderRow | null> {
  const order = await db.findOne(SalesOrder, id, {
    populate: ["customer", "location"],
    disableIdentityMap: true,
  });
  if (!order) return null;
  const items = await db.find(
    SalesOrderItem,
    { order: id },
    { orderBy: { position: "asc" }, disableIdentityMap: true },
  );
  return {
    ...documentBase(order, order.orderNumber, order.orderDate, items as unknown as LineRecord[]),
    kind: "order",
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus,
    quoteId: (order.quote as { id: number } | null | undefined)?.id ?? null,
    location: { id: order.location.id, name: order.location.name },
    units: await unitsSoldOnOrder(db, id),
  };
}
