import { defineAggregate, defineAudited, text } from "~/models/aggregate";

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
