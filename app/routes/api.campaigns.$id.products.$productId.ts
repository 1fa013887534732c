import type { ActionFunctionArgs } from "@remix-run/node";
import { removeCampaignProduct } from "~/models/campaign/campaign.server";
import { apiError, englishText, json } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

export function loader() {
  return apiError(405, "Use DELETE to remove the product from the campaign");
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE");
  const user = await requireApiUser(request, "DELETE /api/campaigns/{id}/products/{productId}");
  const id = idParam(params.id);
  const productId = idParam(params.productId);
  if (!id || !productId || !(await removeCampaignProduct(id, productId, user.id)))
    return apiError(404, "Not in this campaign");
  return json({ message: englishText("campaigns:toast.productRemoved") });
}
