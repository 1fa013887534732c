import type { ActionFunctionArgs } from "@remix-run/node";
import { isLanguage, type Language } from "~/i18n/config";
import { fixedT, i18next } from "~/i18n/i18next.server";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/models/clean-text";
import { refusalKey } from "~/models/label/label-layouts";
import { type LabelSelection, printLabels } from "~/models/label/label-print.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

// POST /labels/print: a PDF of shelf labels for the reprint queue (`queue=all`) or the products
// named (`product`, repeated), on `layout` (a roll's `dpi`, a sheet's `offset`) in `language`.
// The print is recorded and its products leave the queue; a refusal goes back to /labels.
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
  const products = form
    .getAll("product")
    .map((value) => idParam(String(value)))
    .filter((id): id is number => id !== null);
  const selection: LabelSelection | null =
    form.get("queue") === "all" ? { queue: true } : products.length ? { productIds: products } : null;
  const back = (description: string) =>
    redirectWithToast("/labels", { type: "error", title: "toast.error", description });
  if (!selection) return back("labels.refusal.noLabels");
  const language = String(form.get("language") ?? "");
  const offset = Number(form.get("offset") || 0);
  const printed = await printLabels(selection, {
    layout: String(form.get("layout") ?? "").slice(0, 40),
    dpi: Number(form.get("dpi") || 0) || undefined,
    offset: Number.isFinite(offset) ? offset : -1,
    language: isLanguage(language) ? language : "en",
    userId: user.id,
  });
  if (!printed.ok) return back(refusalKey(printed.refusal));
  return new Response(new Uint8Array(printed.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="labels.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}

async function languageOf(request: Request): Promise<Language> {
  const locale = await i18next.getLocale(request);
  return isLanguage(locale) ? locale : "en";
}
