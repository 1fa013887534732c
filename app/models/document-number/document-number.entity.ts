import { defineEntity, p } from "@mikro-orm/core";

/**
 * The last number given to each kind of document in each year (Q-2026-000123, SO-2026-000456,
 * PO-2026-000007, IC-2026-000012): taken with an upsert in the creating transaction, so concurrent
 * creations wait for each other and a rolled-back one gives its number back
 * (document-number.server.ts).
 */
export const DocumentNumber = defineEntity({
  name: "DocumentNumber",
  tableName: "document_number",
  properties: {
    kind: p.string().length(4).primary(),
    year: p.integer().primary(),
    last: p.integer().default(0),
  },
});
