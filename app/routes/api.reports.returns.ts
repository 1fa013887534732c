import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { returnsReport } from "~/models/report/returns-report.server";
import { parseReturnsReportSearch } from "~/models/report/returns-report-schema";
import { apiError, englishText, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** GET ?from=&to=&by=: the return figures of /reports/returns (issue #31 item 7), as JSON. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/reports/returns");
  const params = new URL(request.url).searchParams;
  // The page's parameters but the file's format.
  const asked = new URLSearchParams();
  for (const key of ["from", "to", "by"]) {
    const value = params.get(key);
    if (value !== null) asked.set(key, value);
  }
  const parsed = parseReturnsReportSearch(asked, todayIn(SHOP_TIME_ZONE));
  if (!parsed.ok) {
    const errors = Object.fromEntries(
      Object.entries(parsed.errors).map(([field, keys]) => [field, keys.map((key) => englishText(key))]),
    );
    const summary = Object.entries(errors)
      .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
      .join("; ");
    return apiError(400, `Invalid input: ${summary}`, errors);
  }
  return json(await returnsReport(parsed.query));
}

export function action(_: ActionFunctionArgs) {
  return json({ message: "Use GET" }, 405, { Allow: "GET, HEAD" });
}
