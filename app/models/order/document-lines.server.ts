import type { EntityManager, InferEntity } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { namedSql } from "~/infra/sql.server";
import { runningCampaignSql } from "~/models/campaign/campaign-price.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { Customer } from "~/models/customer/customer.entity";
import type { ExpectedVersion, LockRefusal } from "~/models/locked.server";
import { netPurchasePrice } from "~/models/margin";
import { fromCents, MAX_MONEY, toCents } from "~/models/money";
import type { BelowCostFinding, BelowCostGuard } from "~/models/price/below-cost";
import { guardedRefusal, UNGUARDED } from "~/models/price/below-cost";
import { recordBelowCost, unconfirmedFindings } from "~/models/price/below-cost.server";
import { Product } from "~/models/product/product.entity";
import type { SerialLineProblems } from "~/models/serial/serial.server";
import {
  type AmountLine,
  type DocumentAmounts,
  documentAmounts,
  HUNDRED_PERCENT,
  percent,
  share,
} from "./document-amounts";
import { canEditLines, canMove } from "./document-status";
import { type Quote, QuoteItem, type SalesOrder, SalesOrderItem } from "./order.entity";
import type { DocumentLineInput } from "./order-schema";

/**
 * What quotes and sales orders share in their writes: their lines priced (the campaign price on
 * the document's day, else the selling price; the customer's discount on the whole), the stored
 * totals from document-amounts.ts, the lines written, and the one change of a document's
 * customer, notes and lines (locked and version-checked through locked.server.ts). quote.server.ts
 * and order.server.ts hold what differs: a quote's validity, expiry and conversion; an order's
 * credit limit, approval, payment and stock.
 */

export type DocumentRefusal =
  | { reason: "notFound" | "stale" | "customerNotFound" | "locked" | "noLines" | "tooLarge" }
  /** an order's location (issue #32) that is no active location */
  | { reason: "locationNotFound"; locationId: number }
  | { reason: "productNotFound"; productId: number }
  | { reason: "illegalMove"; from: string; to: string }
  | {
      reason: "short";
      /** `stockLevel`: what the order's location holds (issue #32), named by `location` */
      product: {
        id: number;
        name: string;
        sku: string;
        stockLevel: number;
        wanted: number;
        location?: { id: number; name: string };
      };
    }
  | { reason: "creditLimit"; creditLimit: string; open: string }
  /** a shipment's serials (issue #31): every problem of every tracked line, each naming its serial */
  | { reason: "serials"; lines: SerialLineProblems[] }
  | { reason: "lineNotFound"; lineId: number }
  /** the below-cost guard's (below-cost.ts): lines sold under their net cost need a reason */
  | { reason: "belowCost" | "belowCostForbidden"; findings: BelowCostFinding[] };

export type Refused = { ok: false } & DocumentRefusal;
export type DocumentResult<T> = ({ ok: true } & T) | Refused;

type CustomerEntity = InferEntity<typeof Customer>;

/** A line as it is written: what it keeps of its product, and its price. */
export type PricedLine = {
  productId: number;
  productName: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  vatRate: string;
  purchasePrice: string;
};

/**
 * The lines priced on `day` (YYYY-MM-DD, the shop's): a price given is kept, otherwise a running
 * campaign's price that day (`runningCampaignSql`), otherwise the selling price.
 */
export async function priceLines(
  tx: EntityManager,
  lines: DocumentLineInput[],
  day: string,
): Promise<DocumentResult<{ lines: PricedLine[] }>> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return { ok: true, lines: [] };
  const products = await tx.find(Product, { id: { $in: ids } }, { disableIdentityMap: true });
  const byId = new Map(products.map((product) => [product.id, product]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) return { ok: false, reason: "productNotFound", productId: missing };
  const { rows: campaign } = await namedSql<{ product_id: number; price: string }>(
    tx,
    `select p.id as product_id, r.price::text as price
       from product p join lateral (${runningCampaignSql("p.id", ":day")}) r on true
      where p.id = any(:ids::int[])`,
    { day, ids },
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
      // What the line keeps: the purchase price without VAT.
      purchasePrice: netPurchasePrice(product),
    };
  });
  // What the document's columns hold: no total above MAX_MONEY (a huge quantity or price).
  const cents = priced.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
  if (cents > toCents(MAX_MONEY)) return { ok: false, reason: "tooLarge" };
  return { ok: true, lines: priced };
}

/** The amounts of lines (their prices include VAT) under the document's discount. */
export function amountsOf(
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

/**
 * The lines a document would sell under their net cost after the customer's discount (rule 5 of
 * document-amounts.ts), a line of no quantity aside: what the below-cost guard is asked about.
 * The price is the unit price charged, VAT included, after the discount.
 */
export function belowCostFindings(
  lines: Pick<PricedLine, "productId" | "productName" | "sku" | "unitPrice" | "quantity" | "purchasePrice">[],
  amounts: DocumentAmounts,
  discount: string,
): BelowCostFinding[] {
  const kept = HUNDRED_PERCENT - percent(discount, "discount");
  return lines.flatMap((line, i) =>
    amounts.lines[i]?.belowCost && line.quantity > 0
      ? [
          {
            productId: line.productId,
            label: `${line.productName} (${line.sku})`,
            price: fromCents(share(toCents(line.unitPrice), kept, HUNDRED_PERCENT)),
            cost: line.purchasePrice,
            margin: amounts.lines[i].margin,
          },
        ]
      : [],
  );
}

/** The document's stored figures from its lines. */
export function totalsOf(amounts: DocumentAmounts) {
  return {
    subtotal: amounts.subtotal,
    discountAmount: amounts.discountAmount,
    taxAmount: amounts.taxAmount,
    totalAmount: amounts.totalAmount,
  };
}

/** The document's customer, if it names one: `ok: false` when it names one that does not exist. */
export async function customerFor(
  tx: EntityManager,
  customerId: number | null,
): Promise<{ ok: true; customer: CustomerEntity | null } | { ok: false }> {
  if (customerId === null) return { ok: true, customer: null };
  const customer = await tx.findOne(Customer, customerId);
  return customer ? { ok: true, customer } : { ok: false };
}

/** The document whose lines are written: a quote or an order. */
export type LineOwner = { quote: InferEntity<typeof Quote> } | { order: InferEntity<typeof SalesOrder> };

/** A document's lines, added to the unit of work (written by the caller's flush). */
export function createLines(tx: EntityManager, owner: LineOwner, lines: PricedLine[]) {
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

/** The columns of a quote or an order that the shared writes read and change. */
type LinedDocument = {
  id: number;
  version: number;
  status: string;
  customer?: unknown;
  discountPercent: string;
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  totalAmount: string;
  notes?: string | null;
};

/** What the shared writes need to know of a kind of document; quote.server.ts and order.server.ts give theirs. */
export type LinedKind<D extends LinedDocument> = {
  kind: "quote" | "order";
  /** the document locked for a change (`lockForChange` of its entity) */
  lock: (
    tx: EntityManager,
    id: number,
    version: ExpectedVersion,
  ) => Promise<{ ok: true; entity: D } | { ok: false; reason: LockRefusal }>;
  /** when the document was made: its lines are priced on that day in the shop */
  madeAt: (document: D) => Date;
  /** the document as the owner of its lines */
  owner: (document: D) => LineOwner;
};

/** A change of a document's customer, notes and lines, as the forms and the API send it. */
export type LinesChange = {
  customerId: number | null;
  notes: string | null;
  lines: DocumentLineInput[];
  version: number | null;
};

/**
 * Changes a document whose lines may still be edited: its customer (and with them the discount),
 * notes and lines, re-priced on the document's day, and its stored totals; in the caller's
 * transaction. `refuse` is the kind's own refusal of the priced document (an order's credit
 * limit), `assign` what else the kind changes in the same write (a quote's validity). Lines sold
 * under cost that this document has not had confirmed are refused without an admin's or a
 * manager's `confirmation`, and recorded with it (below-cost.ts).
 */
export async function changeDocumentLines<D extends LinedDocument>(
  tx: EntityManager,
  documents: LinedKind<D>,
  id: number,
  input: LinesChange,
  rules: {
    refuse?: (customer: CustomerEntity | null, amounts: DocumentAmounts) => Promise<Refused | null>;
    assign?: (document: D) => void;
  } = {},
  confirmation: BelowCostGuard = null,
): Promise<DocumentResult<object>> {
  const locked = await documents.lock(tx, id, input.version);
  if (!locked.ok) return locked;
  const document = locked.entity;
  if (!canEditLines(documents.kind, document.status)) return { ok: false, reason: "locked" };
  const found = await customerFor(tx, input.customerId);
  if (!found.ok) return { ok: false, reason: "customerNotFound" };
  const priced = await priceLines(tx, input.lines, todayIn(SHOP_TIME_ZONE, documents.madeAt(document)));
  if (!priced.ok) return priced;
  const discount = found.customer?.discountPercentage ?? "0";
  const amounts = amountsOf(priced.lines, discount);
  // Lines confirmed on this document before (the same product at the same price) need no new reason.
  const findings =
    confirmation === UNGUARDED
      ? []
      : await unconfirmedFindings(tx, documents.kind, id, belowCostFindings(priced.lines, amounts, discount));
  const belowCost = guardedRefusal(findings, confirmation);
  if (belowCost) return belowCost;
  const refused = await rules.refuse?.(found.customer, amounts);
  if (refused) return refused;
  Object.assign(document, {
    customer: found.customer,
    notes: input.notes,
    discountPercent: discount,
    ...totalsOf(amounts),
  });
  rules.assign?.(document);
  await replaceLines(tx, documents.owner(document), priced.lines);
  await tx.flush();
  if (confirmation !== UNGUARDED) await recordBelowCost(tx, documents.kind, id, findings, confirmation);
  return { ok: true };
}

/**
 * The document locked for a move to `to` (a version named and not the document's: stale), or
 * refused as an illegal move when its kind's moves do not go from its status to `to`.
 */
export async function lockForMove<D extends LinedDocument>(
  tx: EntityManager,
  documents: LinedKind<D>,
  id: number,
  to: string,
  version: ExpectedVersion = null,
): Promise<{ ok: true; document: D } | Refused> {
  const locked = await documents.lock(tx, id, version);
  if (!locked.ok) return locked;
  const from = locked.entity.status;
  if (!canMove(documents.kind, from, to)) return { ok: false, reason: "illegalMove", from, to };
  return { ok: true, document: locked.entity };
}
