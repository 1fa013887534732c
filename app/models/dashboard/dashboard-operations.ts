import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { locationQuerySchema } from "~/models/stock/reorder-schema";

/** The dashboard' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const DASHBOARD_OPERATIONS = {
  "GET /api/dashboard/stats": {
    summary:
      "Catalogue figures: products, average margin, low stock, inventory value, shelf labels out of date; with locationId (an active location), the low stock and the inventory value are that location's",
    tag: "Inventory",
    access: "staff",
    query: locationQuerySchema,
    ok: { status: 200, schema: answer.dashboardStatsAnswer, description: "The figures" },
  },
} satisfies Record<OperationId, Operation>;
