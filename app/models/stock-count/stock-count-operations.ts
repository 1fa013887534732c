import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import {
  commitSchema,
  countLinesQuerySchema,
  countQuerySchema,
  countVersionSchema,
  lineApiSchema,
  newCountSchema,
} from "./stock-count-schema";

/** The stock counts' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const STOCK_COUNT_OPERATIONS = {
  "GET /api/stock-counts": {
    summary: "Stock counts, newest first, a page at a time (limit 1-500, default 50)",
    tag: "Inventory",
    access: "staff",
    query: countQuerySchema,
    ok: { status: 200, schema: answer.stockCountListAnswer, description: "A page of counts and the total" },
  },
  "POST /api/stock-counts": {
    summary:
      "Start a stock count of the whole shop, a category (with its subcategories) or a shelf (the products' location), optionally only the products not counted for notCountedDays",
    tag: "Inventory",
    access: "stock:write",
    body: newCountSchema,
    example: { scope: "category", categoryId: 2, notCountedDays: 30, note: "Phones, monthly" },
    ok: { status: 201, schema: answer.stockCountAnswer, description: "The count, open" },
  },
  "GET /api/stock-counts/{id}": {
    summary:
      "A count with its totals, every problem (unknown codes, lines sold below zero, serials scanned whose unit is sold, returned, defective or at the supplier, serial-tracked products counted by quantity, products in scope not counted, counted products outside it) and a page of its lines (limit 1-5000, default 1000); a serial-tracked product's line lists its serials, the missing and the unexpected ones",
    tag: "Inventory",
    access: "staff",
    query: countLinesQuerySchema,
    ok: { status: 200, schema: answer.stockCountDetailAnswer, description: "The count" },
  },
  "POST /api/stock-counts/{id}/lines": {
    summary:
      "Count a product by code (SKU, barcode or EAN) or productId: mode add adds the quantity (default 1, a scan), set replaces it; without a mode a quantity sets and none adds one. A code no product has is kept as a line with productId null, to fix before the commit. A serial-tracked product (tracking serial or imei) is counted by its serials instead: serials [...] with mode set (the default) or add; its line counts them and the answer lists the missing units and the unexpected serials; a quantity for it is 400, a code alone opens its line. Bad IMEIs and duplicates are 400, each serial named. 409 once the count is closed, or when the version sent is not the count's (it changed since it was read)",
    tag: "Inventory",
    access: "stock:write",
    body: lineApiSchema,
    example: { code: "4006381333931", quantity: 12, mode: "set", version: 1 },
    ok: { status: 200, schema: answer.countedLineAnswer, description: "The product's line as it is now" },
    errors: [409],
  },
  "DELETE /api/stock-counts/{id}/lines/{lineId}": {
    summary:
      "Remove a line (a product's, or a code no product has) from an open count: how a scanner clears an unknown code before the commit. The body is optional: { version } is refused with 409 when the count changed since it was read. 409 once the count is closed",
    tag: "Inventory",
    access: "stock:write",
    body: countVersionSchema,
    optionalBody: true,
    example: { version: 1 },
    ok: { status: 200, schema: answer.messageAnswer, description: "Removed" },
    errors: [409],
  },
  "POST /api/stock-counts/{id}/commit": {
    summary:
      "Commit an open count in one step: each line moves the product's current stock by counted - expected (a count movement naming the count), so sales since the line was counted stay; zeroUncounted sets the products in scope nobody counted to zero. A serial-tracked product's units in stock nobody scanned are written off (scrapped) and the serials scanned the shop did not have are taken into stock, each with a counted event naming the count. 409 with every problem listed, and nothing written, while it has unknown codes, lines sold below zero, serials whose unit is sold, returned, defective or at the supplier, or serial-tracked products counted by quantity; 409 when it is not open, or when the version sent is not the count's (it changed since it was read)",
    tag: "Inventory",
    access: "stock:write",
    body: commitSchema,
    example: { zeroUncounted: false, version: 1 },
    ok: { status: 200, schema: answer.countCommitAnswer, description: "The committed count" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
