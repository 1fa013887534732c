import type { LoaderFunctionArgs } from "@remix-run/node";
import { listProducts } from "~/models/product/product-reads.server";
import { json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

// Products with 10 or fewer in stock, fewest first (spec: an array, up to 1000).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/inventory/low-stock");
  const { products } = await listProducts({
    lowStock: true,
    sort: "stock",
    direction: "asc",
    limit: 1000,
    offset: 0,
  });
  return json(products);
}
