import type { ActionFunctionArgs } from "@remix-run/node";
import { isLanguage, type Language } from "~/i18n/config";
import { fixedT, i18next } from "~/i18n/i18next.server";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/models/clean-text";
import { isLabelFormat, refusalKey } from "~/models/label/label-layouts";
import { printLabels } from "~/models/label/label-print.server";
import { labelDefaults } from "~/models/label/label-setting.server";
import { labelPreviewHref } from "~/models/label/label-source";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { labelSelectionOf, readLabelSource } from "~/web/label/label-source.server";
import { redirectWithToast } from "~/web/toast.server";

// POST /labels/print: shelf labels as a PDF (or, `format=zpl`, ZPL for a Zebra roll) for the
// products the form's source names (label-source.ts: `from=queue|filters|scanned|campaign|
// purchase-order`, or without it `queue=all` and `product`, repeated), on `layout` (a roll's `dpi`,
// a sheet's `offset`) in `language`. The print is recorded and its products leave the queue; a
// refusal goes back with its message to the preview it came from (the queue's and products
// named one by one: to /labels), printing nothing.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  // A field with control characters is bad input: 400 naming it, in the user's language, and
  // nothing printed (every page form answers so).
  const bad = [...form.entries()].find(
    ([, value]) => typeof value === "string" && hasControlCharacters(value),
  );
  if (bad) {
    const t = fixedT(await languageOf(request));
    return new Response(`${bad[0]}: ${t(CONTROL_CHARACTERS_MESSAGE)}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const source = readLabelSource(form);
  // The queue's form and a product page's (products named one by one) go back to /labels.
  const fromPreview =
    source !== null && source.from !== "queue" && source.from !== "products" && form.has("from");
  const back = (description: string) =>
    redirectWithToast(fromPreview ? labelPreviewHref(source) : "/labels", {
      type: "error",
      title: "toast.error",
      description,
    });
  if (!source) return back("labels.refusal.noLabels");
  const format = String(form.get("format") || "pdf");
  if (!isLabelFormat(format)) return back("labels.refusal.unknownFormat");
  const language = String(form.get("language") ?? "");
  const offset = Number(form.get("offset") || 0);
  // A print that names no layout (a product page's one-click label) takes the shop's default.
  const named = String(form.get("layout") ?? "").slice(0, 40);
  const shop = named ? null : await labelDefaults();
  const printed = await printLabels(await labelSelectionOf(request, source), {
    layout: shop?.layout ?? named,
    dpi: shop?.dpi ?? (Number(form.get("dpi") || 0) || undefined),
    offset: Number.isFinite(offset) ? offset : -1,
    language: isLanguage(language) ? language : "en",
    userId: user.id,
    format,
  });
  if (!printed.ok) return back(refusalKey(printed.refusal));
  const file =
    printed.format === "zpl"
      ? { type: "text/plain; charset=utf-8", name: "labels.zpl" }
      : { type: "application/pdf", name: "labels.pdf" };
  return new Response(typeof printed.body === "string" ? printed.body : new Uint8Array(printed.body), {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
    },
  });
}

async function languageOf(request: Request): Promise<Language> {
  const locale = await i18next.getLocale(request);
  return isLanguage(locale) ? locale : "en";
}
