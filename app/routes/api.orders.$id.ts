import { documentItemRoute } from "~/web/order/document-api-routes.server";

// GET /api/orders/:id and PATCH (customer, notes and lines while the order is editable).
const route = documentItemRoute("order");
export const loader = route.loader;
export const action = route.action;
