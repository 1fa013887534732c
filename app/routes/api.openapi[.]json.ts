import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/models/api-doc/openapi.server";
import { json } from "~/web/api.server";

// GET /api/openapi.json: the API described for integrators (public, like any API's reference).
export function loader({ request }: LoaderFunctionArgs) {
  return json(openApiDocument(new URL(request.url).origin));
}
