import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { UserForm } from "~/components/UserForm/UserForm";
import { findUserById, userVersion } from "~/models/user/user.server";
import { editUserSchema } from "~/models/user/user-schema";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { saveUserForm, type UserActionData } from "~/web/user/user-form.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  const user = id ? await findUserById(id) : null;
  if (!user || !id) throw recordNotFound("user");
  const version = await userVersion(id);
  return { user, version, constraint: formConstraint(editUserSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("user");
  return saveUserForm(request, id);
}

export default function EditUser() {
  const { t } = useTranslation("users");
  const { user, version, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<UserActionData>();
  return (
    <RouteDialog title={t("form.editTitle")} description={user.email} closeTo="/users">
      <UserForm
        constraint={constraint}
        id={`user-edit-${user.id}-${version}`}
        mode="edit"
        lastResult={actionData?.result}
        submitLabel={t("form.save")}
        defaultValue={{
          firstName: user.firstName ?? "",
          lastName: user.lastName ?? "",
          email: user.email,
          role: user.role,
          isActive: String(user.isActive),
          version: String(version),
        }}
      />
    </RouteDialog>
  );
}
