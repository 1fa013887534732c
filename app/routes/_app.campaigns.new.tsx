import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignForm } from "~/components/CampaignForm/CampaignForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { shopToday } from "~/models/campaign/campaign.server";
import { campaignSchema } from "~/models/campaign/campaign-schema";
import { requireUser } from "~/web/auth.server";
import { type CampaignActionData, saveCampaignForm } from "~/web/campaign/campaign-form.server";
import { formConstraint } from "~/web/form.server";

export const handle = { i18n: ["common", "campaigns"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "campaign:write" });
  return { today: shopToday(), constraint: formConstraint(campaignSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "campaign:write" });
  return saveCampaignForm(request, user, null);
}

export default function NewCampaign() {
  const { t } = useTranslation("campaigns");
  const { today, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CampaignActionData>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/campaigns">
      <CampaignForm
        constraint={constraint}
        id="campaign-new"
        lastResult={actionData?.result}
        submitLabel={t("form.create")}
        defaultValue={{
          name: "",
          description: "",
          startDate: today,
          endDate: today,
          isActive: "true",
          referenceFrozenOn: "",
        }}
      />
    </RouteDialog>
  );
}
