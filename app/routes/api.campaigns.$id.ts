import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  deleteCampaign,
  getCampaign,
  listCampaignProducts,
  updateCampaign,
} from "~/models/campaign/campaign.server";
import { campaignSchema } from "~/models/campaign/campaign-schema";
import { refusingControlCharacters } from "~/models/clean-text";
import { apiError, englishText, json, readJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";

const notFound = () => apiError(404, englishText("campaigns:errors.notFound"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, "GET /api/campaigns/{id}");
  const id = idParam(params.id);
  const campaign = id ? await getCampaign(id) : null;
  return campaign ? json({ ...campaign, products: await listCampaignProducts(campaign.id) }) : notFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id);
  switch (request.method) {
    case "PATCH": {
      const user = await requireApiUser(request, "PATCH /api/campaigns/{id}");
      const current = id ? await getCampaign(id) : null;
      if (!id || !current) return notFound();
      const body = await readJson(request);
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return apiError(400, "The body must be a JSON object");
      // Fields left out keep their value.
      const { name, description, startDate, endDate, isActive } = current;
      const parsed = refusingControlCharacters(campaignSchema).safeParse({
        name,
        description,
        startDate,
        endDate,
        isActive,
        ...body,
      });
      if (!parsed.success) return validationError(parsed.error);
      const result = await updateCampaign(id, parsed.data, user.id);
      if (result.ok) return json(result.campaign);
      return result.reason === "stale" ? apiError(409, englishText("toast.staleEdit")) : notFound();
    }
    case "DELETE": {
      const user = await requireApiUser(request, "DELETE /api/campaigns/{id}");
      if (!id || !(await deleteCampaign(id, user.id))) return notFound();
      return json({ message: englishText("campaigns:toast.deleted") });
    }
    default:
      return apiError(405, "Use GET, PATCH or DELETE");
  }
}
