import { documentItemRoute } from "~/web/order/document-api-routes.server";

// GET /api/quotes/:id and PATCH (customer, notes and lines while the quote is editable).
const route = documentItemRoute("quote");
export const loader = route.loader;
export const action = route.action;
