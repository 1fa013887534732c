import type { CategoryRefusal } from "~/models/category/category.server";
import { apiError, englishText } from "~/web/api.server";
import { categoryRefusalError } from "./category-form.server";

/** The API answer for a refused category write. */
export function categoryRefusal(reason: CategoryRefusal): Response {
  const { field, key, status } = categoryRefusalError(reason);
  const message = englishText(key);
  return field === "form" ? apiError(status, message) : apiError(status, message, { [field]: [message] });
}
