import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage, type Language } from "~/i18n/config";
import { fixedT, i18next } from "~/i18n/i18next.server";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { todayIn } from "~/models/campaign/campaign-status";
import { findActiveLocation } from "~/models/location/location.server";
import { BELOW_COST_REPORT, belowCostFile } from "~/models/price/below-cost.server";
import { PRICE_CLAIMS, priceClaimsFile } from "~/models/price/price-claims-report.server";
import type { Dialect } from "~/models/report/file-format";
import { defaultFileFormat, isFileFormat } from "~/models/report/file-format";
import { isListFile, listFile } from "~/models/report/list-file.server";
import { isReportType, reportFileName } from "~/models/report/report";
import { reportFile } from "~/models/report/report.server";
import { requireUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

// GET /reports/export?type=products|low-margin|low-stock|inventory-value|customers|categories|price-claims|below-cost
// [&category=ID][&format=excel|csv]: a file download (the category narrows a product report).
// Without a format, Finnish users get Excel (Finnish) and others the standard CSV.
/** The price reports (issue #29), files of their own rather than report types of the product list. */
const PRICE_FILES: Record<string, (dialect: Dialect) => ReadableStream<Uint8Array>> = {
  [PRICE_CLAIMS]: priceClaimsFile,
  [BELOW_COST_REPORT]: belowCostFile,
};

type FileMaker = (
  categoryId: number | null,
  dialect: Dialect,
  locationId: number | null,
) => ReadableStream<Uint8Array>;

/** What writes the file of a type, or null for a type there is none of. */
function fileMaker(type: string): FileMaker | null {
  if (Object.hasOwn(PRICE_FILES, type)) return (_, dialect) => PRICE_FILES[type](dialect);
  if (isListFile(type)) return (_, dialect) => listFile(type, dialect);
  if (isReportType(type))
    return (categoryId, dialect, locationId) => reportFile(type, categoryId, dialect, { locationId });
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const locale = await i18next.getLocale(request);
  const language: Language = isLanguage(locale) ? locale : "en";
  const t = fixedT(language);
  const params = new URL(request.url).searchParams;
  const type = params.get("type") ?? "products";
  const makeFile = fileMaker(type);
  if (!makeFile) return badRequest(t("reports:export.errors.type"));
  const category = params.get("category");
  const categoryId = category ? idParam(category) : null;
  if (category && !categoryId) return badRequest(t("reports:export.errors.category"));
  // One location's stock (issue #32): a product report of what it carries, the stock its own.
  const place = params.get("location");
  const location = place ? await findActiveLocation(idParam(place)) : null;
  if (place && (!location || !isReportType(type))) return badRequest(t("common:locationFilter.unknown"));
  const format = params.get("format") || defaultFileFormat(language);
  if (!isFileFormat(format)) return badRequest(t("reports:export.errors.format"));
  const title = t(`reports:fileTitles.${type}`);
  const filename = reportFileName(location ? `${title} ${location.name}` : title, todayIn(SHOP_TIME_ZONE));
  const dialect = { format, language };
  return new Response(makeFile(categoryId, dialect, location?.id ?? null), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${asciiName(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "no-store",
    },
  });
}

/** The name for a browser that reads only the plain filename: "Vähissä" becomes "Vahissa". */
function asciiName(name: string) {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
}

function badRequest(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
