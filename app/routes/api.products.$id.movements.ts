import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProduct } from "~/models/product/product-reads.server";
import { searchParamsObject } from "~/models/product/product-schema";
import { listStockMovements } from "~/models/stock/stock-movement.server";
import { movementQuerySchema } from "~/models/stock/stock-movement-schema";
import { apiError, englishText, json, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

/** GET ?limit=&offset=: a page of the product's stock ledger, newest first, and its length. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/products/{id}/movements");
  const query = movementQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const id = idParam(params.id);
  if (!id || !(await getProduct(id))) return apiError(404, englishText("stock:errors.notFound"));
  return json(await listStockMovements(id, query.data));
}
