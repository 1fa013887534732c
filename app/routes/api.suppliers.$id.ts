import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import { deleteSupplier, getSupplier, updateSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { apiError, englishText, json, readJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import { supplierDeleteRefusal, supplierRefusal } from "~/web/supplier/supplier-api.server";

const notFound = () => apiError(404, englishText("suppliers:errors.notFound"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/suppliers/{id}");
  const id = idParam(params.id);
  const supplier = id ? await getSupplier(id) : null;
  return supplier ? json(supplier) : notFound();
}

/**
 * PATCH: a partial update; fields left out keep their value (send `version` to be refused, 409,
 * when someone changed the supplier since). DELETE: 200 { message }; 409 while products or
 * purchase orders name the supplier.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, "PATCH /api/suppliers/{id}");
      const current = id ? await getSupplier(id) : null;
      if (!id || !current) return notFound();
      const body = await readJson(request);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return apiError(400, "The body must be a JSON object");
      const { id: _id, productCount, createdAt, updatedAt, version, ...editable } = current;
      const parsed = refusingControlCharacters(supplierSchema).safeParse({ ...editable, ...body });
      if (!parsed.success) return validationError(parsed.error);
      const result = await updateSupplier(id, parsed.data);
      return result.ok ? json(result.supplier) : supplierRefusal(result.reason);
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/suppliers/{id}");
      if (!id) return notFound();
      const result = await deleteSupplier(id);
      return result.ok
        ? json({ message: englishText("suppliers:toast.deleted") })
        : supplierDeleteRefusal(result);
    }
    default:
      return json({ message: "Use GET, PATCH or DELETE" }, 405, { Allow: "GET, HEAD, PATCH, DELETE" });
  }
}
