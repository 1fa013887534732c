import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n/config";
import { fixedT, i18next } from "~/i18n/i18next.server";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { salesReport } from "~/models/report/sales-report.server";
import { salesReportFile, salesReportFileName } from "~/models/report/sales-report-file.server";
import { parseSalesReportSearch } from "~/models/report/sales-report-schema";
import { requireUser } from "~/web/auth.server";

/**
 * GET /reports/sales/export?from=&to=&group=&breakdown=&format=csv|excel: the sales report of
 * /reports/sales as a file. Without a format, the interface language chooses (Finnish: Excel).
 * A parameter that is not valid answers 400 with the page's message, in the interface language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const locale = await i18next.getLocale(request);
  const language = isLanguage(locale) ? locale : "en";
  const parsed = parseSalesReportSearch(new URL(request.url).searchParams, todayIn(SHOP_TIME_ZONE));
  if (!parsed.ok) {
    const t = fixedT(language);
    const messages = Object.values(parsed.errors).flatMap((keys) => keys.map((key) => t(key)));
    return new Response(`${messages.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const format = parsed.format ?? (language === "fi" ? "excel" : "csv");
  const report = await salesReport(parsed.query);
  const filename = salesReportFileName(report, language);
  // The plain name for old clients: no en dash (Content-Disposition's filename is Latin-1).
  const plain = filename.replace(/[^\x20-\x7e]/g, "-").replace(/"/g, "");
  return new Response(salesReportFile(report, format, language), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}
