import { type EntityManager, raw } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { containsPattern } from "~/infra/sql.server";
import type { documentLineAnswer, quoteAnswer } from "~/models/api-doc/response-schemas";
import { customerNameSearchText } from "~/models/customer/customer.entity";
import type { CUSTOMER_TYPES } from "~/models/customer/customer-schema";
import { fromCents, toCents } from "~/models/money";
import { amountsOf } from "./document-lines.server";
import type { QuoteStatus } from "./document-status";
import { Quote, SalesOrder } from "./order.entity";

/**
 * What the pages and /api read of quotes and orders alike: the part of a document's row both
 * kinds have (getQuote and getOrder add their own), and the lists.
 */

/**
 * A quote's or an order's line, as the pages read it and /api answers it. Its type is the schema that
 * documents the answer (response-schemas.ts).
 */
export type DocumentLine = z.output<typeof documentLineAnswer>;

/** What quotes and orders answer alike (the schemas' shared fields). */
export type DocumentBase = Omit<z.output<typeof quoteAnswer>, "kind" | "status" | "validUntil" | "orderId">;

/** A line as the ORM reads it (its product a reference). */
export type LineRecord = {
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

/** The row of a quote or an order read with its customer and its lines, without what only one kind has. */
export function documentBase(
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
        // Text, written only from CUSTOMER_TYPES (the customer schema checks it).
        customerType: (typeof CUSTOMER_TYPES)[number];
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

export type DocumentFilters = {
  status?: string | null;
  customerId?: number | null;
  /** an order's location (issue #32); quotes have none */
  locationId?: number | null;
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
  locationId?: number;
  locationName?: string;
};

/**
 * The documents the filters keep, as the list counts them (`count`) and as it reads a page
 * (`page`, the customer and the location joined for their names). The count joins the customer
 * only when the search reads it: a left join it does not need kept PostgreSQL from counting from
 * an index (50,000 orders: 15 ms by reading the table, 6 ms from an index; other-list-plans test).
 */
export function documentListQueries(
  kind: "quote" | "order",
  filters: DocumentFilters,
  db: EntityManager = em(),
) {
  const quote = kind === "quote";
  const entity = quote ? Quote : SalesOrder;
  const dateColumn = quote ? "d.quote_date" : "d.order_date";
  const search = filters.search?.trim();
  const filtered = (withCustomer: boolean) => {
    const query = db.createQueryBuilder(entity as typeof Quote, "d");
    if (withCustomer) query.leftJoin("d.customer", "c");
    if (filters.status) query.andWhere({ status: filters.status as QuoteStatus });
    if (filters.customerId) query.andWhere({ customer: filters.customerId });
    if (!quote && filters.locationId) query.andWhere({ location: filters.locationId });
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
    return query;
  };
  const page = filtered(true);
  if (!quote) page.leftJoin("d.location", "l");
  return { count: filtered(Boolean(search)), page };
}

/** A page of quotes or orders, newest first, with the total: the lists' and the API's one query. */
export async function listDocuments(
  kind: "quote" | "order",
  filters: DocumentFilters,
  db: EntityManager = em(),
): Promise<{ rows: DocumentListRow[]; total: number }> {
  const quote = kind === "quote";
  const dateField = quote ? "quoteDate" : "orderDate";
  const { count, page: query } = documentListQueries(kind, filters, db);
  const total = await count.getCount();
  const rows = await query
    .select([
      "d.id",
      quote ? "d.quoteNumber" : "d.orderNumber",
      "d.status",
      `d.${dateField}`,
      "d.totalAmount",
      ...(quote ? ["d.validUntil"] : ["d.paymentStatus"]),
    ])
    .addSelect([
      "c.id as customer_id",
      raw("c.first_name || ' ' || c.last_name as customer_name"),
      ...(quote ? [] : ["l.id as location_id", "l.name as location_name"]),
    ])
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
        : {
            paymentStatus: row.payment_status as string,
            locationId: row.location_id as number,
            locationName: row.location_name as string,
          }),
    })),
  };
}
