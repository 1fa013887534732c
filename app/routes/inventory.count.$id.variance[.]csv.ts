import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n/config";
import { i18next } from "~/i18n/i18next.server";
import { defaultFileFormat, isFileFormat } from "~/models/report/file-format";
import { countSummary, getStockCount } from "~/models/stock-count/stock-count.server";
import { varianceFile, varianceFileName } from "~/models/stock-count/stock-count-file.server";
import { requireUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

/**
 * GET /inventory/count/:id/variance.csv?format=excel|csv: the count's lines with their
 * differences, and the total line. Without a format, the interface language chooses (Finnish:
 * Excel). Anyone signed in reads it, as the count's page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const count = id ? await getStockCount(id) : null;
  if (!count) {
    return new Response("Stock count not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const locale = await i18next.getLocale(request);
  const language = isLanguage(locale) ? locale : "en";
  const asked = new URL(request.url).searchParams.get("format");
  const format = isFileFormat(asked) ? asked : defaultFileFormat(language);
  const filename = varianceFileName(count, language);
  return new Response(varianceFile(count, await countSummary(count), format, language), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, "-")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}
