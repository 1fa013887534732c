import { apiError } from "~/web/api.server";

// Unknown /api paths answer JSON, not the HTML 404 page.
export function loader() {
  return apiError(404, "Not found");
}

export function action() {
  return apiError(404, "Not found");
}
