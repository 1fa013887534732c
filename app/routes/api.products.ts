import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { confirmationOf } from "~/models/price/below-cost";
import { listProducts } from "~/models/product/product-reads.server";
import { productApiSchema, productQuerySchema, searchParamsObject } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { apiError, json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { productRefusal } from "~/web/product/product-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/products");
  const query = productQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const { search, category, supplierId, status, sort, dir, limit, offset } = query.data;
  return json(
    await listProducts({
      search,
      categoryId: category,
      supplierId,
      status,
      sort,
      direction: dir,
      limit: limit ?? 50,
      offset,
    }),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a product");
  const user = await requireApiUser(request, "POST /api/products");
  const { belowCostReason, ...input } = await parseJson(request, productApiSchema);
  const result = await createProduct(
    input,
    user.id,
    { source: "api" },
    confirmationOf(belowCostReason, user),
  );
  return result.ok ? json(result.product, 201) : productRefusal(result);
}
