import { data } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { formText } from "~/models/line-documents/line-editor";
import { markStockDefective, markUnitDefective } from "~/models/stock/mark-defective.server";
import { markStockDefectiveSchema, markUnitDefectiveSchema } from "~/models/stock/mark-defective-schema";
import { recordNotFound } from "~/web/not-found.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The "Mark defective" forms (issue #31): a unit's on its page (/serials/:id), a quantity's on the
 * product page. Plain forms: a refusal comes back on the form with its message (400, or 409 when
 * the stock says no), a success back to the page with a toast.
 */
export type MarkDefectiveActionData = {
  intent: "mark-defective";
  errors: string[];
  values?: Record<string, string | number>;
  quantity?: string;
  note: string;
  locationId?: string;
};

function refused(
  status: number,
  state: { quantity?: string; note: string; locationId?: string },
  errors: string[],
  values?: Record<string, string | number>,
) {
  return data<MarkDefectiveActionData>({ intent: "mark-defective", errors, values, ...state }, { status });
}

const issues = (error: { issues: { message: string }[] }) => [
  ...new Set(error.issues.map((issue) => issue.message)),
];

/** A unit of a serial-tracked product marked defective from its page. */
export async function markUnitDefectiveForm(form: FormData, unitId: number, userId: number) {
  const state = { note: formText(form, "note", 1000) };
  const parsed = refusingControlCharacters(markUnitDefectiveSchema).safeParse({
    note: state.note,
    version: formText(form, "version", 12) || null,
  });
  if (!parsed.success) return refused(400, state, issues(parsed.error));
  const result = await markUnitDefective(unitId, parsed.data, userId);
  if (!result.ok) {
    switch (result.reason) {
      case "notFound":
        throw recordNotFound("serialUnit");
      case "stale":
        return refused(409, state, ["serials:markDefective.stale"]);
      case "notInStock":
        return refused(409, state, ["serials:markDefective.notInStock"], { serial: result.serial });
      case "short":
        return refused(409, state, ["serials:markDefective.short"], {
          product: `${result.product.name} (${result.product.sku})`,
        });
    }
  }
  return redirectWithToast(`/serials/${unitId}`, {
    type: "success",
    title: "toast.success",
    description: "serials:markDefective.done",
    values: { serial: result.unit.serial },
  });
}

/** A quantity of an untracked product marked defective from the product page. */
export async function markStockDefectiveForm(form: FormData, productId: number, userId: number) {
  const state = {
    quantity: formText(form, "quantity", 20).trim(),
    note: formText(form, "note", 1000),
    locationId: formText(form, "locationId", 12),
  };
  const parsed = refusingControlCharacters(markStockDefectiveSchema).safeParse(state);
  if (!parsed.success) return refused(400, state, issues(parsed.error));
  const result = await markStockDefective(productId, parsed.data, userId);
  if (!result.ok) {
    switch (result.reason) {
      case "notFound":
        throw recordNotFound("product");
      case "tracked":
        return refused(409, state, ["stock:markDefective.tracked"]);
      case "inactiveLocation":
        return refused(400, state, ["stock:errors.locationInactive"]);
      case "short":
        return refused(409, state, ["stock:markDefective.short"], {
          stock: result.product.stockLevel,
          wanted: result.product.wanted,
          location: result.product.location,
        });
    }
  }
  return redirectWithToast(`/products/${productId}`, {
    type: "success",
    title: "toast.success",
    description: "stock:markDefective.done",
    values: { quantity: parsed.data.quantity, defective: result.defectiveStock },
  });
}
