import { em } from "~/infra/db.server";
import { listCategories } from "~/models/category/category.server";
import { customerPages } from "~/models/customer/customer.server";
import { fromBigCents, toBigCents } from "~/models/money";
import { CATEGORY_COLUMNS, CUSTOMER_COLUMNS } from "./file-columns";
import { countedFileStream, type Dialect, fileStream, summaryLine } from "./file-format";

/** The lists besides the product reports that download as files, and import back. */
export const LIST_FILES = ["customers", "categories"] as const;
export type ListFile = (typeof LIST_FILES)[number];

export function isListFile(value: unknown): value is ListFile {
  return LIST_FILES.includes(value as ListFile);
}

/**
 * The customer list as a file in the dialect, a page at a time, ending with its total line: the
 * number of customers and what they have spent in all, summed to the cent as the lines pass.
 */
export function customerFile(dialect: Dialect): ReadableStream<Uint8Array> {
  let count = 0;
  let spent = 0n;
  return fileStream({
    columns: CUSTOMER_COLUMNS,
    dialect,
    // The stream is read after the loader has returned: it keeps this request's EntityManager.
    pages: customerPages(1000, em()),
    values: (c) => ({ ...c }),
    count: (c) => {
      count += 1;
      spent += toBigCents(c.totalSpent) ?? 0n;
    },
    total: () => summaryLine(CUSTOMER_COLUMNS, count, { totalSpent: fromBigCents(spent) }, dialect),
  });
}

/**
 * The categories as a file, parents before their children (the tree's order, as the list shows
 * it), so the file imports back as it is; the total line gives their number.
 */
export function categoryFile(dialect: Dialect): ReadableStream<Uint8Array> {
  const db = em();
  async function* pages() {
    yield await listCategories(db);
  }
  return countedFileStream({
    columns: CATEGORY_COLUMNS,
    dialect,
    pages: pages(),
    values: (c) => ({
      name: c.name,
      description: c.description,
      parent: c.parentName,
      productCount: c.productCount,
    }),
  });
}

/** The file of a list, in the dialect. */
export function listFile(type: ListFile, dialect: Dialect): ReadableStream<Uint8Array> {
  return type === "customers" ? customerFile(dialect) : categoryFile(dialect);
}
