import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { createCampaign, updateCampaign } from "~/models/campaign/campaign.server";
import { campaignSchema } from "~/models/campaign/campaign-schema";
import type { PublicUser } from "~/models/user/user.server";
import { parseForm, readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

export type CampaignActionData = { result: SubmissionResult<string[]> };

/** The add and edit campaign forms' action: one parse, one write, a toast back on the list. */
export async function saveCampaignForm(request: Request, user: PublicUser, id: number | null) {
  const submission = parseForm(await readForm(request), campaignSchema);
  if (submission.status !== "success") return data<CampaignActionData>({ result: submission.reply() }, 400);
  if (id === null) {
    await createCampaign(submission.value, user.id);
    return redirectWithToast("/campaigns", {
      type: "success",
      title: "toast.success",
      description: "campaigns:toast.created",
    });
  }
  const result = await updateCampaign(id, submission.value, user.id);
  if (!result.ok) {
    const key = result.reason === "stale" ? "toast.staleEdit" : "campaigns:errors.notFound";
    return data<CampaignActionData>(
      { result: submission.reply({ formErrors: [key] }) },
      result.reason === "stale" ? 409 : 404,
    );
  }
  return redirectWithToast("/campaigns", {
    type: "success",
    title: "toast.success",
    description: "campaigns:toast.updated",
  });
}
