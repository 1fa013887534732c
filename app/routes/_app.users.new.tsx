import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { UserForm } from "~/components/UserForm/UserForm";
import { newUserSchema } from "~/models/user/user-schema";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { saveUserForm, type UserActionData } from "~/web/user/user-form.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  return { constraint: formConstraint(newUserSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  return saveUserForm(request, null);
}

export default function NewUser() {
  const { t } = useTranslation("users");
  const actionData = useActionData<UserActionData>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/users">
      <UserForm
        id="user-new"
        constraint={constraint}
        mode="new"
        lastResult={actionData?.result}
        submitLabel={t("form.create")}
      />
    </RouteDialog>
  );
}
