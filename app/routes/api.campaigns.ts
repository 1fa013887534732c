import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCampaign, listCampaigns } from "~/models/campaign/campaign.server";
import { campaignSchema } from "~/models/campaign/campaign-schema";
import { apiError, json, parseJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/campaigns");
  return json(await listCampaigns());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to create a campaign");
  const user = await requireApiUser(request, "POST /api/campaigns");
  // createdBy is the signed-in user, whatever the body says.
  return json(await createCampaign(await parseJson(request, campaignSchema), user.id), 201);
}
