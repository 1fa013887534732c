import { type InferEntity, LockMode, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/utils/db.server";
import { toIso } from "~/utils/sql.server";
import { Customer } from "./customer.entity";
import type { CustomerInput } from "./customer-schema";

export type CustomerRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  company: string | null;
  vatNumber: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  customerType: string;
  vipStatus: boolean;
  discountPercentage: string;
  creditLimit: string;
  notes: string | null;
  totalOrders: number;
  totalSpent: string;
  createdAt: string;
  version: number;
};

const COLUMNS = `id, first_name, last_name, email, phone, company, vat_number, address, city, postal_code, country,
  customer_type, vip_status, discount_percentage, credit_limit, notes, total_orders, total_spent, created_at, version`;

type Row = Record<string, unknown>;

function toCustomer(r: Row): CustomerRow {
  return {
    id: r.id as number,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    email: r.email as string,
    phone: r.phone as string | null,
    company: r.company as string | null,
    vatNumber: r.vat_number as string | null,
    address: r.address as string | null,
    city: r.city as string | null,
    postalCode: r.postal_code as string | null,
    country: r.country as string | null,
    customerType: r.customer_type as string,
    vipStatus: r.vip_status as boolean,
    discountPercentage: r.discount_percentage as string,
    creditLimit: r.credit_limit as string,
    notes: r.notes as string | null,
    totalOrders: r.total_orders as number,
    totalSpent: r.total_spent as string,
    createdAt: toIso(r.created_at as string),
    version: r.version as number,
  };
}

/** Customers by name, optionally searched by name or email. */
export async function listCustomers(search?: string | null): Promise<CustomerRow[]> {
  const term = search?.trim();
  const rows = await em().execute<Row[]>(
    `select ${COLUMNS} from customer
     ${term ? "where (first_name || ' ' || last_name) ilike ? or email ilike ?" : ""}
     order by lower(last_name), lower(first_name), id limit 1000`,
    term ? Array(2).fill(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : [],
  );
  return rows.map(toCustomer);
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
  const [row] = await tx.execute<Row[]>(`select ${COLUMNS} from customer where id = ?`, [id]);
  return row ? toCustomer(row) : null;
}

export type CustomerResult =
  | { ok: true; customer: CustomerRow }
  | { ok: false; reason: "emailTaken" | "notFound" | "stale" };

type CustomerEntity = InferEntity<typeof Customer>;

/** The input on the entity. An individual has no company or VAT number. */
function assignInput(tx: EntityManager, customer: CustomerEntity, input: CustomerInput) {
  const business = input.customerType === "business";
  tx.assign(customer, {
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
  });
}

/** Whether another customer (not `exceptId`) has this e-mail address, in any letter case. */
export async function customerEmailInUse(email: string, exceptId = 0, tx: EntityManager = em()) {
  const rows = await tx.execute<unknown[]>(
    "select 1 from customer where lower(email) = lower(?) and id <> ?",
    [email, exceptId],
  );
  return rows.length > 0;
}

/**
 * The customer aggregate's write path, as the product's (docs/data-layer.md): a unit of work of the
 * ORM in one transaction; a change locks its row and is refused as stale when it names a version
 * the customer no longer has.
 */
export async function createCustomer(input: CustomerInput): Promise<CustomerResult> {
  return em().transactional(async (tx) => {
    if (await customerEmailInUse(input.email, 0, tx)) return { ok: false, reason: "emailTaken" } as const;
    const customer = tx.create(Customer, {} as never) as CustomerEntity;
    assignInput(tx, customer, input);
    try {
      await tx.flush();
    } catch (error) {
      // Another request took the address between the check and the write.
      if (error instanceof UniqueConstraintViolationException)
        return { ok: false, reason: "emailTaken" } as const;
      throw error;
    }
    return { ok: true, customer: (await getCustomer(customer.id, tx)) as CustomerRow } as const;
  });
}

export async function updateCustomer(id: number, input: CustomerInput): Promise<CustomerResult> {
  return em().transactional(async (tx) => {
    const customer = (await tx.findOne(Customer, id, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    })) as CustomerEntity | null;
    if (!customer) return { ok: false, reason: "notFound" } as const;
    if (input.version && input.version !== customer.version) return { ok: false, reason: "stale" } as const;
    if (await customerEmailInUse(input.email, id, tx)) return { ok: false, reason: "emailTaken" } as const;
    assignInput(tx, customer, input);
    await tx.flush();
    return { ok: true, customer: (await getCustomer(id, tx)) as CustomerRow } as const;
  });
}

export async function deleteCustomer(id: number): Promise<boolean> {
  const rows = await em().execute<unknown[]>("delete from customer where id = ? returning id", [id]);
  return rows.length > 0;
}
