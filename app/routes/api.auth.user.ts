import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await requireApiUser(request));
}
