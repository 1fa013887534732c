import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import {
  changeSupplierClaim,
  deleteSupplierClaim,
  getSupplierClaim,
} from "~/models/supplier-claim/supplier-claim.server";
import { claimChangeSchema, claimDeleteSchema } from "~/models/supplier-claim/supplier-claim-schema";
import { json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readJsonObject } from "~/web/order/order-api.server";
import { idParam } from "~/web/params";
import { claimNotFound, claimRefusal } from "~/web/supplier-claim/supplier-claim-api.server";

// GET /api/supplier-claims/:id, PATCH (a draft's note and lines), DELETE (a draft).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/supplier-claims/{id}");
  const id = idParam(params.id);
  const claim = id ? await getSupplierClaim(id) : null;
  return claim ? json(claim) : claimNotFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PATCH": {
      await requireApiUser(request, "PATCH /api/supplier-claims/{id}");
      const id = idParam(params.id);
      const current = id ? await getSupplierClaim(id) : null;
      if (!id || !current) return claimNotFound();
      const body = await readJsonObject(request);
      // A note left out keeps its value; lines left out keep the lines as they are.
      const parsed = refusingControlCharacters(claimChangeSchema).safeParse({ note: current.note, ...body });
      if (!parsed.success) return validationError(parsed.error);
      const result = await changeSupplierClaim(id, parsed.data);
      return result.ok ? json(result.claim) : claimRefusal(result);
    }
    case "DELETE": {
      await requireApiUser(request, "DELETE /api/supplier-claims/{id}");
      const id = idParam(params.id);
      if (!id || !(await getSupplierClaim(id))) return claimNotFound();
      const { version } = await parseJson(request, claimDeleteSchema, { optional: true });
      const result = await deleteSupplierClaim(id, version);
      return result.ok ? json({ id, number: result.number }) : claimRefusal(result);
    }
    default:
      return json({ message: "Use GET, PATCH or DELETE" }, 405, { Allow: "GET, HEAD, PATCH, DELETE" });
  }
}
