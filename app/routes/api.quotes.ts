import { documentCollectionRoute } from "~/web/order/document-api-routes.server";

// GET /api/quotes (filters and paging) and POST /api/quotes (create).
const route = documentCollectionRoute("quote");
export const loader = route.loader;
export const action = route.action;
