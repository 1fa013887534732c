import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/** Suppliers: who the shop buys from. */
export const aggregate = defineAggregate({
  // Admins and managers add, change and delete suppliers; everyone reads them.
  permissions: { "supplier:write": ["admin", "manager"] },
  sidebar: [{ to: "/suppliers", label: "nav.suppliers", icon: "factory", place: 60 }],
  lists: { supplier: "/suppliers" },
});

/** What the audit trail records of it (the server's and /audit's: not in the other pages' bundle). */
export const audited = defineAudited({
  Supplier: { type: "supplier", place: 60, label: (s) => text(s.name), page: "/suppliers/:id" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    supplier: typeof aggregate & { audited: typeof audited };
  }
}

/** What the cross-cutting tests walk: the authorization matrix, the API document, the fuzzer. */
export const checks = defineChecks({
  routes: [
    ["GET", "/suppliers", "staff", 200],
    ["GET", "/suppliers/new", "managers", 200],
    ["POST", "/suppliers/new", "managers", 400],
    ["GET", "/suppliers/:id", "staff", 200],
    ["GET", "/suppliers/:id/edit", "managers", 200],
    ["POST", "/suppliers/:id/edit", "managers", 400],
    ["GET", "/suppliers/:id/delete", "managers", 200],
    ["POST", "/suppliers/:id/delete", "managers", "→/suppliers", { target: "missing" }],
    ["GET", "/api/suppliers", "staff", 200],
    ["POST", "/api/suppliers", "managers", 400],
    ["GET", "/api/suppliers/:id", "staff", 200],
    ["PATCH", "/api/suppliers/:id", "managers", 404, { target: "missing" }],
    ["DELETE", "/api/suppliers/:id", "managers", 404, { target: "missing" }],
  ],
  record: { segment: "suppliers", create: "/api/suppliers", body: { name: "Checked supplier {unique}" } },
  fingerprint: ["supplier"],
});
