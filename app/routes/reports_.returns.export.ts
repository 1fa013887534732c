import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n/config";
import { fixedT, i18next } from "~/i18n/i18next.server";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { defaultFileFormat } from "~/models/report/file-format";
import { returnsReport } from "~/models/report/returns-report.server";
import { returnsReportFile, returnsReportFileName } from "~/models/report/returns-report-file.server";
import { parseReturnsReportSearch } from "~/models/report/returns-report-schema";
import { requireUser } from "~/web/auth.server";

/**
 * GET /reports/returns/export?from=&to=&by=&format=csv|excel: the return figures of
 * /reports/returns as a file (issue #31 item 7). Without a format, the interface language chooses
 * (Finnish: Excel). A parameter that is not valid answers 400 with the page's message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const locale = await i18next.getLocale(request);
  const language = isLanguage(locale) ? locale : "en";
  const parsed = parseReturnsReportSearch(new URL(request.url).searchParams, todayIn(SHOP_TIME_ZONE));
  if (!parsed.ok) {
    const t = fixedT(language);
    const messages = Object.values(parsed.errors).flatMap((keys) => keys.map((key) => t(key)));
    return new Response(`${messages.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const format = parsed.format ?? defaultFileFormat(language);
  const report = await returnsReport(parsed.query);
  const filename = returnsReportFileName(report, language);
  // The plain name for old clients: Latin-1 only (no en dash, no ä).
  const plain = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "-")
    .replace(/"/g, "");
  return new Response(returnsReportFile(report, { format, language }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}
