import { type InferEntity, raw } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { containsPattern, fullNameSql, namedSql, toIso } from "~/infra/sql.server";
import type { purchaseOrderListRowAnswer } from "~/models/api-doc/response-schemas";
import { addDays } from "~/models/calendar-day";
import { shopToday } from "~/models/campaign/campaign.server";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { Location } from "~/models/location/location.entity";
import { isActiveLocation, workLocationId } from "~/models/location/location.server";
import { lockForChange } from "~/models/locked.server";
import { fromCents, MAX_MONEY, toCents } from "~/models/money";
import type { EMAIL_STATUSES } from "~/models/notification/notification.entity";
import { EmailMessage } from "~/models/notification/notification.entity";
import { Product } from "~/models/product/product.entity";
import { getProduct, type ProductRow } from "~/models/product/product-reads.server";
import { changePurchasePrices, type PurchasePriceChange } from "~/models/product/product-writes.server";
import type { TrackingMode } from "~/models/product/tracking";
import {
  receiptSerialProblems,
  recordReceivedSerials,
  SerialConflict,
  type SerialLine,
  type SerialLineProblems,
} from "~/models/serial/serial.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { Supplier } from "~/models/supplier/supplier.entity";
import { mailLanguage } from "~/models/user/mail-language.server";
import { User } from "~/models/user/user.entity";
import { PurchaseOrder, PurchaseOrderLine } from "./purchase-order.entity";
import { netPurchasePrice, purchaseAmounts, purchasePriceFromCost } from "./purchase-order-amounts";
import { purchaseOrderEmail } from "./purchase-order-mail.server";
import type { PurchaseOrderRow } from "./purchase-order-row";
import type { PurchaseLineInput, PurchaseOrderInput, ReceiveInput } from "./purchase-order-schema";
import {
  canEditPurchaseOrder,
  canMovePurchaseOrder,
  canReceive,
  canReschedulePurchaseOrder,
  OPEN_STATUSES,
  type PurchaseOrderStatus,
  statusAfterReceipt,
} from "./purchase-order-status";

/**
 * Purchase orders (issue #15 item 4): their one write path and their reads. Every change is one
 * transaction that locks the order's row first, so two changes of one order run one after the
 * other: two receipts never count the same units twice. Receiving moves stock only through the
 * product aggregate (`changeStock`: a receipt movement naming the order's number, alerts and rules
 * as for any movement) and changes a product's purchase price only through its write path
 * (`changePurchasePrices`: price history, the stored margin, low_margin alerts, the audit trail).
 */

export type { PurchaseOrderLineRow, PurchaseOrderRow } from "./purchase-order-row";

type PurchaseOrderEntity = InferEntity<typeof PurchaseOrder>;
type PurchaseOrderLineEntity = InferEntity<typeof PurchaseOrderLine>;

export type PurchaseRefusal =
  | {
      reason:
        | "notFound"
        | "stale"
        | "locked"
        | "noLines"
        | "supplierNotFound"
        | "tooLarge"
        | "nothingReceived";
    }
  | { reason: "productNotFound"; productId: number }
  /** a location named (issue #32) that is no active location */
  | { reason: "locationNotFound"; locationId: number }
  | { reason: "lineNotFound"; lineId: number }
  | { reason: "illegalMove"; from: string; to: string }
  | { reason: "notReceivable"; status: string }
  /** A receipt's serials (issue #31): every problem of every line, each naming its serial. */
  | { reason: "serials"; lines: SerialLineProblems[] }
  | {
      reason: "overReceipt";
      lines: {
        lineId: number;
        productName: string;
        sku: string;
        ordered: number;
        received: number;
        receiving: number;
      }[];
    };

type Result<T> = ({ ok: true } & T) | ({ ok: false } & PurchaseRefusal);

type PricedLine = {
  productId: number;
  productName: string;
  sku: string;
  quantity: number;
  unitCost: string;
  vatRate: string;
};

/** The lines with their products' names, SKUs and VAT rates, a unit cost given or the product's. */
async function priceLines(
  tx: EntityManager,
  lines: PurchaseLineInput[],
): Promise<{ ok: true; lines: PricedLine[] } | ({ ok: false } & PurchaseRefusal)> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return { ok: true, lines: [] };
  const products = await tx.find(
    Product,
    { id: { $in: ids } },
    { fields: ["id", "name", "sku", "purchasePrice", "vatInclusive", "vatRate"], disableIdentityMap: true },
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) return { ok: false, reason: "productNotFound", productId: missing };
  const priced = lines.map((line) => {
    const product = byId.get(line.productId) as (typeof products)[number];
    return {
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      quantity: line.quantity,
      unitCost: line.unitCost ?? netPurchasePrice(product),
      vatRate: Number(product.vatRate).toFixed(2),
    };
  });
  if (!fitsColumns(priced)) return { ok: false, reason: "tooLarge" };
  return { ok: true, lines: priced };
}

/** Whether the order's amounts fit their columns (at most MAX_MONEY each). */
function fitsColumns(lines: { unitCost: string; quantity: number; vatRate: string }[]) {
  const max = toCents(MAX_MONEY);
  // Each line's total is at most the subtotal; the total with VAT is the largest figure.
  const gross = lines.reduce((sum, line) => sum + toCents(line.unitCost) * line.quantity * 2, 0);
  if (gross <= max) return true;
  try {
    return toCents(purchaseAmounts(lines).totalAmount) <= max;
  } catch {
    return false;
  }
}

function totalsOf(lines: { unitCost: string; quantity: number; vatRate: string }[]) {
  const amounts = purchaseAmounts(lines);
  return { subtotal: amounts.subtotal, taxAmount: amounts.taxAmount, totalAmount: amounts.totalAmount };
}

/** The order's lines, added to the unit of work (written by the caller's flush). */
function createLines(tx: EntityManager, order: PurchaseOrderEntity, lines: PricedLine[]) {
  lines.forEach((line, position) => {
    tx.create(PurchaseOrderLine, {
      purchaseOrder: order,
      product: tx.getReference(Product, line.productId),
      position,
      productName: line.productName,
      sku: line.sku,
      quantityOrdered: line.quantity,
      quantityReceived: 0,
      unitCost: line.unitCost,
      vatRate: line.vatRate,
      lineTotal: fromCents(toCents(line.unitCost) * line.quantity),
    });
  });
}

type SupplierFacts = { id: number; name: string; leadTimeDays: number };

async function findSupplier(tx: EntityManager, id: number): Promise<SupplierFacts | null> {
  // For key share: the supplier is not deleted under the order being written (an edit may go on).
  const [row] = await tx.execute<{ id: number; name: string; lead_time_days: number }[]>(
    "select id, name, lead_time_days from supplier where id = ? for key share",
    [id],
  );
  return row ? { id: row.id, name: row.name, leadTimeDays: row.lead_time_days } : null;
}

type Draft = {
  supplier: SupplierFacts;
  expectedDate: string | null;
  note: string | null;
  lines: PricedLine[];
  /** where it is delivered (issue #32), checked; none: the user's work location */
  locationId?: number | null;
};

/** A location named for a delivery, checked (issue #32): one that is no active location is refused. */
async function deliveryRefusal(
  tx: EntityManager,
  locationId: number | null | undefined,
): Promise<({ ok: false } & PurchaseRefusal) | null> {
  if (!locationId || (await isActiveLocation(tx, locationId))) return null;
  return { ok: false, reason: "locationNotFound", locationId };
}

/**
 * Writes draft purchase orders with their lines and numbers, in the caller's transaction; each is
 * delivered into the location it names, else the user's work location (issue #32).
 */
async function insertDrafts(tx: EntityManager, drafts: Draft[], userId: number | null) {
  const today = shopToday();
  const workPlace = drafts.every((draft) => draft.locationId) ? 0 : await workLocationId(tx, userId);
  const numbers = await nextDocumentNumbers(tx, "PO", Number(today.slice(0, 4)), drafts.length);
  const orders = drafts.map((draft, i) => {
    const order = tx.create(PurchaseOrder, {
      orderNumber: numbers[i],
      supplier: tx.getReference(Supplier, draft.supplier.id),
      status: "draft",
      expectedDate: draft.expectedDate ?? addDays(today, draft.supplier.leadTimeDays),
      note: draft.note,
      location: tx.getReference(Location, draft.locationId || workPlace),
      createdBy: userId ? tx.getReference(User, userId) : null,
      ...totalsOf(draft.lines),
    });
    createLines(tx, order, draft.lines);
    return order;
  });
  await tx.flush();
  return orders;
}

/** Creates a draft purchase order in a transaction of its own (the editor, the API). */
export async function createPurchaseOrder(
  input: PurchaseOrderInput,
  userId: number | null,
): Promise<Result<{ order: PurchaseOrderRow }>> {
  return em().transactional(async (tx) => {
    const supplier = await findSupplier(tx, input.supplierId);
    if (!supplier) return { ok: false, reason: "supplierNotFound" } as const;
    const priced = await priceLines(tx, input.lines);
    if (!priced.ok) return priced;
    const refused = await deliveryRefusal(tx, input.locationId);
    if (refused) return refused;
    const [order] = await insertDrafts(
      tx,
      [
        {
          supplier,
          expectedDate: input.expectedDate,
          note: input.note,
          lines: priced.lines,
          locationId: input.locationId,
        },
      ],
      userId,
    );
    return { ok: true, order: (await getPurchaseOrder(order.id, tx)) as PurchaseOrderRow } as const;
  });
}

/**
 * Changes a draft: its supplier, expected date, note, lines (all of them replaced) and delivery
 * location. An open order (sent, partly received) changes its expected date and note only, and a
 * sent one with nothing received yet its location too (issue #32): a change that keeps its supplier
 * and lines as they are (an API client's PATCH of the date, the page's reschedule form); any other
 * is refused as locked. No location named: kept.
 */
export async function changePurchaseOrder(
  id: number,
  input: PurchaseOrderInput,
): Promise<Result<{ order: PurchaseOrderRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, PurchaseOrder, id, input.version);
    if (!locked.ok) return locked;
    const order = locked.entity;
    if (!canReschedulePurchaseOrder(order.status)) return { ok: false, reason: "locked" } as const;
    const supplier = await findSupplier(tx, input.supplierId);
    if (!supplier) return { ok: false, reason: "supplierNotFound" } as const;
    const priced = await priceLines(tx, input.lines);
    if (!priced.ok) return priced;
    const supplierChanged = (order.supplier as { id: number }).id !== supplier.id;
    const refused = await deliveryRefusal(tx, input.locationId);
    if (refused) return refused;
    const moved = !!input.locationId && input.locationId !== (order.location as { id: number }).id;
    const location = moved ? { location: tx.getReference(Location, input.locationId as number) } : {};
    if (!canEditPurchaseOrder(order.status)) {
      if (supplierChanged || !(await keepsLines(tx, id, priced.lines)))
        return { ok: false, reason: "locked" } as const;
      // Once goods came in, they came in there: the place stays.
      if (moved && (order.status !== "sent" || (await receivedAny(tx, id))))
        return { ok: false, reason: "locked" } as const;
      Object.assign(order, {
        expectedDate: input.expectedDate ?? order.expectedDate,
        note: input.note,
        ...location,
      });
      await tx.flush();
      return { ok: true, order: (await getPurchaseOrder(id, tx)) as PurchaseOrderRow } as const;
    }
    Object.assign(order, {
      supplier: tx.getReference(Supplier, supplier.id),
      // A new supplier without a date given: the new supplier's lead time from today.
      expectedDate:
        input.expectedDate ??
        (supplierChanged ? addDays(shopToday(), supplier.leadTimeDays) : order.expectedDate),
      note: input.note,
      ...location,
      ...totalsOf(priced.lines),
    });
    await tx.nativeDelete(PurchaseOrderLine, { purchaseOrder: id });
    createLines(tx, order, priced.lines);
    await tx.flush();
    return { ok: true, order: (await getPurchaseOrder(id, tx)) as PurchaseOrderRow } as const;
  });
}

/** Whether any of the order's lines has had a unit received. */
async function receivedAny(tx: EntityManager, id: number): Promise<boolean> {
  return (await tx.count(PurchaseOrderLine, { purchaseOrder: id, quantityReceived: { $gt: 0 } })) > 0;
}

/** Whether these lines are the order's own, in order: the same products, quantities and costs. */
async function keepsLines(tx: EntityManager, id: number, lines: PricedLine[]): Promise<boolean> {
  const own = await tx.find(
    PurchaseOrderLine,
    { purchaseOrder: id },
    { orderBy: { position: "asc", id: "asc" }, disableIdentityMap: true },
  );
  return (
    own.length === lines.length &&
    own.every((line, i) => {
      const given = lines[i];
      return (
        (line.product as { id: number }).id === given.productId &&
        line.quantityOrdered === given.quantity &&
        toCents(line.unitCost) === toCents(given.unitCost)
      );
    })
  );
}

/**
 * Moves a purchase order by hand: sends a draft (by e-mail through the outbox when the supplier
 * has an address, else marked sent), cancels a draft or a sent order, or closes a partly received
 * one (to received: the rest will not come). `language` is the e-mail's (default: the user's own).
 */
export async function movePurchaseOrder(
  id: number,
  to: string,
  userId: number | null,
  options: { version?: number | null; language?: string | null } = {},
): Promise<Result<{ order: PurchaseOrderRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, PurchaseOrder, id, options.version);
    if (!locked.ok) return locked;
    const order = locked.entity;
    const from = order.status;
    if (!canMovePurchaseOrder(from, to)) return { ok: false, reason: "illegalMove", from, to } as const;
    const now = new Date();
    if (to === "sent") {
      const current = (await getPurchaseOrder(id, tx)) as PurchaseOrderRow;
      if (current.lines.length === 0) return { ok: false, reason: "noLines" } as const;
      order.status = "sent";
      order.sentAt = now;
      const address = current.supplier.email;
      if (address) {
        const language = await mailLanguage(tx, userId, options.language);
        const mail = await purchaseOrderEmail(
          { ...current, status: "sent", sentAt: now.toISOString() },
          language,
        );
        const emailId = await tx.insert(EmailMessage, {
          user: null,
          toAddress: address,
          subject: mail.subject,
          body: mail.body,
          attachments: mail.attachments,
        });
        order.sentTo = address;
        order.email = tx.getReference(EmailMessage, emailId);
      }
    } else if (to === "cancelled") {
      order.status = "cancelled";
      order.cancelledAt = now;
    } else if (to === "received") {
      order.status = "received";
      order.closedAt = now;
      order.receivedAt = now;
    }
    await tx.flush();
    return { ok: true, order: (await getPurchaseOrder(id, tx)) as PurchaseOrderRow } as const;
  });
}

/**
 * Receives goods against a sent or partly received order, in one transaction with the order's row
 * locked: each line's units come in as a receipt movement of the ledger naming the order's number;
 * a unit cost that differs from the product's purchase price (without VAT) becomes the product's
 * purchase price through its write path (price history, margin, alerts) and the line's unit cost.
 * More than ordered on a line is refused unless `allowOverReceipt`. The order becomes received when
 * every line has come in full, else partially received.
 */
export async function receivePurchaseOrder(
  id: number,
  input: ReceiveInput,
  userId: number | null,
): Promise<Result<{ order: PurchaseOrderRow }>> {
  try {
    return await em().transactional((tx) => receivePurchaseOrderIn(tx, id, input, userId));
  } catch (error) {
    // Another receipt took a serial in since the checks (the unique index): nothing was written.
    if (error instanceof SerialConflict) return { ok: false, reason: "serials", lines: error.lines };
    throw error;
  }
}

/**
 * `receivePurchaseOrder` in the caller's transaction. A serial another transaction took in at the
 * same time throws SerialConflict: the caller's transaction must roll back.
 */
export async function receivePurchaseOrderIn(
  tx: EntityManager,
  id: number,
  input: ReceiveInput,
  userId: number | null,
): Promise<Result<{ order: PurchaseOrderRow }>> {
  const locked = await lockForChange(tx, PurchaseOrder, id);
  if (!locked.ok) return locked;
  const order = locked.entity;
  if (!canReceive(order.status)) return { ok: false, reason: "notReceivable", status: order.status };
  const lines = (await tx.find(
    PurchaseOrderLine,
    { purchaseOrder: id },
    { orderBy: { position: "asc", id: "asc" } },
  )) as PurchaseOrderLineEntity[];
  const byId = new Map(lines.map((line) => [line.id, line]));
  // A line named twice is one receipt of their sum (at the cost named last, with both's serials).
  const receipt = new Map<number, { quantity: number; unitCost: string | null; serials: string[] }>();
  for (const asked of input.lines) {
    if (!byId.has(asked.lineId)) return { ok: false, reason: "lineNotFound", lineId: asked.lineId };
    const seen = receipt.get(asked.lineId);
    receipt.set(asked.lineId, {
      quantity: (seen?.quantity ?? 0) + asked.quantity,
      unitCost: asked.unitCost ?? seen?.unitCost ?? null,
      serials: [...(seen?.serials ?? []), ...(asked.serials ?? [])],
    });
  }
  const receiving = [...receipt]
    .filter(([, asked]) => asked.quantity > 0)
    .map(([lineId, asked]) => ({ line: byId.get(lineId) as PurchaseOrderLineEntity, ...asked }));
  if (receiving.length === 0) return { ok: false, reason: "nothingReceived" };
  const over = receiving.filter(
    ({ line, quantity }) => line.quantityReceived + quantity > line.quantityOrdered,
  );
  if (over.length > 0 && !input.allowOverReceipt) {
    return {
      ok: false,
      reason: "overReceipt",
      lines: over.map(({ line, quantity }) => ({
        lineId: line.id,
        productName: line.productName,
        sku: line.sku,
        ordered: line.quantityOrdered,
        received: line.quantityReceived,
        receiving: quantity,
      })),
    };
  }
  // The new unit costs, checked before anything is written: the order's amounts and the products'
  // purchase prices must fit their columns.
  const costs = new Map(receiving.map(({ line, unitCost }) => [line.id, unitCost ?? line.unitCost]));
  const after = lines.map((line) => ({
    unitCost: costs.get(line.id) ?? line.unitCost,
    quantity: line.quantityOrdered,
    vatRate: line.vatRate,
  }));
  if (!fitsColumns(after)) return { ok: false, reason: "tooLarge" };
  const productIds = [...new Set(receiving.map(({ line }) => (line.product as { id: number }).id))];

  // Serial-tracked products (issue #31): one valid, new serial per unit, all problems at once.
  const serialLines = await serialLinesOf(
    tx,
    [...receipt].map(([lineId, asked]) => ({ line: byId.get(lineId) as PurchaseOrderLineEntity, ...asked })),
  );
  const serialProblems = await receiptSerialProblems(tx, serialLines);
  if (serialProblems.length > 0) return { ok: false, reason: "serials", lines: serialProblems };
  // Into the order's delivery location (issue #32): its units and its stock.
  const locationId = (order.location as { id: number }).id;
  await recordReceivedSerials(
    tx,
    serialLines,
    { type: "purchase_order", id, number: order.orderNumber },
    userId,
    locationId,
  );

  const moved = await changeStock(
    tx,
    receiving.map(({ line, quantity }) => ({
      productId: (line.product as { id: number }).id,
      locationId,
      delta: quantity,
      reason: "receipt" as const,
      userId,
      reference: order.orderNumber,
    })),
  );
  if (!moved.ok) {
    const productId = moved.reason === "notFound" ? moved.productId : moved.product.id;
    return { ok: false, reason: "productNotFound", productId };
  }

  // Purchase prices: per product, the cost of its last line received now, when it differs from
  // what the product costs without VAT, read in the transaction that locked it for its movement.
  const lastCost = new Map<number, string>();
  for (const { line } of receiving)
    lastCost.set((line.product as { id: number }).id, costs.get(line.id) as string);
  const repriced: PurchasePriceChange[] = [];
  for (const productId of productIds.sort((a, b) => a - b)) {
    const product = (await getProduct(productId, tx)) as ProductRow;
    const cost = lastCost.get(productId) as string;
    if (toCents(cost) === toCents(netPurchasePrice(product))) continue;
    const purchasePrice = purchasePriceFromCost(cost, product);
    if (toCents(purchasePrice) > toCents(MAX_MONEY)) return { ok: false, reason: "tooLarge" };
    repriced.push({ id: productId, purchasePrice });
  }
  if (repriced.length > 0) {
    const changed = await changePurchasePrices(tx, repriced, userId, { source: "receipt" });
    if (!changed.ok) {
      // The products are locked by this transaction since their movements: nothing else can
      // have changed them, so this is a fault, not a user's mistake.
      throw new Error(`Receiving ${order.orderNumber}: a product's price was refused (${changed.reason})`);
    }
  }

  for (const { line, quantity } of receiving) {
    line.quantityReceived += quantity;
    const cost = costs.get(line.id) as string;
    if (toCents(cost) !== toCents(line.unitCost)) {
      line.unitCost = cost;
      line.lineTotal = fromCents(toCents(cost) * line.quantityOrdered);
    }
  }
  order.status = statusAfterReceipt(
    lines.map((line) => ({ ordered: line.quantityOrdered, received: line.quantityReceived })),
  );
  if (order.status === "received") order.receivedAt = new Date();
  Object.assign(order, totalsOf(after));
  await tx.flush();
  return { ok: true, order: (await getPurchaseOrder(id, tx)) as PurchaseOrderRow };
}

/** A receipt's lines with their products' tracking, as the serial checks read them. */
async function serialLinesOf(
  tx: EntityManager,
  lines: { line: PurchaseOrderLineEntity; quantity: number; serials: string[] }[],
): Promise<SerialLine[]> {
  const productIds = [...new Set(lines.map(({ line }) => (line.product as { id: number }).id))];
  const { rows } = await namedSql<{ id: number; tracking: TrackingMode }>(
    tx,
    "select id, tracking from product where id = any(:ids::int[])",
    { ids: productIds },
  );
  const tracking = new Map(rows.map((row) => [row.id, row.tracking]));
  return lines.map(({ line, quantity, serials }) => {
    const productId = (line.product as { id: number }).id;
    return {
      lineId: line.id,
      productId,
      productName: line.productName,
      sku: line.sku,
      tracking: tracking.get(productId) ?? "none",
      quantity,
      serials,
    };
  });
}

export type ReorderLine = { productId: number; quantity: number };
export type CreatedDraft = {
  id: number;
  number: string;
  supplierId: number;
  supplierName: string;
  lines: number;
};

/**
 * Draft purchase orders from the reorder list, in the caller's transaction: the lines grouped by
 * each product's supplier into one draft per supplier (by supplier name), each line at the
 * product's purchase price without VAT, expected after the supplier's lead time. A product named
 * twice is one line of the sum. Refused as a whole (nothing written) when a product does not exist
 * or a quantity is not a whole number from 1 to 100 000.
 */
export async function createDraftsFromReorder(
  tx: EntityManager,
  lines: ReorderLine[],
  userId: number | null,
): Promise<
  | { ok: true; orders: CreatedDraft[] }
  | { ok: false; reason: "noLines" | "quantity" }
  | { ok: false; reason: "productNotFound"; productId: number }
> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.productId) || line.productId <= 0)
      return { ok: false, reason: "productNotFound", productId: line.productId };
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 100_000)
      return { ok: false, reason: "quantity" };
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return { ok: false, reason: "noLines" };
  if ([...wanted.values()].some((quantity) => quantity > 100_000)) return { ok: false, reason: "quantity" };
  const rows = await tx.execute<{ id: number; supplier_id: number; name: string; lead_time_days: number }[]>(
    `select p.id, p.supplier_id, s.name, s.lead_time_days
       from product p join supplier s on s.id = p.supplier_id
      where p.id in (?) for key share of s`,
    [[...wanted.keys()]],
  );
  const supplierOf = new Map(rows.map((row) => [row.id, row]));
  const missing = [...wanted.keys()].find((id) => !supplierOf.has(id));
  if (missing !== undefined) return { ok: false, reason: "productNotFound", productId: missing };
  const priced = await priceLines(
    tx,
    [...wanted].map(([productId, quantity]) => ({ productId, quantity, unitCost: null })),
  );
  if (!priced.ok) {
    return priced.reason === "productNotFound"
      ? { ok: false, reason: "productNotFound", productId: priced.productId }
      : { ok: false, reason: "quantity" };
  }
  const groups = new Map<number, Draft>();
  for (const line of priced.lines) {
    const row = supplierOf.get(line.productId) as (typeof rows)[number];
    const group = groups.get(row.supplier_id) ?? {
      supplier: { id: row.supplier_id, name: row.name, leadTimeDays: row.lead_time_days },
      expectedDate: null,
      note: null,
      lines: [],
    };
    group.lines.push(line);
    groups.set(row.supplier_id, group);
  }
  const drafts = [...groups.values()].sort(
    (a, b) => a.supplier.name.localeCompare(b.supplier.name) || a.supplier.id - b.supplier.id,
  );
  if (drafts.some((draft) => !fitsColumns(draft.lines))) return { ok: false, reason: "quantity" };
  const orders = await insertDrafts(tx, drafts, userId);
  return {
    ok: true,
    orders: orders.map((order, i) => ({
      id: order.id,
      number: order.orderNumber,
      supplierId: drafts[i].supplier.id,
      supplierName: drafts[i].supplier.name,
      lines: drafts[i].lines.length,
    })),
  };
}

/**
 * Units on their way, as SQL: the one rule of "on order", for openPurchaseQuantities and the
 * reorder list. A relation of (product_id, on_order): for each product on a sent or partly received
 * purchase order, what those orders ordered and have not yet received (a line received in full or
 * more counts 0), or with `byLocation` for each product and the location the orders receive into.
 * Drafts, received (or closed) and cancelled orders count nothing; a product on no
 * open order has no row (its on order is 0). Joined rather than asked per product, so a list of
 * thousands of products aggregates the few open orders once.
 */
export function onOrderSql(options: { byLocation?: boolean } = {}): string {
  const statuses = OPEN_STATUSES.map((status) => `'${status}'`).join(", ");
  // By location (issue #32): (product_id, location_id, on_order), what is coming into each place.
  const place = options.byLocation ? "o.location_id, " : "";
  return `select l.product_id, ${place}sum(greatest(l.quantity_ordered - l.quantity_received, 0))::int as on_order
      from purchase_order_line l join purchase_order o on o.id = l.purchase_order_id
      where o.status in (${statuses})
      group by l.product_id${options.byLocation ? ", o.location_id" : ""}`;
}

/** Units on order of each product asked for (0 when none). */
export async function openPurchaseQuantities(
  tx: EntityManager,
  productIds: number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  const open = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return open;
  const rows = await tx.execute<{ id: number; open: number }[]>(
    `select product_id as id, on_order as open from (${onOrderSql()}) on_order where product_id in (?)`,
    [ids],
  );
  for (const row of rows) open.set(row.id, row.open);
  return open;
}

// ---------------------------------------------------------------------------------------------
// Reads

const day = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
const moment = (value: Date | string | null | undefined) => (value ? toIso(value) : null);

/** One purchase order with its supplier, lines and amounts. */
export async function getPurchaseOrder(
  id: number,
  db: EntityManager = em(),
): Promise<PurchaseOrderRow | null> {
  const [order] = await db.execute<
    {
      id: number;
      order_number: string;
      status: PurchaseOrderStatus;
      expected_date: Date | string;
      note: string | null;
      subtotal: string;
      tax_amount: string;
      total_amount: string;
      created_at: Date | string;
      sent_at: Date | string | null;
      sent_to: string | null;
      received_at: Date | string | null;
      closed_at: Date | string | null;
      cancelled_at: Date | string | null;
      version: number;
      supplier_id: number;
      supplier_name: string;
      contact_name: string | null;
      supplier_email: string | null;
      supplier_phone: string | null;
      created_by: string | null;
      email_status: (typeof EMAIL_STATUSES)[number] | null;
      location_id: number;
      location_name: string;
      location_address: string | null;
    }[]
  >(
    `select o.id, o.order_number, o.status, o.expected_date::text as expected_date, o.note,
            o.subtotal::text as subtotal, o.tax_amount::text as tax_amount, o.total_amount::text as total_amount,
            o.created_at, o.sent_at, o.sent_to, o.received_at, o.closed_at, o.cancelled_at, o.version,
            s.id as supplier_id, s.name as supplier_name, s.contact_name, s.email as supplier_email,
            s.phone as supplier_phone,
            ${fullNameSql("u")} as created_by,
            m.status as email_status,
            l.id as location_id, l.name as location_name, l.address as location_address
       from purchase_order o
       join supplier s on s.id = o.supplier_id
       join location l on l.id = o.location_id
       left join "user" u on u.id = o.created_by_id
       left join email_outbox m on m.id = o.email_id
      where o.id = ?`,
    [id],
  );
  if (!order) return null;
  const lines = await db.execute<
    {
      id: number;
      product_id: number;
      product_name: string;
      sku: string;
      quantity_ordered: number;
      quantity_received: number;
      unit_cost: string;
      vat_rate: string;
      line_total: string;
      tracking: TrackingMode;
    }[]
  >(
    `select l.id, l.product_id, l.product_name, l.sku, l.quantity_ordered, l.quantity_received,
            l.unit_cost::text as unit_cost, l.vat_rate::text as vat_rate, l.line_total::text as line_total,
            p.tracking
       from purchase_order_line l join product p on p.id = l.product_id
      where l.purchase_order_id = ? order by l.position, l.id`,
    [id],
  );
  const amounts = purchaseAmounts(
    lines.map((line) => ({
      unitCost: line.unit_cost,
      quantity: line.quantity_ordered,
      vatRate: line.vat_rate,
    })),
  );
  return {
    id: order.id,
    number: order.order_number,
    status: order.status,
    supplier: {
      id: order.supplier_id,
      name: order.supplier_name,
      contactName: order.contact_name,
      email: order.supplier_email,
      phone: order.supplier_phone,
    },
    expectedDate: day(order.expected_date),
    note: order.note,
    location: { id: order.location_id, name: order.location_name, address: order.location_address },
    subtotal: order.subtotal,
    taxAmount: order.tax_amount,
    totalAmount: order.total_amount,
    vatBreakdown: amounts.vatBreakdown,
    createdBy: order.created_by,
    createdAt: toIso(order.created_at),
    sentAt: moment(order.sent_at),
    sentTo: order.sent_to,
    emailStatus: order.email_status,
    receivedAt: moment(order.received_at),
    closedAt: moment(order.closed_at),
    cancelledAt: moment(order.cancelled_at),
    version: order.version,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      productName: line.product_name,
      sku: line.sku,
      quantityOrdered: line.quantity_ordered,
      quantityReceived: line.quantity_received,
      unitCost: line.unit_cost,
      vatRate: line.vat_rate,
      lineTotal: line.line_total,
      tracking: line.tracking,
    })),
  };
}

export type PurchaseOrderFilters = {
  status?: PurchaseOrderStatus | null;
  supplierId?: number | null;
  /** delivered into this location (issue #32) */
  locationId?: number | null;
  /** text in the order's number or its supplier's name */
  search?: string | null;
  limit: number;
  offset: number;
};

/**
 * A purchase order in the list, as the page reads it and /api answers it. Its type is the schema that
 * documents the answer (response-schemas.ts).
 */
export type PurchaseOrderListRow = z.output<typeof purchaseOrderListRowAnswer>;

/** The list's query: newest first, filtered, a page at a time (the page's and the API's one query). */
function purchaseOrderListQuery(filters: PurchaseOrderFilters, db: EntityManager) {
  const query = db.createQueryBuilder(PurchaseOrder, "o").join("o.supplier", "s").join("o.location", "l");
  if (filters.status) query.andWhere({ status: filters.status });
  if (filters.supplierId) query.andWhere({ supplier: filters.supplierId });
  if (filters.locationId) query.andWhere({ location: filters.locationId });
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query.andWhere("(o.order_number ilike ? or s.name ilike ?)", [pattern, pattern]);
  }
  return query;
}

/** A page of purchase orders, newest first, and how many match. */
export async function listPurchaseOrders(
  filters: PurchaseOrderFilters,
  db: EntityManager = em(),
): Promise<{ rows: PurchaseOrderListRow[]; total: number }> {
  const query = purchaseOrderListQuery(filters, db);
  const [total, rows] = await Promise.all([
    query.clone().getCount(),
    query
      .clone()
      .select([
        "o.id",
        "o.orderNumber",
        "o.status",
        raw("o.expected_date::text as expected_date"),
        raw("o.subtotal::text as subtotal"),
        raw("o.total_amount::text as total_amount"),
        "o.createdAt",
      ])
      .addSelect([
        "s.id as supplier_id",
        "s.name as supplier_name",
        "l.id as location_id",
        "l.name as location_name",
      ])
      .orderBy({ createdAt: "desc", id: "desc" })
      .limit(filters.limit)
      .offset(filters.offset)
      .execute<Record<string, unknown>[]>("all", false),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id as number,
      number: row.order_number as string,
      status: row.status as PurchaseOrderStatus,
      supplierId: row.supplier_id as number,
      supplierName: row.supplier_name as string,
      locationId: row.location_id as number,
      locationName: row.location_name as string,
      expectedDate: day(row.expected_date),
      subtotal: row.subtotal as string,
      totalAmount: row.total_amount as string,
      createdAt: toIso(row.created_at as Date | string),
    })),
  };
}
