import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/models/product/product-schema";
import { createSupplier, listSuppliers } from "~/models/supplier/supplier.server";
import { supplierQuerySchema, supplierSchema } from "~/models/supplier/supplier-schema";
import { json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { supplierRefusal } from "~/web/supplier/supplier-api.server";

/** GET: suppliers by name, optionally searched (name, contact or e-mail), a page (limit 1-1000, default 50) and the total. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/suppliers");
  const query = supplierQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const { search, limit, offset } = query.data;
  return json(await listSuppliers({ search, limit: limit ?? 50, offset }));
}

/** POST { name, contactName?, email?, phone?, leadTimeDays?, notes? }: 201 with the supplier; 409 for a name in use. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return json({ message: "Use GET or POST" }, 405, { Allow: "GET, HEAD, POST" });
  }
  await requireApiUser(request, "POST /api/suppliers");
  const result = await createSupplier(await parseJson(request, supplierSchema));
  return result.ok ? json(result.supplier, 201) : supplierRefusal(result.reason);
}
