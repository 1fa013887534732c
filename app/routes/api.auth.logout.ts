import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, json } from "~/web/api.server";
import { destroyUserSession } from "~/web/auth.server";

export async function loader() {
  return apiError(405, "Use POST to sign out");
}

export async function action({ request }: ActionFunctionArgs) {
  return json({ message: "Signed out" }, 200, { "Set-Cookie": await destroyUserSession(request) });
}
