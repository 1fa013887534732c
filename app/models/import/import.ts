// What every import shares, whatever it imports (products, customers, categories): the kinds and
// their files, what a check finds, and the import as its pages show it. Pure: the pages and the
// server read it. Each kind's check is in its aggregate's folder (`*-import.server.ts`).
import type { ImportFigures } from "~/models/product/product-import";
import { IMPORT_COLUMNS, REQUIRED_FOR_NEW } from "~/models/product/product-import";
import {
  CATEGORY_COLUMNS,
  CUSTOMER_COLUMNS,
  DERIVED_CATEGORY_KEYS,
  DERIVED_CUSTOMER_KEYS,
  DERIVED_PRODUCT_KEYS,
  type FileColumn,
} from "~/models/report/file-columns";
import { type FileFormat, fileHead, rowLine } from "~/models/report/file-format";
import type { Permission } from "~/models/user/permissions";

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 50_000;

/** Rows per page of a group of the check. */
export const IMPORT_PAGE_SIZE = 50;

export const IMPORT_KINDS = ["products", "customers", "categories"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export function isImportKind(value: unknown): value is ImportKind {
  return IMPORT_KINDS.includes(value as ImportKind);
}

/** One kind of import: its file, how its rows find their records, and where it lives. */
export type ImportKindSpec = {
  /** every column its file may name, in the template's order (derived ones too: read past) */
  columns: readonly FileColumn[];
  /** figures the export writes and the import reads past */
  derived: readonly string[];
  /** the file must name one of these columns: they say which record a row is */
  keys: readonly string[];
  /** what a new record cannot do without (the form's required fields) */
  required: readonly string[];
  /** the list of the records; the import's pages are under `${list}/import` */
  list: string;
  permission: Permission;
  /** a template's example row, by column key, in the standard file's codes */
  sample: Record<string, string>;
};

export const IMPORT_KIND_SPECS: Record<ImportKind, ImportKindSpec> = {
  products: {
    columns: IMPORT_COLUMNS,
    derived: DERIVED_PRODUCT_KEYS,
    keys: ["sku", "ean"],
    required: REQUIRED_FOR_NEW,
    list: "/products",
    permission: "product:write",
    sample: {
      name: "Lenovo ThinkPad E14",
      sku: "LEN-E14-001",
      brand: "Lenovo",
      category: "Laptops",
      purchasePrice: "600.00",
      sellingPrice: "999.90",
      vatInclusive: "true",
      vatRate: "25.5",
      stockLevel: "12",
      status: "active",
      supplier: "Tech Data Finland",
      ean: "4006381333931",
      barcode: "",
      imageUrl: "",
    },
  },
  customers: {
    columns: CUSTOMER_COLUMNS,
    derived: DERIVED_CUSTOMER_KEYS,
    keys: ["email"],
    required: ["firstName", "lastName", "email"],
    list: "/customers",
    permission: "customer:write",
    sample: {
      firstName: "Maija",
      lastName: "Virtanen",
      email: "maija.virtanen@example.fi",
      phone: "0401234567",
      company: "Virtasen Kone Oy",
      vatNumber: "0112038-9",
      address: "Mannerheimintie 1",
      city: "Helsinki",
      postalCode: "00100",
      country: "Finland",
      customerType: "business",
      vipStatus: "false",
      discountPercentage: "5.00",
      creditLimit: "2000.00",
      notes: "",
    },
  },
  categories: {
    columns: CATEGORY_COLUMNS,
    derived: DERIVED_CATEGORY_KEYS,
    keys: ["name"],
    required: ["name"],
    list: "/categories",
    permission: "category:write",
    sample: { name: "Gaming laptops", description: "Laptops for gaming", parent: "Laptops" },
  },
};

/** The page of an import of this kind, or of one import (`id`). */
export function importPath(kind: ImportKind, id?: number): string {
  const base = `${IMPORT_KIND_SPECS[kind].list}/import`;
  return id === undefined ? base : `${base}/${id}`;
}

/** The columns an import of the kind reads (the file may have the derived ones: they are read past). */
export function readColumns(kind: ImportKind): FileColumn[] {
  const spec = IMPORT_KIND_SPECS[kind];
  return spec.columns.filter((column) => !spec.derived.includes(column.key));
}

/**
 * The i18n keys of a text of the import pages (namespace "import") for a kind: the kind's own
 * wording first (`customers.title`), else the shared one (`title`, the products' wording).
 */
export function importTextKeys(kind: ImportKind, key: string): string[] {
  return kind === "products" ? [key] : [`${kind}.${key}`, key];
}

/** A template in the standard CSV (keys, codes) or as Excel (Finnish) writes it, in the language. */
export function importTemplate(kind: ImportKind, format: FileFormat, language: "en" | "fi"): string {
  const columns = readColumns(kind);
  const dialect = { format, language };
  return fileHead(columns, dialect) + rowLine(columns, IMPORT_KIND_SPECS[kind].sample, dialect);
}

/** The header of a column in the interface language (the Excel file's), or the key itself. */
export function columnHeader(kind: ImportKind, key: string, language: string): string {
  const column = IMPORT_KIND_SPECS[kind].columns.find((c) => c.key === key);
  if (!column) return key;
  return language === "fi" ? column.header.fi : column.header.en;
}

/** What the check decided for a row: the preview's groups. */
export const IMPORT_ACTIONS = ["error", "update", "create", "unchanged"] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const IMPORT_STATUSES = ["preview", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A message for the reader: an i18n key and its values. */
export type ImportMessage = { message: string; values?: Record<string, string | number> };

/** What is wrong with a row: the column (its key, shown as its header) and what to fix. */
export type ImportRowError = ImportMessage & { column: string | null };

/** A value as a change shows it; money and rates as decimal strings ("12.50"). */
export type ImportValue = string | number | boolean | null;

/** One field an update changes. */
export type ImportChange = { column: string; from: ImportValue; to: ImportValue };

/** A row of the check, as the preview page lists it. */
export type ImportRowView = {
  line: number;
  action: ImportAction;
  /** the record's name: the product's, the customer's first and last, the category's */
  name: string;
  /** what the preview shows beside the name: a product's SKU, a customer's e-mail, a category's parent */
  detail: string;
  /** the record the row matched (it updates it), if any */
  recordId: number | null;
  changes: ImportChange[];
  errors: ImportRowError[];
  /** a product's price and margin before and after */
  before: ImportFigures | null;
  after: ImportFigures | null;
};

export type ImportCounts = Record<ImportAction, number>;

/** The import as its page shows it. */
export type ImportJobView = {
  id: number;
  kind: ImportKind;
  status: ImportStatus;
  fileName: string | null;
  counts: ImportCounts;
  total: number;
  /** rows written so far, of `toWrite` */
  progress: number;
  toWrite: number;
  /** columns of the file the import reads past, as the file names them */
  ignoredColumns: string[];
  failure: ImportMessage | null;
  createdBy: string | null;
  committedBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};
