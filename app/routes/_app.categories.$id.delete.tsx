import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { deleteCategory, getCategory } from "~/models/category/category.server";
import { requireUser } from "~/web/auth.server";
import { categoryRefusalError } from "~/web/category/category-form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "categories"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "category:delete" });
  const id = idParam(params.id);
  const category = id ? await getCategory(id) : null;
  if (!category) throw recordNotFound("category");
  return { category: { id: category.id, name: category.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "category:delete" });
  const id = idParam(params.id);
  const result = id ? await deleteCategory(id) : ({ ok: false, reason: "notFound" } as const);
  if (result.ok) {
    return redirectWithToast("/categories", {
      type: "success",
      title: "toast.success",
      description: "categories:toast.deleted",
    });
  }
  return redirectWithToast("/categories", {
    type: "error",
    title: "categories:toast.deleteFailed",
    description: categoryRefusalError(result.reason).key,
  });
}

export default function DeleteCategory() {
  const { t } = useTranslation("categories");
  const { category } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      title={t("delete.title")}
      question={t("delete.question")}
      subject={<strong>{category.name}</strong>}
      closeTo="/categories"
    />
  );
}
