import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addCampaignProduct, getCampaign, listCampaignProducts } from "~/models/campaign/campaign.server";
import { campaignProductSchema } from "~/models/campaign/campaign-schema";
import { isBelowCostRefusal } from "~/models/price/below-cost";
import { apiError, englishText, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { belowCostApiRefusal } from "~/web/below-cost.server";
import { idParam } from "~/web/params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/campaigns/{id}/products");
  const id = idParam(params.id);
  if (!id || !(await getCampaign(id))) return apiError(404, englishText("campaigns:errors.notFound"));
  return json(await listCampaignProducts(id));
}

// POST { productId | sku, discountPrice | discountPercent, belowCostReason? }
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to add a product");
  const user = await requireApiUser(request, "POST /api/campaigns/{id}/products");
  const id = idParam(params.id);
  if (!id) return apiError(404, englishText("campaigns:errors.notFound"));
  const result = await addCampaignProduct(id, await parseJson(request, campaignProductSchema), user);
  if (result.ok) return json(await listCampaignProducts(id), 201);
  if (isBelowCostRefusal(result)) return belowCostApiRefusal(result);
  if (result.reason === "campaignNotFound") return apiError(404, englishText("campaigns:errors.notFound"));
  const field = result.reason === "unknownProduct" ? "productId" : "discountPrice";
  const message = englishText(`campaigns:errors.${result.reason}`);
  return apiError(400, message, { [field]: [message] });
}
