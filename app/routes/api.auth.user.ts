import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await requireApiUser(request, "GET /api/auth/user"));
}
