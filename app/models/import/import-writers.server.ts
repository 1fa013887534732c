import type { EntityManager } from "@mikro-orm/postgresql";
import { changeCategory, insertCategory } from "~/models/category/category.server";
import { changeCustomers, insertCustomers } from "~/models/customer/customer.server";
import {
  type BelowCostConfirmation,
  type BelowCostRefusal,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import { changeProducts, createProducts } from "~/models/product/product-writes.server";
import type { ImportKind, ImportMessage } from "./import";
import type {
  CategoryImportInput,
  CustomerImportInput,
  ImportInput,
  ProductImportInput,
} from "./import-check";
import { ImportJobRow } from "./import-job.entity";

/** A refusal of a kind's write path: the import fails with this message and nothing is written. */
export class ImportRefused extends Error {
  constructor(readonly failure: ImportMessage) {
    super(failure.message);
  }
}

/** What a writer gets: the job's transaction, the batch size, who started it, and where to tell progress. */
export type WriterContext = {
  tx: EntityManager;
  job: number;
  batchSize: number;
  userId: number | null;
  /** Who started it and the reason they gave for prices below cost (products), if any. */
  confirmation: BelowCostConfirmation | null;
  progress: (written: number) => Promise<unknown>;
};

/** Writes a checked import's creates and updates through its kind's write path; returns how many. */
export type ImportWriter = (context: WriterContext) => Promise<number>;

type StoredRow<Input extends ImportInput> = {
  line: number;
  action: "create" | "update";
  detail: string;
  recordId: number;
  recordVersion: number | null;
  input: Input;
};

/** An import's rows of some groups, a batch at a time, by a key that orders them (keyset paging). */
async function* storedRows<Input extends ImportInput>(
  tx: EntityManager,
  job: number,
  actions: ("update" | "create")[],
  key: "recordId" | "line",
  size: number,
): AsyncGenerator<StoredRow<Input>[]> {
  let after = 0;
  for (;;) {
    const rows = await tx
      .createQueryBuilder(ImportJobRow, "r")
      .select(["line", "action", "detail", "recordId", "recordVersion", "input"])
      .where({ job, action: { $in: actions }, [key]: { $gt: after } })
      .orderBy({ [key]: "asc" })
      .limit(size)
      .execute<StoredRow<Input>[]>();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1][key];
    if (rows.length < size) return;
  }
}

/** What a refusal of a write path means for the reader of the import's page. */
function refusal(kind: ImportKind, reason: string, row: { line: number; detail: string }): ImportMessage {
  const values = { line: row.line, sku: row.detail, detail: row.detail };
  const prefix = kind === "products" ? "import:failure" : `import:${kind}.failure`;
  switch (reason) {
    case "skuTaken":
      return { message: "import:failure.skuTaken", values };
    case "unknownCategory":
      return { message: "import:failure.unknownCategory", values };
    case "stockShort":
      return { message: "import:failure.stockShort", values };
    case "emailTaken":
      return { message: "import:customers.failure.emailTaken", values };
    case "belowCost":
    case "belowCostForbidden":
      return { message: "customers:errors.belowCostImportFailed", values };
    case "unknownParent":
    case "cycle":
      return { message: `import:categories.failure.${reason}`, values };
    default:
      return { message: `${prefix}.changed`, values };
  }
}

/**
 * A row the below-cost guard refused: its line, SKU and margin, and what lets it through (an
 * admin's or a manager's reason given when the import is started).
 */
function belowCostFailure(refused: BelowCostRefusal, row: { line: number; detail: string }): ImportMessage {
  const [first] = refused.findings;
  return {
    message:
      refused.reason === "belowCostForbidden"
        ? "import:failure.belowCostForbidden"
        : "import:failure.belowCost",
    values: { line: row.line, sku: row.detail, margin: first?.margin ?? 0, count: refused.findings.length },
  };
}

/**
 * Products: updates first, in product id order (the order every writer locks products in), each
 * refused when the product moved on since the check; then the creations, in file order. Each
 * batch is one flush of the product write path (price history, alerts, kept totals), then the
 * unit of work is cleared, so 50,000 rows take no more memory than 1,000. A row priced below cost
 * fails the import unless the import was started with a reason that confirms it.
 */
const writeProducts: ImportWriter = async ({ tx, job, batchSize, userId, confirmation, progress }) => {
  let written = 0;
  for await (const rows of storedRows<ProductImportInput>(tx, job, ["update"], "recordId", batchSize)) {
    const changed = await changeProducts(
      tx,
      rows.map((row) => ({ id: row.recordId, input: { ...row.input, version: row.recordVersion } })),
      userId,
      { source: "import" },
      confirmation,
    );
    if (!changed.ok && isBelowCostRefusal(changed))
      throw new ImportRefused(belowCostFailure(changed, rows[changed.index]));
    if (!changed.ok) throw new ImportRefused(refusal("products", changed.reason, rows[changed.index]));
    written += rows.length;
    tx.clear();
    await progress(written);
  }
  for await (const rows of storedRows<ProductImportInput>(tx, job, ["create"], "line", batchSize)) {
    const created = await createProducts(
      tx,
      rows.map((row) => ({ ...row.input, version: null })),
      userId,
      { source: "import" },
      confirmation,
    );
    if (!created.ok && isBelowCostRefusal(created))
      throw new ImportRefused(belowCostFailure(created, rows[created.index]));
    if (!created.ok) throw new ImportRefused(refusal("products", created.reason, rows[created.index]));
    written += rows.length;
    tx.clear();
    await progress(written);
  }
  return written;
};

/**
 * Customers: as products, updates in id order (each refused when the customer changed since the
 * check), then the new customers in file order, a batch per flush of the customer write path.
 */
const writeCustomers: ImportWriter = async ({ tx, job, batchSize, progress }) => {
  let written = 0;
  for await (const rows of storedRows<CustomerImportInput>(tx, job, ["update"], "recordId", batchSize)) {
    // No reason travels with a file: a discount below cost is the check's row error, and refused here
    // when products changed since the check (customer-import.server.ts).
    const changed = await changeCustomers(
      tx,
      rows.map((row) => ({ id: row.recordId, input: { ...row.input, version: row.recordVersion } })),
      null,
    );
    if (!changed.ok) throw new ImportRefused(refusal("customers", changed.reason, rows[changed.index]));
    written += rows.length;
    tx.clear();
    await progress(written);
  }
  for await (const rows of storedRows<CustomerImportInput>(tx, job, ["create"], "line", batchSize)) {
    const created = await insertCustomers(
      tx,
      rows.map((row) => ({ ...row.input, version: null })),
      null,
    );
    if (!created.ok) throw new ImportRefused(refusal("customers", created.reason, rows[created.index]));
    written += rows.length;
    tx.clear();
    await progress(written);
  }
  return written;
};

/**
 * Categories: every row in file order, as the check read them, so a parent the file creates is
 * written before the lines under it (which learn its id here), and each move finds the tree as
 * the lines above left it. Each row goes through the category write path (its version, its
 * parent locked, a cycle refused).
 */
const writeCategories: ImportWriter = async ({ tx, job, batchSize, progress }) => {
  let written = 0;
  const createdIds = new Map<number, number>();
  for await (const rows of storedRows<CategoryImportInput>(
    tx,
    job,
    ["create", "update"],
    "line",
    batchSize,
  )) {
    for (const row of rows) {
      const { name, description, parentLine } = row.input;
      const parentId = parentLine === null ? row.input.parentId : (createdIds.get(parentLine) ?? null);
      if (parentLine !== null && parentId === null)
        throw new ImportRefused(refusal("categories", "unknownParent", row));
      const result =
        row.action === "create"
          ? await insertCategory(tx, { name, description, parentId, version: null })
          : await changeCategory(tx, row.recordId, {
              name,
              description,
              parentId,
              version: row.recordVersion,
            });
      if (!result.ok) throw new ImportRefused(refusal("categories", result.reason, row));
      if (row.action === "create") createdIds.set(row.line, result.id);
    }
    written += rows.length;
    tx.clear();
    await progress(written);
  }
  return written;
};

export const IMPORT_WRITERS: Record<ImportKind, ImportWriter> = {
  products: writeProducts,
  customers: writeCustomers,
  categories: writeCategories,
};
