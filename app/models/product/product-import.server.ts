import { parse } from "csv-parse/sync";
import { hasControlCharacters, refusingControlCharacters } from "~/models/clean-text";
import { em } from "~/utils/db.server";
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, REQUIRED_IMPORT_COLUMNS } from "./product-import";
import { type ProductInput, productSchema } from "./product-schema";

export type ImportRow = {
  line: number;
  name: string;
  sku: string;
  sellingPrice: string;
  /** i18n keys, each optionally prefixed with the field: "sku: products:errors.skuTaken" */
  errors: { field: string; message: string }[];
};

export type ImportPreview = {
  rows: ImportRow[];
  /** problems with the file as a whole (i18n keys) */
  fileErrors: string[];
  inputs: ProductInput[];
};

/**
 * Reads a CSV (comma or semicolon separated, as Excel writes it in Finland) and checks every row
 * with the product schema, the categories by name and the SKUs against the file and the catalogue.
 * Nothing is written.
 */
export async function previewImport(text: string): Promise<ImportPreview> {
  // A control character is refused for the whole file: no text of a catalogue holds one.
  if (hasControlCharacters(text))
    return { rows: [], fileErrors: ["import:errors.controlCharacters"], inputs: [] };
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => canonical(h)),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      // Excel in Finland writes semicolons (the comma is the decimal mark): the header line tells which.
      delimiter: (text.split(/\r?\n/, 1)[0] ?? "").includes(";") ? ";" : ",",
    });
  } catch {
    return { rows: [], fileErrors: ["import:errors.unreadable"], inputs: [] };
  }
  if (records.length === 0) return { rows: [], fileErrors: ["import:errors.empty"], inputs: [] };
  if (records.length > MAX_IMPORT_ROWS)
    return { rows: [], fileErrors: ["import:errors.tooMany"], inputs: [] };
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !(column in records[0]));
  if (missing.length) return { rows: [], fileErrors: ["import:errors.columns"], inputs: [] };

  const categories = new Map(
    (await em().execute<{ id: number; name: string }[]>("select id, name from category")).map((c) => [
      c.name.trim().toLowerCase(),
      c.id,
    ]),
  );
  const skus = records.map((r) => (r.sku ?? "").toLowerCase()).filter(Boolean);
  const existing = new Set(
    skus.length
      ? (
          await em().execute<{ sku: string }[]>(
            `select lower(sku) as sku from product where lower(sku) in (${skus.map(() => "?").join(", ")})`,
            skus,
          )
        ).map((r) => r.sku)
      : [],
  );
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  const inputs: ProductInput[] = [];
  records.forEach((record, index) => {
    const errors: ImportRow["errors"] = [];
    const categoryName = (record.category ?? "").trim();
    const categoryId = categoryName ? categories.get(categoryName.toLowerCase()) : null;
    if (categoryName && !categoryId)
      errors.push({ field: "category", message: "products:errors.unknownCategory" });
    const parsed = refusingControlCharacters(productSchema).safeParse({
      ...record,
      categoryId: categoryId ?? null,
      category: undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ field: String(issue.path[0] ?? ""), message: issue.message });
    }
    const sku = (record.sku ?? "").toLowerCase();
    if (sku && (existing.has(sku) || seen.has(sku)))
      errors.push({ field: "sku", message: "products:errors.skuTaken" });
    seen.add(sku);
    rows.push({
      line: index + 2,
      name: record.name ?? "",
      sku: record.sku ?? "",
      sellingPrice: record.sellingPrice ?? "",
      errors,
    });
    if (parsed.success && errors.length === 0) inputs.push(parsed.data);
  });
  return { rows, fileErrors: [], inputs };
}

function canonical(header: string) {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, "");
  return IMPORT_COLUMNS.find((c) => c.toLowerCase() === key) ?? header.trim();
}
