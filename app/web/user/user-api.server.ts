import type { UserRefusal } from "~/models/user/user.server";
import { apiError, englishText } from "~/web/api.server";
import { userRefusal } from "~/web/user/user-form.server";

/** The API answer for a refused user write (the same key and status as the page form's). */
export function userApiRefusal(reason: UserRefusal): Response {
  const { key, status, field } = userRefusal(reason);
  return apiError(status, englishText(key), field ? { [field]: [englishText(key)] } : undefined);
}
