import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/models/user/auth-schema";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { createUserSession, LoginError, login } from "~/web/auth.server";

export async function loader() {
  return apiError(405, "Use POST with email and password");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST with email and password");
  const { email, password } = await parseJson(request, loginSchema);
  try {
    const user = await login(email, password, request.headers.get("X-Client-Address") ?? "local");
    return json(user, 200, { "Set-Cookie": await createUserSession(request, user.id) });
  } catch (error) {
    if (error instanceof LoginError) {
      const answer = apiError(error.status, englishText(error.key));
      for (const [name, value] of Object.entries(error.headers)) answer.headers.set(name, value);
      return answer;
    }
    throw error;
  }
}
