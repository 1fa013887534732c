import type { LoaderFunctionArgs } from "@remix-run/node";
import { isReportType } from "~/models/report/report";
import { REPORT_TITLES, reportCsv } from "~/models/report/report.server";
import { requireUser } from "~/utils/auth.server";
import { idParam } from "~/utils/params";

// GET /reports/export?type=products|low-margin|low-stock|inventory-value[&category=ID]: a CSV download.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const type = params.get("type") ?? "products";
  if (!isReportType(type)) return new Response("Unknown report type", { status: 400 });
  const category = params.get("category");
  const categoryId = category ? idParam(category) : null;
  if (category && !categoryId) return new Response("Unknown category", { status: 400 });
  const filename = `${REPORT_TITLES[type]}.csv`;
  return new Response(reportCsv(type, categoryId), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}
