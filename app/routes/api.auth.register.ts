import type { ActionFunctionArgs } from "@remix-run/node";
import { registerSchema } from "~/models/user/auth-schema";
import { registerUser } from "~/models/user/user.server";
import { apiError, englishText, json, parseJson } from "~/web/api.server";

export async function loader() {
  return apiError(405, "Use POST with email, password, firstName, lastName and role");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST");
  const input = await parseJson(request, registerSchema);
  const result = await registerUser(input);
  if (!result.ok) {
    return apiError(409, englishText("auth.errors.emailTaken"), {
      email: [englishText("auth.errors.emailTaken")],
    });
  }
  const message = result.user.isActive
    ? englishText("toast.accountCreated")
    : englishText("toast.accountPending");
  return json({ message, user: result.user }, 201);
}
