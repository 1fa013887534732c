import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignForm } from "~/components/CampaignForm/CampaignForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { getCampaign } from "~/models/campaign/campaign.server";
import { campaignSchema } from "~/models/campaign/campaign-schema";
import { requireUser } from "~/web/auth.server";
import { type CampaignActionData, saveCampaignForm } from "~/web/campaign/campaign-form.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";

export const handle = { i18n: ["common", "campaigns"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "campaign:write" });
  const id = idParam(params.id);
  const campaign = id ? await getCampaign(id) : null;
  if (!campaign) throw recordNotFound("campaign");
  return { campaign, constraint: formConstraint(campaignSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "campaign:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("campaign");
  return saveCampaignForm(request, user, id);
}

export default function EditCampaign() {
  const { t } = useTranslation("campaigns");
  const { campaign, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CampaignActionData>();
  return (
    <RouteDialog title={t("form.editTitle")} closeTo="/campaigns">
      <CampaignForm
        constraint={constraint}
        id={`campaign-edit-${campaign.id}-${campaign.version}`}
        lastResult={actionData?.result}
        submitLabel={t("form.save")}
        defaultValue={{
          name: campaign.name,
          description: campaign.description ?? "",
          startDate: campaign.startDate,
          endDate: campaign.endDate,
          isActive: String(campaign.isActive),
          referenceFrozenOn: campaign.referenceFrozenOn ?? "",
          version: String(campaign.version),
        }}
      />
    </RouteDialog>
  );
}
