// The columns of the files people and programs exchange with VoltStock: one list per kind of
// record, shared by the export (which writes them) and the import (which reads them back).

/** How a column's value is written: Excel (Finnish) writes decimals with a comma and dates as d.m.yyyy. */
export type ColumnKind = "text" | "code" | "decimal" | "integer" | "boolean" | "date";

export type FileColumn = {
  /** The spec's key: the header of the standard CSV, and the key of the value in a row. */
  key: string;
  /** The header of the Excel file, per interface language. */
  header: { en: string; fi: string };
  /**
   * "code" is text that only looks like a number (EAN, SKU, postal code): Excel must keep it as
   * text (a leading zero stays).
   */
  kind: ColumnKind;
};

/** A stock's value at selling price (selling price x stock), per product and in a total line. */
const INVENTORY_VALUE: FileColumn = {
  key: "inventoryValue",
  header: { en: "Value at selling price", fi: "Arvo myyntihintaan" },
  kind: "decimal",
};

/** A stock's value at cost (purchase price excluding VAT x stock): the accountant's figure. */
const VALUE_AT_COST: FileColumn = {
  key: "valueAtCost",
  header: { en: "Value at cost (excl. VAT)", fi: "Arvo ostohintaan (alv 0 %)" },
  kind: "decimal",
};

/**
 * The product list's columns, in file order (spec section 2, plus the product's VAT rate, its unit
 * and net quantity, and the stock's value at selling price and at cost, which the report's total
 * line sums).
 */
export const PRODUCT_COLUMNS: readonly FileColumn[] = [
  { key: "name", header: { en: "Name", fi: "Nimi" }, kind: "text" },
  { key: "sku", header: { en: "SKU", fi: "Tuotekoodi (SKU)" }, kind: "code" },
  { key: "brand", header: { en: "Brand", fi: "Merkki" }, kind: "text" },
  { key: "category", header: { en: "Category", fi: "Tuoteryhmä" }, kind: "text" },
  { key: "purchasePrice", header: { en: "Purchase price", fi: "Ostohinta" }, kind: "decimal" },
  { key: "sellingPrice", header: { en: "Selling price", fi: "Myyntihinta" }, kind: "decimal" },
  { key: "vatInclusive", header: { en: "Prices include VAT", fi: "Hinnat sis. ALV" }, kind: "boolean" },
  { key: "vatRate", header: { en: "VAT rate %", fi: "ALV-kanta %" }, kind: "decimal" },
  { key: "marginPercentage", header: { en: "Margin %", fi: "Kateprosentti" }, kind: "decimal" },
  { key: "marginCategory", header: { en: "Margin category", fi: "Kateluokka" }, kind: "text" },
  { key: "stockLevel", header: { en: "Stock level", fi: "Varastosaldo" }, kind: "integer" },
  { key: "status", header: { en: "Status", fi: "Tila" }, kind: "text" },
  { key: "supplier", header: { en: "Supplier", fi: "Toimittaja" }, kind: "text" },
  { key: "ean", header: { en: "EAN", fi: "EAN-koodi" }, kind: "code" },
  // Sold by measure (issue #30): m, kg or l, and how much of it; both empty for a product by the piece.
  { key: "unit", header: { en: "Unit", fi: "Yksikkö" }, kind: "text" },
  { key: "netQuantity", header: { en: "Net quantity", fi: "Nettomäärä" }, kind: "decimal" },
  // Serial-tracked (issue #31): none, serial or imei, and the guarantee's months (empty: none stated).
  { key: "tracking", header: { en: "Serial tracking", fi: "Sarjanumeroseuranta" }, kind: "text" },
  { key: "guaranteeMonths", header: { en: "Guarantee (months)", fi: "Takuu (kk)" }, kind: "integer" },
  INVENTORY_VALUE,
  VALUE_AT_COST,
];

/** Columns of the product list that are figures derived from others: the import reads past them. */
export const DERIVED_PRODUCT_KEYS: readonly string[] = [
  "marginPercentage",
  "marginCategory",
  "inventoryValue",
  "valueAtCost",
];

const column = (key: string) => PRODUCT_COLUMNS.find((c) => c.key === key) as FileColumn;

/**
 * The inventory value report's columns: the spec's (name to the value at selling price), then the
 * value at cost and the margin, whose total and average its total line gives.
 */
export const INVENTORY_VALUE_COLUMNS: readonly FileColumn[] = [
  ...["name", "sku", "brand", "category", "stockLevel", "sellingPrice"].map(column),
  INVENTORY_VALUE,
  VALUE_AT_COST,
  column("marginPercentage"),
];

/**
 * The customer list's columns, in file order (spec section 3): what the customer form edits, then
 * the figures the orders keep (read past by the import). Phone, VAT number and postal code are
 * codes: Excel would take 0401234567 for a number and drop its zero.
 */
export const CUSTOMER_COLUMNS: readonly FileColumn[] = [
  { key: "firstName", header: { en: "First name", fi: "Etunimi" }, kind: "text" },
  { key: "lastName", header: { en: "Last name", fi: "Sukunimi" }, kind: "text" },
  { key: "email", header: { en: "Email", fi: "Sähköposti" }, kind: "text" },
  { key: "phone", header: { en: "Phone", fi: "Puhelin" }, kind: "code" },
  { key: "company", header: { en: "Company", fi: "Yritys" }, kind: "text" },
  { key: "vatNumber", header: { en: "VAT number", fi: "Y-tunnus / ALV-numero" }, kind: "code" },
  { key: "address", header: { en: "Street address", fi: "Katuosoite" }, kind: "text" },
  { key: "city", header: { en: "City", fi: "Postitoimipaikka" }, kind: "text" },
  { key: "postalCode", header: { en: "Postal code", fi: "Postinumero" }, kind: "code" },
  { key: "country", header: { en: "Country", fi: "Maa" }, kind: "text" },
  { key: "customerType", header: { en: "Customer type", fi: "Asiakastyyppi" }, kind: "text" },
  { key: "vipStatus", header: { en: "Status", fi: "Asiakkuus" }, kind: "boolean" },
  { key: "discountPercentage", header: { en: "Discount %", fi: "Alennus %" }, kind: "decimal" },
  { key: "creditLimit", header: { en: "Credit limit", fi: "Luottoraja" }, kind: "decimal" },
  { key: "notes", header: { en: "Notes", fi: "Muistiinpanot" }, kind: "text" },
  { key: "totalOrders", header: { en: "Total orders", fi: "Tilauksia" }, kind: "integer" },
  { key: "totalSpent", header: { en: "Total spent", fi: "Ostot yhteensä" }, kind: "decimal" },
];

/** Columns of the customer list that the orders keep: the import reads past them. */
export const DERIVED_CUSTOMER_KEYS: readonly string[] = ["totalOrders", "totalSpent"];

/** The category list's columns: the parent by its name, and how many products the category holds. */
export const CATEGORY_COLUMNS: readonly FileColumn[] = [
  { key: "name", header: { en: "Name", fi: "Nimi" }, kind: "text" },
  { key: "description", header: { en: "Description", fi: "Kuvaus" }, kind: "text" },
  { key: "parent", header: { en: "Parent category", fi: "Yläryhmä" }, kind: "text" },
  { key: "productCount", header: { en: "Products", fi: "Tuotteita" }, kind: "integer" },
];

/** The category list's figure: the import reads past it. */
export const DERIVED_CATEGORY_KEYS: readonly string[] = ["productCount"];

/**
 * The first cell of a report's last line, the total line (the standard CSV always writes
 * "Total"): a file read back skips the line that starts with either word.
 */
export const TOTAL_LABEL = { en: "Total", fi: "Yhteensä" } as const;

/**
 * Whether the last line of a file read back is a report's total line (its first cell is "Total" or
 * "Yhteensä", its second the number of products).
 */
export function isTotalLine(cells: readonly string[]): boolean {
  const first = cells[0]?.trim().toLowerCase();
  return first === TOTAL_LABEL.en.toLowerCase() || first === TOTAL_LABEL.fi.toLowerCase();
}

/**
 * The key of a header as a file may spell it: the spec's key in any letter case, with or without
 * spaces, underscores or dashes, or the Excel header in either language.
 */
export function columnKey(columns: readonly FileColumn[], header: string): string | null {
  const squeeze = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, "");
  const wanted = squeeze(header);
  const column = columns.find(
    (c) => squeeze(c.key) === wanted || squeeze(c.header.en) === wanted || squeeze(c.header.fi) === wanted,
  );
  return column?.key ?? null;
}

/**
 * Words the Excel file writes for coded values, per language; the standard CSV writes the codes
 * (true/false, active, ...). The import reads any of them back to the code.
 */
export const VALUE_WORDS: Record<string, Record<string, { en: string; fi: string }>> = {
  vatInclusive: { true: { en: "yes", fi: "kyllä" }, false: { en: "no", fi: "ei" } },
  status: {
    active: { en: "Active", fi: "Aktiivinen" },
    inactive: { en: "Inactive", fi: "Ei käytössä" },
    eol: { en: "End of life", fi: "Poistuva" },
  },
  marginCategory: {
    high: { en: "High", fi: "Hyvä" },
    medium: { en: "Medium", fi: "Keskitaso" },
    low: { en: "Low", fi: "Matala" },
  },
  customerType: {
    individual: { en: "Individual", fi: "Yksityinen" },
    business: { en: "Business", fi: "Yritys" },
    retail: { en: "Retail", fi: "Kuluttaja" },
  },
  vipStatus: { true: { en: "VIP", fi: "VIP-asiakas" }, false: { en: "Regular", fi: "Tavallinen" } },
  belowCostSubject: {
    product: { en: "Product", fi: "Tuote" },
    campaign: { en: "Campaign", fi: "Kampanja" },
    price_batch: { en: "Bulk repricing", fi: "Massahinnoittelu" },
    quote: { en: "Quote", fi: "Tarjous" },
    order: { en: "Order", fi: "Tilaus" },
    customer: { en: "Customer discount", fi: "Asiakasalennus" },
  },
};

/** Yes and no as people write them in a yes-or-no column, in either language. */
const YES_NO: Record<string, string> = { yes: "true", kyllä: "true", no: "false", ei: "false" };

/**
 * The code for a cell of a coded column, read from a code or a word in either language; a yes-or-no
 * column with words of its own (VIP, Regular) also takes yes and no.
 */
export function valueCode(key: string, cell: string): string {
  const words = VALUE_WORDS[key];
  if (!words) return cell;
  const wanted = cell.trim().toLowerCase();
  for (const [code, word] of Object.entries(words))
    if (code === wanted || word.en.toLowerCase() === wanted || word.fi.toLowerCase() === wanted) return code;
  if ("true" in words && wanted in YES_NO) return YES_NO[wanted];
  return cell;
}
