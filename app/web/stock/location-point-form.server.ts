import { data } from "@remix-run/node";
import { formText } from "~/models/line-documents/line-editor";
import { setLocationReorderPoint } from "~/models/stock/location-point.server";
import { locationPointSchema } from "~/models/stock/reorder-schema";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The product page's reorder point per location (issue #32): a plain form per location. A refusal
 * comes back on the page (400, its message, the location it was for), a success back to the page
 * with a toast.
 */
export type LocationPointActionData = {
  intent: "location-point";
  locationId: number | null;
  reorderPoint: string;
  errors: string[];
};

export async function locationPointForm(form: FormData, productId: number) {
  const reorderPoint = formText(form, "reorderPoint", 20).trim();
  const locationId = idParam(formText(form, "locationId", 12) || undefined);
  const refused = (errors: string[]) =>
    data<LocationPointActionData>(
      { intent: "location-point", locationId, reorderPoint, errors },
      { status: 400 },
    );
  const parsed = locationPointSchema.safeParse({ reorderPoint });
  if (!parsed.success) return refused(["stock:locationPoints.invalid"]);
  if (!locationId) return refused(["stock:locationPoints.unknownLocation"]);
  const result = await setLocationReorderPoint(productId, locationId, parsed.data.reorderPoint);
  if (!result.ok) {
    if (result.reason === "notFound") throw recordNotFound("product");
    return refused(["stock:locationPoints.unknownLocation"]);
  }
  return redirectWithToast(`/products/${productId}`, {
    type: "success",
    title: "toast.success",
    description: "stock:locationPoints.saved",
    values: { location: result.point.locationName },
  });
}
