import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CategoryForm } from "~/components/CategoryForm/CategoryForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { categoryOptions } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { requireUser } from "~/web/auth.server";
import { type CategoryActionData, saveCategoryForm } from "~/web/category/category-form.server";
import { formConstraint } from "~/web/form.server";

export const handle = { i18n: ["common", "categories"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "category:write" });
  return { parents: await categoryOptions(), constraint: formConstraint(categorySchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "category:write" });
  return saveCategoryForm(request, null);
}

export default function NewCategory() {
  const { t } = useTranslation("categories");
  const { parents, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CategoryActionData>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/categories">
      <CategoryForm
        constraint={constraint}
        id="category-new"
        lastResult={actionData?.result}
        parents={parents}
        submitLabel={t("form.create")}
      />
    </RouteDialog>
  );
}
