import { em } from "~/utils/db.server";
import { toIso } from "~/utils/sql.server";
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

export async function getCustomer(id: number): Promise<CustomerRow | null> {
  const [row] = await em().execute<Row[]>(`select ${COLUMNS} from customer where id = ?`, [id]);
  return row ? toCustomer(row) : null;
}

export type CustomerResult =
  | { ok: true; customer: CustomerRow }
  | { ok: false; reason: "emailTaken" | "notFound" | "stale" };

const WRITE = [
  ["first_name", "firstName"],
  ["last_name", "lastName"],
  ["email", "email"],
  ["phone", "phone"],
  ["company", "company"],
  ["vat_number", "vatNumber"],
  ["address", "address"],
  ["city", "city"],
  ["postal_code", "postalCode"],
  ["country", "country"],
  ["customer_type", "customerType"],
  ["vip_status", "vipStatus"],
  ["discount_percentage", "discountPercentage"],
  ["credit_limit", "creditLimit"],
  ["notes", "notes"],
] as const;

function values(input: CustomerInput) {
  // An individual has no company or VAT number.
  const business = input.customerType === "business";
  return WRITE.map(([, key]) =>
    (key === "company" || key === "vatNumber") && !business ? null : input[key],
  );
}

/** Whether another customer (not `exceptId`) has this e-mail address, in any letter case. */
export async function customerEmailInUse(email: string, exceptId = 0) {
  const rows = await em().execute<unknown[]>(
    "select 1 from customer where lower(email) = lower(?) and id <> ?",
    [email, exceptId],
  );
  return rows.length > 0;
}

export async function createCustomer(input: CustomerInput): Promise<CustomerResult> {
  if (await customerEmailInUse(input.email)) return { ok: false, reason: "emailTaken" };
  const [row] = await em().execute<Row[]>(
    `insert into customer (${WRITE.map(([c]) => c).join(", ")}) values (${WRITE.map(() => "?").join(", ")})
     on conflict (email) do nothing returning ${COLUMNS}`,
    values(input),
  );
  return row ? { ok: true, customer: toCustomer(row) } : { ok: false, reason: "emailTaken" };
}

export async function updateCustomer(id: number, input: CustomerInput): Promise<CustomerResult> {
  if (await customerEmailInUse(input.email, id)) return { ok: false, reason: "emailTaken" };
  const [row] = await em().execute<Row[]>(
    `update customer set ${WRITE.map(([c]) => `${c} = ?`).join(", ")}, version = version + 1, updated_at = now()
     where id = ? and (?::int is null or version = ?) returning ${COLUMNS}`,
    [...values(input), id, input.version, input.version],
  );
  if (row) return { ok: true, customer: toCustomer(row) };
  return (await getCustomer(id)) ? { ok: false, reason: "stale" } : { ok: false, reason: "notFound" };
}

export async function deleteCustomer(id: number): Promise<boolean> {
  const rows = await em().execute<unknown[]>("delete from customer where id = ? returning id", [id]);
  return rows.length > 0;
}
