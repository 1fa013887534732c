import { type LocationUseCount, onlyLedger, refusingUses, useTextKey } from "~/models/location/location-uses";
import type { LocationDeleteResult, LocationRefusal } from "~/models/location/location-writes.server";
import { apiError, englishText, json } from "~/web/api.server";
import { locationRefusalError } from "./location-form.server";

/** The English words of what keeps a location from being deleted. */
export function usesText(uses: LocationUseCount[]): string {
  const words = refusingUses(uses)
    .map((use) => englishText(useTextKey(use.name, use.count), { count: use.count }))
    .join("; ");
  const text = englishText("locations:errors.inUse", { uses: words });
  return onlyLedger(uses) ? `${text}. ${englishText("locations:errors.ledgerOnly")}` : text;
}

/** The API answer for a refused location write. */
export function locationRefusal(reason: LocationRefusal): Response {
  const { field, key, status } = locationRefusalError(reason);
  const message = englishText(key);
  return field === "form" ? apiError(status, message) : apiError(status, message, { [field]: [message] });
}

/** The API answer for a refused delete: 404, or 409 with the words and the counts by name. */
export function locationDeleteRefusal(result: Extract<LocationDeleteResult, { ok: false }>): Response {
  if (result.reason === "notFound") return apiError(404, englishText("locations:errors.notFound"));
  if (result.reason === "isDefault") return apiError(409, englishText("locations:errors.isDefault"));
  const counts = Object.fromEntries(result.uses.map((use) => [use.name, use.count]));
  return json({ message: usesText(result.uses), counts }, 409);
}
