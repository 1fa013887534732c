import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getSerialUnit } from "~/models/serial/serial.server";
import { apiError, englishText, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

/** GET: one unit with its product, state, guarantee and timeline. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/serials/{id}");
  const id = idParam(params.id);
  const unit = id ? await getSerialUnit(id) : null;
  return unit ? json(unit) : apiError(404, englishText("serials:errors.notFound"));
}

export function action(_: ActionFunctionArgs) {
  return json({ message: "Use GET" }, 405, { Allow: "GET, HEAD" });
}
