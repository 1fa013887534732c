import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import * as s from "~/components/ProductForm/ProductForm.css";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { deleteCategory, getCategory } from "~/models/category.server";
import { requireUser } from "~/utils/auth.server";
import { categoryRefusalError } from "~/utils/category-form.server";
import { idParam } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "categories"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "category:delete" });
  const id = idParam(params.id);
  const category = id ? await getCategory(id) : null;
  if (!category) throw data(null, { status: 404 });
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
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <RouteDialog title={t("delete.title")} closeTo="/categories">
      <p>{t("delete.question")}</p>
      <p>
        <strong>{category.name}</strong>
      </p>
      <Form method="post" preventScrollReset>
        <div className={s.footer}>
          <Link to="/categories" className={buttonClass("secondary")} preventScrollReset>
            {t("common:actions.cancel")}
          </Link>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? t("common:actions.deleting") : t("common:actions.delete")}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}
