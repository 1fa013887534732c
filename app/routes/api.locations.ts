import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { locationSchema } from "~/models/location/location-schema";
import { createLocation, listLocations } from "~/models/location/location-writes.server";
import { json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { locationRefusal } from "~/web/location/location-api.server";

/** GET: every location by name, with its units and products in stock. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/locations");
  return json(await listLocations());
}

/** POST { name, kind?, address?, active?, isDefault? }: 201 with the location; 409 for a name in use or an inactive default. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return json({ message: "Use GET or POST" }, 405, { Allow: "GET, HEAD, POST" });
  }
  await requireApiUser(request, "POST /api/locations");
  const result = await createLocation(await parseJson(request, locationSchema));
  return result.ok ? json(result.location, 201) : locationRefusal(result.reason);
}
