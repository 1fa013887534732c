import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeLabelDefaults } from "~/models/label/label-setting.server";
import { labelSettingSchema } from "~/models/label/label-setting-schema";
import { redirect, requireUser } from "~/web/auth.server";
import { parseForm, readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

// /labels/settings: the shop's default shelf-label layout, changed by admins and managers with the
// "Default layout" form on /labels, which the answer goes back to (with or without JavaScript).

/** The form lives on /labels: this address has no page of its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "label:configure" });
  return redirect("/labels");
}

/** Saved: back to /labels with a toast. Refused (a layout or resolution not in the lists): back with its message, nothing changed. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "label:configure" });
  const submission = parseForm(await readForm(request), labelSettingSchema);
  const changed = submission.status === "success" ? await changeLabelDefaults(submission.value) : null;
  if (!changed?.ok) {
    const messages =
      submission.status === "success"
        ? (changed?.error.issues.map((issue) => issue.message) ?? [])
        : Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []);
    return redirectWithToast("/labels", {
      type: "error",
      title: "toast.error",
      description: messages[0] ?? "labels.refusal.unknownLayout",
    });
  }
  return redirectWithToast("/labels", {
    type: "success",
    title: "toast.success",
    description: "labels.settingsSaved",
  });
}
