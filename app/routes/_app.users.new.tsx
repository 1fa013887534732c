import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { UserForm } from "~/components/UserForm/UserForm";
import { createUserByAdmin } from "~/models/user.server";
import { newUserSchema } from "~/models/user-schema";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readUserForm, type UserActionData, userRefusalReply } from "~/utils/user-form.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const submitted = await readUserForm(request, newUserSchema);
  if (!submitted.ok) return submitted.response;
  const result = await createUserByAdmin(submitted.value);
  if (!result.ok) return userRefusalReply(submitted.reply, result.reason);
  return redirectWithToast("/users", {
    type: "success",
    title: "toast.success",
    description: "users:toast.created",
  });
}

export default function NewUser() {
  const { t } = useTranslation("users");
  const actionData = useActionData<UserActionData>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/users">
      <UserForm id="user-new" mode="new" lastResult={actionData?.result} submitLabel={t("form.create")} />
    </RouteDialog>
  );
}
