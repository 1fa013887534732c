import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/** The catalogue's products, with the screens that work on them (margin calculator, barcode scanner). */
export const aggregate = defineAggregate({
  permissions: {
    "product:write": ["admin", "manager"],
    "product:delete": ["admin"],
  },
  sidebar: [
    { to: "/products", label: "nav.products", icon: "products", place: 20 },
    { to: "/margin-calculator", label: "nav.marginCalculator", icon: "calculator", place: 30 },
    { to: "/barcode-scanner", label: "nav.barcodeScanner", icon: "scanner", place: 110 },
  ],
  lists: { product: "/products", productImport: "/products/import" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  Product: {
    type: "product",
    place: 10,
    label: (p) => `${text(p.name)} (${text(p.sku)})`,
    // The last counted time moves with every stock count: the count itself is its record.
    ignore: ["margin", "marginPercent", "marginCategory", "searchText", "lastCountedAt"],
    page: "/products/:id",
  },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    product: typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk: the authorization matrix, the API document, the fuzzer. The
 * product screens (the margin calculator and the barcode scanner with them) and /api/products;
 * a product's stock movements are the stock ledger's (stock/aggregate.ts).
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/products", "staff", 200],
    ["GET", "/products/:id", "staff", 200],
    ["POST", "/products/:id", "managers", 400], // record a stock movement: the form names no intent
    ["GET", "/products/new", "managers", 200],
    ["POST", "/products/new", "managers", 400],
    ["GET", "/products/:id/edit", "managers", 200],
    ["POST", "/products/:id/edit", "managers", 400],
    ["GET", "/products/:id/delete", "admins", 200],
    ["POST", "/products/:id/delete", "admins", "→/products", { target: "missing" }],
    ["GET", "/products/import", "managers", 200],
    ["POST", "/products/import", "managers", 400],
    // An import's check, progress and result: `:id` is an import that does not exist.
    ["GET", "/products/import/:id", "managers", 404],
    ["POST", "/products/import/:id", "managers", 404],
    ["GET", "/margin-calculator", "staff", 200],
    ["POST", "/margin-calculator", "staff", 400],
    ["GET", "/barcode-scanner", "staff", 200],
    ["POST", "/barcode-scanner", "staff", 400],
    ["GET", "/api/products", "staff", 200],
    ["POST", "/api/products", "managers", 400],
    ["GET", "/api/products/:id", "staff", 200],
    ["PUT", "/api/products/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/products/:id", "admins", 404, { target: "missing" }],
    ["POST", "/api/calculate-margin", "staff", 400],
    ["GET", "/api/calculate-margin", "everyone", 405],
  ],
  // No category: the product's pages and API answer the same without one.
  record: {
    segment: "products",
    create: "/api/products",
    body: {
      name: "Checked product {unique}",
      sku: "CHECKED-{unique}",
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      supplier: "Supplier",
    },
  },
  fingerprint: ["product"],
});
