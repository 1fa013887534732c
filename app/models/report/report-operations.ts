import type { Operation, OperationId } from "~/models/api-doc/operation";
import { returnsReportAnswer, returnsReportQuerySchema } from "./returns-report-schema";

/** The reports' /api operations: every role reads the reports. */
export const REPORT_OPERATIONS = {
  "GET /api/reports/returns": {
    summary:
      "Return figures over shop days (default: the last 90): units returned on returns completed in the period, their share and refunds, by product, brand, supplier or reason, with the return rate (returned / units of orders shipped in the same period)",
    tag: "Reports",
    access: "staff",
    query: returnsReportQuerySchema,
    ok: {
      status: 200,
      schema: returnsReportAnswer,
      description: "The groups with units returned, and the totals",
    },
  },
} satisfies Record<OperationId, Operation>;
