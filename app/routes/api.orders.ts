import { documentCollectionRoute } from "~/web/order/document-api-routes.server";

// GET /api/orders (filters and paging) and POST /api/orders (create).
const route = documentCollectionRoute("order");
export const loader = route.loader;
export const action = route.action;
