import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownLocationChoice } from "~/models/location/location-writes.server";
import { json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** The signed-in user, with their own location (issue #32; null: the default one is theirs). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, "GET /api/auth/user");
  const choice = await ownLocationChoice(user.id);
  const own = choice.locations.find((location) => location.id === choice.own);
  return json({ ...user, location: own ? { id: own.id, name: own.name } : null });
}
