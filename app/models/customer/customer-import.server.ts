import type { EntityManager } from "@mikro-orm/postgresql";
import type { ImportChange, ImportRowError, ImportValue } from "~/models/import/import";
import type { CheckedRow, CustomerImportInput, ImportCheck } from "~/models/import/import-check";
import { type FileRow, readImportFile } from "~/models/import/read-file";
import { fromCents, toCents } from "~/models/money";
import {
  CUSTOMER_EDITABLE_FIELDS,
  type CustomerRow,
  findCustomersByEmails,
  productsBelowCostAt,
  storedCustomerFields,
} from "./customer.server";
import { customerSchema } from "./customer-schema";

/** The fields an update compares, in the order its changes are listed. */
const COMPARED = CUSTOMER_EDITABLE_FIELDS;

/**
 * An empty cell in these columns keeps the customer's value (a new customer gets the default): a
 * blank is no instruction to end a VIP status or zero a credit limit. Elsewhere an empty cell
 * clears an optional value (phone, address, notes) and is an error for a required one.
 */
const KEPT_WHEN_EMPTY = new Set(["customerType", "vipStatus", "discountPercentage", "creditLimit"]);

const REQUIRED = new Set([
  "validation.firstNameRequired",
  "validation.lastNameRequired",
  "validation.emailRequired",
]);

/** The schema's messages, worded for a cell of a file (what to fix there). */
const CELL_MESSAGES: Record<string, string> = {
  "validation.tooLong": "import:errors.row.tooLong",
  "customers:errors.type": "import:customers.errors.row.type",
};

const MAX_LENGTH: Record<string, number> = {
  firstName: 100,
  lastName: 100,
  email: 255,
  phone: 20,
  company: 200,
  vatNumber: 50,
  address: 1000,
  city: 100,
  postalCode: 20,
  country: 100,
  notes: 5000,
};

const LOOKUP_CHUNK = 5000;
/** Rows checked together: their customers are read in one query. */
const CHECK_BATCH = 2000;

type Stored = Omit<CustomerRow, "createdAt">;

/**
 * Checks a customer file against the customers and writes nothing: each row updates the customer
 * whose e-mail address it gives (any letter case), creates one, leaves it unchanged, or has errors
 * that say which column, which line and what to fix (a Finnish business's Y-tunnus is checked as
 * the form checks it). Columns the file lacks keep the customer's values; the order figures are
 * read past. Two rows with one address: the later one is an error. A file carries no reason for a
 * price below cost (below-cost.ts): a discount set or raised that sells an active product under
 * its net cost is the row's error, to be set on the customer's page with an admin's or a manager's
 * reason.
 */
export async function checkCustomerImport(
  text: string,
  db: EntityManager,
  batchSize: number = CHECK_BATCH,
): Promise<ImportCheck<CustomerImportInput>> {
  const file = readImportFile(text, "customers");
  if (!file.ok) return file;
  const present = new Set(file.columns);
  const emailLines = new Map<string, number>();
  const all = file.rows;
  const belowCostAt = new Map<string, number>();
  const belowCost = async (discount: string) => {
    if (!belowCostAt.has(discount)) belowCostAt.set(discount, await productsBelowCostAt(discount, db));
    return belowCostAt.get(discount) ?? 0;
  };
  async function* batches() {
    for (let i = 0; i < all.length; i += batchSize) {
      const rows = all.slice(i, i + batchSize);
      const stored = await customersByEmail(
        db,
        rows.map((row) => (row.cells.email ?? "").trim().toLowerCase()).filter(Boolean),
      );
      const checked = rows.map((row) => checkRow(row, stored, present, emailLines));
      const answered: CheckedRow<CustomerImportInput>[] = [];
      for (const row of checked) answered.push(await refuseBelowCost(row, belowCost));
      yield answered;
    }
  }
  return { ok: true, columns: file.columns, ignored: file.ignored, batches: batches() };
}

function checkRow(
  row: FileRow,
  stored: Map<string, Stored>,
  present: Set<string>,
  emailLines: Map<string, number>,
): CheckedRow<CustomerImportInput> {
  const { cells, line } = row;
  const errors: ImportRowError[] = row.error ? [row.error] : [];
  const email = (cells.email ?? "").trim().toLowerCase();
  const customer = email ? stored.get(email) : undefined;
  if (email) {
    const first = emailLines.get(email);
    if (first !== undefined)
      errors.push({
        column: "email",
        message: "import:customers.errors.row.sameEmail",
        values: { line: first },
      });
    else emailLines.set(email, line);
  }

  const values: Record<string, unknown> = customer ? { ...customer, version: null } : {};
  for (const [key, cell] of Object.entries(cells)) {
    if (cell === "" && KEPT_WHEN_EMPTY.has(key)) continue;
    values[key] = cell;
  }
  const parsed = customerSchema.safeParse(values);
  let input: CustomerImportInput | null = null;
  if (parsed.success) {
    const { version: _, ...rest } = parsed.data;
    input = { ...rest, ...storedCustomerFields(parsed.data) };
  } else {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? "");
      // A cross-field rule repeats its field's issue: one message per column and message.
      if (seen.has(`${column} ${issue.message}`)) continue;
      seen.add(`${column} ${issue.message}`);
      errors.push(cellError(column, issue.message, cells[column] ?? "", present, !customer));
    }
  }

  const name = input
    ? `${input.firstName} ${input.lastName}`
    : [cells.firstName ?? customer?.firstName, cells.lastName ?? customer?.lastName]
        .filter(Boolean)
        .join(" ");
  const base = { line, name: name.slice(0, 255), detail: email.slice(0, 255), before: null, after: null };
  const record = { recordId: customer?.id ?? null, recordVersion: customer?.version ?? null };
  if (errors.length || !input)
    return { ...base, ...record, action: "error", changes: [], errors, input: null };
  if (!customer) return { ...base, ...record, action: "create", changes: [], errors: [], input };
  const changes = changesOf(customer, input);
  return changes.length
    ? { ...base, ...record, action: "update", changes, errors: [], input }
    : { ...base, ...record, action: "unchanged", changes, errors: [], input: null };
}

/** The row as an error when its discount, set or raised, sells products under their net cost. */
async function refuseBelowCost(
  row: CheckedRow<CustomerImportInput>,
  productsBelowCost: (discount: string) => Promise<number>,
): Promise<CheckedRow<CustomerImportInput>> {
  if (!row.input || (row.action !== "create" && row.action !== "update")) return row;
  const raised = row.changes.find((change) => change.column === "discountPercentage");
  const discount =
    row.action === "create"
      ? row.input.discountPercentage
      : raised && toCents(String(raised.to)) > toCents(String(raised.from ?? "0"))
        ? row.input.discountPercentage
        : null;
  if (!discount || toCents(discount) <= 0) return row;
  const count = await productsBelowCost(fromCents(toCents(discount)));
  if (count === 0) return row;
  return {
    ...row,
    action: "error",
    changes: [],
    input: null,
    errors: [
      {
        column: "discountPercentage",
        message: "customers:errors.belowCostImport",
        values: { discount: fromCents(toCents(discount)), count },
      },
    ],
  };
}

function cellError(
  column: string,
  message: string,
  cell: string,
  present: Set<string>,
  isNew: boolean,
): ImportRowError {
  if (REQUIRED.has(message) || (column === "email" && message === "validation.email" && cell === "")) {
    return isNew && !present.has(column)
      ? { column, message: "import:customers.errors.row.missingColumn" }
      : { column, message: "import:customers.errors.row.required" };
  }
  if (column === "vipStatus") return { column, message: "import:customers.errors.row.vip" };
  const worded = CELL_MESSAGES[message] ?? message;
  return message === "validation.tooLong"
    ? { column, message: worded, values: { max: MAX_LENGTH[column] ?? 255 } }
    : { column, message: worded };
}

/** What an update changes, field by field (amounts compared in cents). */
function changesOf(customer: Stored, input: CustomerImportInput): ImportChange[] {
  const changes: ImportChange[] = [];
  for (const column of COMPARED) {
    const from = (customer[column] ?? null) as ImportValue;
    const to = (input[column] ?? null) as ImportValue;
    const same =
      column === "discountPercentage" || column === "creditLimit"
        ? toCents(String(from)) === toCents(String(to))
        : from === to;
    if (!same) changes.push({ column, from, to });
  }
  return changes;
}

/** The customers with these e-mail addresses (lower case), by lower-case address, a few thousand per query. */
async function customersByEmail(db: EntityManager, emails: string[]) {
  const found = new Map<string, Stored>();
  const unique = [...new Set(emails)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await findCustomersByEmails(unique.slice(i, i + LOOKUP_CHUNK), db);
    for (const row of rows) found.set(row.email.toLowerCase(), row);
  }
  return found;
}
