import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createUserByAdmin, listUsers } from "~/models/user/user.server";
import { newUserSchema } from "~/models/user/user-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { userApiRefusal } from "~/web/user/user-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/users");
  return json(await listUsers());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a user");
  await requireApiUser(request, "POST /api/users");
  const result = await createUserByAdmin(await parseJson(request, newUserSchema));
  if (result.ok) return json(result.user, 201);
  return userApiRefusal(result.reason);
}
