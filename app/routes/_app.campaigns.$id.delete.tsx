import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { deleteCampaign, getCampaign } from "~/models/campaign/campaign.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "campaigns"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "campaign:write" });
  const id = idParam(params.id);
  const campaign = id ? await getCampaign(id) : null;
  if (!campaign) throw recordNotFound("campaign");
  return { campaign: { id: campaign.id, name: campaign.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "campaign:write" });
  const id = idParam(params.id);
  if (id && (await deleteCampaign(id, user.id))) {
    return redirectWithToast("/campaigns", {
      type: "success",
      title: "toast.success",
      description: "campaigns:toast.deleted",
    });
  }
  return redirectWithToast("/campaigns", {
    type: "error",
    title: "toast.error",
    description: "campaigns:toast.deleteFailed",
  });
}

export default function DeleteCampaign() {
  const { t } = useTranslation("campaigns");
  const { campaign } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      title={t("delete.title")}
      question={t("delete.question")}
      subject={<strong>{campaign.name}</strong>}
      closeTo="/campaigns"
    />
  );
}
