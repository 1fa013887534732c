import { activeLocations } from "~/models/location/location.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

/**
 * A stock screen's `?location=ID` (issue #32): none is every location (the totals); one that is no
 * active location goes back to the screen without it, with a message (never a 500).
 */
export async function readLocationFilter(params: URLSearchParams, back: string) {
  const locations = await activeLocations();
  const raw = params.get("location");
  if (!raw) return { locationId: null, location: null, locations };
  const id = idParam(raw);
  const location = locations.find((found) => found.id === id);
  if (!location)
    throw await redirectWithToast(back, {
      type: "error",
      title: "toast.error",
      description: "locationFilter.unknown",
    });
  return { locationId: location.id, location, locations };
}
