import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { UserForm } from "~/components/UserForm/UserForm";
import { saveUserForm, type UserActionData } from "~/models/user/user-form.server";
import { requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  return saveUserForm(request, null);
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
