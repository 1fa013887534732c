import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { UserForm } from "~/components/UserForm/UserForm";
import { createUserByAdmin } from "~/models/user.server";
import { newUserSchema } from "~/models/user-schema";
import { requireUser } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/form.server";
import { redirectWithToast } from "~/utils/toast.server";
import { type UserActionData, userRefusalReply } from "~/utils/user-form.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const submission = parseForm(await readForm(request), newUserSchema);
  if (submission.status !== "success") {
    return data<UserActionData>({ result: submission.reply({ hideFields: ["password"] }) }, 400);
  }
  const result = await createUserByAdmin(submission.value);
  if (!result.ok) return userRefusalReply(submission.reply, result.reason);
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
