import { type InferEntity, raw, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { containsPattern } from "~/infra/sql.server";
import type { customerAnswer } from "~/models/api-doc/response-schemas";
import { deleteRecord, lockEachForChange, lockForChange } from "~/models/locked.server";
import { marginUnderSql } from "~/models/margin.server";
import { fromCents, toCents } from "~/models/money";
import {
  type BelowCostConfirmation,
  type BelowCostFinding,
  type BelowCostGuard,
  type BelowCostRefusal,
  guardedRefusal,
  UNGUARDED,
} from "~/models/price/below-cost";
import { recordBelowCost } from "~/models/price/below-cost.server";
import { Customer, customerNameSearchText } from "./customer.entity";
import type { CustomerInput } from "./customer-schema";

/**
 * A customer as the pages read them and /api answers them. Its type is the schema that documents the
 * answer (response-schemas.ts).
 */
export type CustomerRow = z.output<typeof customerAnswer>;

/** The fields a person edits on a customer; an import compares them, in this order, to list its changes. */
export const CUSTOMER_EDITABLE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "vatNumber",
  "address",
  "city",
  "postalCode",
  "country",
  "customerType",
  "vipStatus",
  "discountPercentage",
  "creditLimit",
  "notes",
] as const;

// What the list and the form show: every column but updatedAt.
const FIELDS = [
  "id",
  ...CUSTOMER_EDITABLE_FIELDS,
  "totalOrders",
  "totalSpent",
  "createdAt",
  "version",
] as const;

type CustomerEntity = InferEntity<typeof Customer>;
type CustomerData = Pick<CustomerEntity, (typeof FIELDS)[number]>;

function toCustomer(c: CustomerData): CustomerRow {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? null,
    company: c.company ?? null,
    vatNumber: c.vatNumber ?? null,
    address: c.address ?? null,
    city: c.city ?? null,
    postalCode: c.postalCode ?? null,
    country: c.country ?? null,
    // Written only through customer-schema.ts (its CUSTOMER_TYPES; the column's default is "retail").
    customerType: c.customerType as CustomerRow["customerType"],
    vipStatus: c.vipStatus,
    discountPercentage: c.discountPercentage,
    creditLimit: c.creditLimit,
    notes: c.notes ?? null,
    totalOrders: c.totalOrders,
    totalSpent: c.totalSpent,
    createdAt: c.createdAt.toISOString(),
    version: c.version,
  };
}

/** The customer's columns as plain data (never an entity), through `db`. */
function customerQuery(db: EntityManager) {
  return db.createQueryBuilder(Customer, "c").select([...FIELDS]);
}

/**
 * The customers list's query, as the page and the API run it: by name, optionally searched by
 * name or email (trigram indexes serve both), at most 1,000 rows.
 */
export function customerListQuery(search?: string | null, db: EntityManager = em()) {
  const qb = customerQuery(db)
    .orderBy([{ [raw("lower(c.last_name)")]: "asc" }, { [raw("lower(c.first_name)")]: "asc" }, { id: "asc" }])
    .limit(1000);
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    qb.where(`${customerNameSearchText("c")} ilike ? or c.email ilike ?`, [pattern, pattern]);
  }
  return qb;
}

/** Customers by name, optionally searched by name or email; at most `limit` (1,000). */
export async function listCustomers(
  search?: string | null,
  limit?: number,
  db: EntityManager = em(),
): Promise<CustomerRow[]> {
  const query = customerListQuery(search, db);
  if (limit) query.limit(limit);
  return (await query.execute<CustomerData[]>()).map(toCustomer);
}

/**
 * Every customer in the list's order (by last name, first name, id), a page at a time (keyset
 * paging on the list's index): the export reads it, so a file of 100,000 customers holds a page.
 */
export async function* customerPages(
  pageSize = 1000,
  db: EntityManager = em(),
): AsyncGenerator<CustomerRow[]> {
  let after: CustomerData | null = null;
  for (;;) {
    const query = customerQuery(db)
      .orderBy([
        { [raw("lower(c.last_name)")]: "asc" },
        { [raw("lower(c.first_name)")]: "asc" },
        { id: "asc" },
      ])
      .limit(pageSize);
    if (after)
      query.where("(lower(c.last_name), lower(c.first_name), c.id) > (lower(?), lower(?), ?)", [
        after.lastName,
        after.firstName,
        after.id,
      ]);
    const rows: CustomerData[] = await query.execute<CustomerData[]>();
    if (rows.length === 0) return;
    yield rows.map(toCustomer);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}

/** The customers with these e-mail addresses (stored in lower case), by the unique index. */
export async function findCustomersByEmails(
  emails: string[],
  db: EntityManager = em(),
): Promise<CustomerRow[]> {
  if (emails.length === 0) return [];
  const rows = await customerQuery(db)
    .where({ email: { $in: emails.map((email) => email.toLowerCase()) } })
    .execute<CustomerData[]>();
  return rows.map(toCustomer);
}

/** The customer with this e-mail (stored in lower case), if any. */
export async function findCustomerByEmail(
  email: string,
  db: EntityManager = em(),
): Promise<CustomerRow | null> {
  const row = await customerQuery(db)
    .where({ email: email.toLowerCase() })
    .execute<CustomerData | null>("get");
  return row ? toCustomer(row) : null;
}

export type CustomerSummary = { total: number; vip: number; business: number; countries: number };

export async function summarizeCustomers(): Promise<CustomerSummary> {
  const [row] = await em().execute<CustomerSummary[]>(
    `select count(*)::int as total, (count(*) filter (where vip_status))::int as vip,
       (count(*) filter (where customer_type = 'business'))::int as business,
       (count(distinct lower(nullif(trim(country), ''))))::int as countries
     from customer`,
  );
  return row;
}

export async function getCustomer(id: number, tx: EntityManager = em()): Promise<CustomerRow | null> {
  const row = await customerQuery(tx).where({ id }).execute<CustomerData | null>("get");
  return row ? toCustomer(row) : null;
}

export type CustomerFigures = {
  /** Not cancelled and not yet paid, as the credit limit counts it. */
  openAmount: string;
  /** Over confirmed, shipped and delivered orders: what the lines earned above their purchase price. */
  marginEarned: string;
};

/**
 * The customer page's figures from their orders, in one query. A line's net is its unit price
 * less the order's discount, without VAT (the lines keep the purchase price without VAT); the
 * sum stays exact in numeric and is rounded to cents once, at the end.
 */
export async function customerFigures(
  customerId: number,
  db: EntityManager = em(),
): Promise<CustomerFigures> {
  const [row] = await db.execute<{ open_amount: string; margin_earned: string }[]>(
    `select
       round(coalesce((select sum(o.total_amount) from sales_order o
         where o.customer_id = ? and o.status <> 'cancelled' and o.payment_status = 'pending'), 0), 2)::text
         as open_amount,
       round(coalesce((select sum(
           (i.unit_price * (1 - o.discount_percent / 100) / (1 + i.vat_rate / 100) - i.purchase_price)
           * i.quantity)
         from sales_order o join sales_order_item i on i.order_id = o.id
         where o.customer_id = ? and o.status in ('confirmed', 'shipped', 'delivered')), 0), 2)::text
         as margin_earned`,
    [customerId, customerId],
  );
  return { openAmount: row.open_amount, marginEarned: row.margin_earned };
}

/** The below-cost guard's refusal of a customer's discount, with how many products it puts below cost. */
export type DiscountBelowCost = BelowCostRefusal & { products: number };

export type CustomerResult =
  | { ok: true; customer: CustomerRow }
  | { ok: false; reason: "emailTaken" | "notFound" | "stale" }
  | DiscountBelowCost;

/** A refusal of a batch of writes: which of them (its index) and why. */
export type CustomersRefused =
  | { ok: false; index: number; reason: "emailTaken" | "notFound" | "stale" }
  | (DiscountBelowCost & { index: number });

/** How many active products a discount (percent) sells under their net cost: those whose margin is under it. */
export async function productsBelowCostAt(discount: string, tx: EntityManager = em()): Promise<number> {
  if (toCents(discount) <= 0) return 0;
  const [row] = await tx.execute<{ n: number }[]>(
    `select count(*)::int as n from product where status = 'active' and ${marginUnderSql("?::numeric")}`,
    [discount],
  );
  return row?.n ?? 0;
}

/**
 * The below-cost guard on customers' discounts (below-cost.ts): a discount set or raised (`before`
 * the discount it had, null for a new customer) that sells an active product under its net cost
 * is one finding per customer. One query per distinct discount.
 */
async function discountFindings(
  tx: EntityManager,
  writes: { input: CustomerInput; before: string | null }[],
): Promise<{ index: number; finding: BelowCostFinding; products: number }[]> {
  const counts = new Map<string, number>();
  const found: { index: number; finding: BelowCostFinding; products: number }[] = [];
  for (const [index, { input, before }] of writes.entries()) {
    const discount = input.discountPercentage;
    if (toCents(discount) <= 0 || (before !== null && toCents(discount) <= toCents(before))) continue;
    const key = fromCents(toCents(discount));
    if (!counts.has(key)) counts.set(key, await productsBelowCostAt(key, tx));
    const products = counts.get(key) ?? 0;
    if (products === 0) continue;
    found.push({
      index,
      products,
      finding: {
        productId: null,
        label: `${input.firstName} ${input.lastName}`.trim() || input.email,
        price: null,
        cost: null,
        margin: null,
        discountPercent: key,
      },
    });
  }
  return found;
}

/** The guard's refusal of a batch's discounts, naming the first customer refused. */
function discountRefusal(
  found: Awaited<ReturnType<typeof discountFindings>>,
  guard: BelowCostGuard,
): (DiscountBelowCost & { ok: false; index: number }) | null {
  const refused = guardedRefusal(
    found.map((f) => f.finding),
    guard,
  );
  return refused ? { ...refused, index: found[0].index, products: found[0].products } : null;
}

/** The fields of the customer as they are stored: an individual has no company or VAT number. */
export function storedCustomerFields(input: CustomerInput) {
  const business = input.customerType === "business";
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    company: business ? input.company : null,
    vatNumber: business ? input.vatNumber : null,
    address: input.address,
    city: input.city,
    postalCode: input.postalCode,
    country: input.country,
    customerType: input.customerType,
    vipStatus: input.vipStatus,
    discountPercentage: input.discountPercentage,
    creditLimit: input.creditLimit,
    notes: input.notes,
  };
}

/** Whether another customer (not `exceptId`) has this e-mail address, in any letter case. */
export async function customerEmailInUse(email: string, exceptId = 0, tx: EntityManager = em()) {
  const where = { [raw("lower(email)")]: raw("lower(?)", [email]), id: { $ne: exceptId } };
  return (await tx.count(Customer, where)) > 0;
}

/**
 * The index of the first write whose e-mail address another customer has (in any letter case),
 * or an earlier write of the batch: one query for the batch.
 */
async function firstEmailTaken(tx: EntityManager, writes: { id: number; email: string }[]) {
  const owners = new Map<string, number>();
  const emails = [...new Set(writes.map((w) => w.email.toLowerCase()))];
  for (let i = 0; i < emails.length; i += 5000) {
    const rows = await tx.execute<{ id: number; email: string }[]>(
      "select id, lower(email) as email from customer where lower(email) in (?)",
      [emails.slice(i, i + 5000)],
    );
    for (const row of rows) owners.set(row.email, row.id);
  }
  return writes.findIndex((write) => {
    const email = write.email.toLowerCase();
    const owner = owners.get(email);
    owners.set(email, write.id || -1);
    return owner !== undefined && owner !== write.id;
  });
}

/**
 * The customer aggregate's write path, as the product's (docs/data-layer.md): a unit of work of
 * the ORM in the caller's transaction. Creates the customers, refused when an address is taken
 * (by a customer or by an earlier one of the batch), or when a discount sells a product under
 * its net cost without an admin's or a manager's `confirmation` (recorded per customer; the
 * seeders pass `UNGUARDED`); one flush for the batch.
 */
export async function insertCustomers(
  tx: EntityManager,
  inputs: CustomerInput[],
  confirmation: BelowCostGuard,
): Promise<{ ok: true; ids: number[] } | CustomersRefused> {
  const taken = await firstEmailTaken(
    tx,
    inputs.map((input) => ({ id: 0, email: input.email })),
  );
  if (taken >= 0) return { ok: false, index: taken, reason: "emailTaken" };
  const found =
    confirmation === UNGUARDED
      ? []
      : await discountFindings(
          tx,
          inputs.map((input) => ({ input, before: null })),
        );
  const belowCost = discountRefusal(found, confirmation);
  if (belowCost) return belowCost;
  const customers = inputs.map((input) => tx.create(Customer, storedCustomerFields(input)));
  await tx.flush();
  await recordDiscounts(tx, found, (index) => customers[index].id, confirmation);
  return { ok: true, ids: customers.map((c) => c.id) };
}

/**
 * Changes customers in the caller's transaction: each row locked (in id order, as every writer
 * locks them), refused as stale when the write names a version the customer no longer has, or
 * when its e-mail address is another customer's, or when a discount raised sells a product under
 * its net cost without an admin's or a manager's `confirmation`; one flush for the batch (the ORM
 * raises each changed customer's version).
 */
export async function changeCustomers(
  tx: EntityManager,
  changes: { id: number; input: CustomerInput }[],
  confirmation: BelowCostGuard,
): Promise<{ ok: true } | CustomersRefused> {
  const locked = await lockEachForChange(
    tx,
    Customer,
    changes.map(({ id, input }) => ({ id, version: input.version })),
  );
  if (!locked.ok) return locked;
  const taken = await firstEmailTaken(
    tx,
    changes.map(({ id, input }) => ({ id, email: input.email })),
  );
  if (taken >= 0) return { ok: false, index: taken, reason: "emailTaken" };
  const found =
    confirmation === UNGUARDED
      ? []
      : await discountFindings(
          tx,
          changes.map(({ id, input }) => ({
            input,
            before: locked.byId.get(id)?.discountPercentage ?? null,
          })),
        );
  const belowCost = discountRefusal(found, confirmation);
  if (belowCost) return belowCost;
  for (const { id, input } of changes) {
    const customer = locked.byId.get(id);
    if (customer) tx.assign(customer, storedCustomerFields(input));
  }
  await tx.flush();
  await recordDiscounts(tx, found, (index) => changes[index].id, confirmation);
  return { ok: true };
}

/** The confirmed discounts below cost, a row per customer (below_cost_approval, subject customer). */
async function recordDiscounts(
  tx: EntityManager,
  found: Awaited<ReturnType<typeof discountFindings>>,
  idOf: (index: number) => number,
  confirmation: BelowCostGuard,
) {
  if (confirmation === UNGUARDED) return;
  for (const { index, finding } of found)
    await recordBelowCost(tx, "customer", idOf(index), [finding], confirmation);
}

/**
 * Creates one customer in a transaction of its own (the form, the API); a discount below cost needs
 * an admin's or a manager's `confirmation`.
 */
export async function createCustomer(
  input: CustomerInput,
  confirmation: BelowCostConfirmation | null = null,
): Promise<CustomerResult> {
  return em().transactional(async (tx) => {
    const created = await insertCustomers(tx, [input], confirmation).catch((error) => {
      // Another request took the address between the check and the write.
      if (error instanceof UniqueConstraintViolationException)
        return { ok: false, reason: "emailTaken" } as const;
      throw error;
    });
    if (!created.ok) return withoutIndex(created);
    return { ok: true, customer: (await getCustomer(created.ids[0], tx)) as CustomerRow } as const;
  });
}

/** A batch's refusal of its one write. */
function withoutIndex(refused: CustomersRefused | { ok: false; reason: "emailTaken" }): CustomerResult {
  if (!("index" in refused)) return refused;
  const { index: _, ...rest } = refused;
  return rest;
}

/**
 * Changes one customer in a transaction of its own (the form, the API); a discount raised below
 * cost needs an admin's or a manager's `confirmation`.
 */
export async function updateCustomer(
  id: number,
  input: CustomerInput,
  confirmation: BelowCostConfirmation | null = null,
): Promise<CustomerResult> {
  return em().transactional(async (tx) => {
    const changed = await changeCustomers(tx, [{ id, input }], confirmation);
    if (!changed.ok) return withoutIndex(changed);
    return { ok: true, customer: (await getCustomer(id, tx)) as CustomerRow } as const;
  });
}

/**
 * The customer's kept totals (their number of orders and what they spent) follow their orders, in
 * the caller's transaction: an order confirmed adds to them (sign 1), a confirmed order cancelled
 * takes itself back (-1), never below zero. No customer (or one deleted since): nothing to keep.
 * Written by the caller's flush, with the order's move.
 */
export async function changeCustomerTotals(
  tx: EntityManager,
  customerId: number | null,
  orderTotal: string,
  sign: 1 | -1,
): Promise<void> {
  if (!customerId) return;
  const locked = await lockForChange(tx, Customer, customerId);
  if (!locked.ok) return;
  const customer = locked.entity;
  customer.totalOrders = Math.max(0, customer.totalOrders + sign);
  customer.totalSpent = fromCents(Math.max(0, toCents(customer.totalSpent) + sign * toCents(orderTotal)));
}

/**
 * A refund of a customer return (issue #31) in the caller's transaction: the customer's spending
 * lowers by the amount refunded, never below zero; their order count stays (the order still was).
 * The caller flushes.
 */
export async function lowerCustomerSpent(
  tx: EntityManager,
  customerId: number | null,
  refunded: string,
): Promise<void> {
  if (!customerId || toCents(refunded) <= 0) return;
  const locked = await lockForChange(tx, Customer, customerId);
  if (!locked.ok) return;
  const customer = locked.entity;
  customer.totalSpent = fromCents(Math.max(0, toCents(customer.totalSpent) - toCents(refunded)));
}

export async function deleteCustomer(id: number): Promise<boolean> {
  return deleteRecord(Customer, id);
}
