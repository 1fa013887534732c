import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { locationSchema } from "~/models/location/location-schema";
import { deleteLocation, getLocation, updateLocation } from "~/models/location/location-writes.server";
import { apiError, englishText, json, readJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { locationDeleteRefusal, locationRefusal } from "~/web/location/location-api.server";
import { idParam } from "~/web/params";

const notFound = () => apiError(404, englishText("locations:errors.notFound"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/locations/{id}");
  const id = idParam(params.id);
  const location = id ? await getLocation(id) : null;
  return location ? json(location) : notFound();
}

/**
 * PATCH: a partial update; fields left out keep their value (send `version` to be refused, 409,
 * when someone changed the location since). DELETE: 200 { message }; 409 { message, counts } while
 * it holds stock, has a ledger or open documents name it, and for the default.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, "PATCH /api/locations/{id}");
      const current = id ? await getLocation(id) : null;
      if (!id || !current) return notFound();
      const body = await readJson(request);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return apiError(400, "The body must be a JSON object");
      const { id: _id, stockUnits, stockProducts, createdAt, updatedAt, version, ...editable } = current;
      const parsed = refusingControlCharacters(locationSchema).safeParse({ ...editable, ...body });
      if (!parsed.success) return validationError(parsed.error);
      const result = await updateLocation(id, parsed.data);
      return result.ok ? json(result.location) : locationRefusal(result.reason);
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/locations/{id}");
      if (!id) return notFound();
      const result = await deleteLocation(id);
      return result.ok
        ? json({ message: englishText("locations:toast.deleted") })
        : locationDeleteRefusal(result);
    }
    default:
      return json({ message: "Use GET, PATCH or DELETE" }, 405, { Allow: "GET, HEAD, PATCH, DELETE" });
  }
}
