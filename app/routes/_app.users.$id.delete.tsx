import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { displayName } from "~/models/user/user";
import { deleteUser, findUserById } from "~/models/user/user.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";
import { userRefusal } from "~/web/user/user-form.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  const user = id ? await findUserById(id) : null;
  if (!user) throw recordNotFound("user");
  return { user: { id: user.id, name: displayName(user), email: user.email } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requireUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  const result = id ? await deleteUser(id, me.id) : ({ ok: false, reason: "notFound" } as const);
  if (result.ok) {
    return redirectWithToast("/users", {
      type: "success",
      title: "toast.success",
      description: "users:toast.deleted",
    });
  }
  return redirectWithToast("/users", {
    type: "error",
    title: "users:toast.deleteFailed",
    description: userRefusal(result.reason).key,
  });
}

export default function DeleteUser() {
  const { t } = useTranslation("users");
  const { user } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      title={t("delete.title")}
      question={t("delete.question")}
      subject={
        <>
          <strong>{user.name}</strong> {user.email}
        </>
      }
      closeTo="/users"
    />
  );
}
