import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CategoryForm } from "~/components/CategoryForm/CategoryForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { categoryOptions, getCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { requireUser } from "~/web/auth.server";
import { type CategoryActionData, saveCategoryForm } from "~/web/category/category-form.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";

export const handle = { i18n: ["common", "categories"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "category:write" });
  const id = idParam(params.id);
  const category = id ? await getCategory(id) : null;
  if (!category) throw recordNotFound("category");
  // Its own subtree cannot be its parent: leave it out of the choices.
  const options = await categoryOptions();
  const start = options.findIndex((o) => o.id === category.id);
  let end = start + 1;
  while (end < options.length && options[end].depth > options[start].depth) end++;
  return {
    category,
    parents: [...options.slice(0, start), ...options.slice(end)],
    constraint: formConstraint(categorySchema),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "category:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("category");
  return saveCategoryForm(request, id);
}

export default function EditCategory() {
  const { t } = useTranslation("categories");
  const { category, parents, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CategoryActionData>();
  return (
    <RouteDialog title={t("form.editTitle")} closeTo="/categories">
      <CategoryForm
        constraint={constraint}
        id={`category-edit-${category.id}-${category.version}`}
        lastResult={actionData?.result}
        parents={parents}
        submitLabel={t("form.save")}
        defaultValue={{
          name: category.name,
          description: category.description ?? "",
          parentId: category.parentId ? String(category.parentId) : "",
          version: String(category.version),
        }}
      />
    </RouteDialog>
  );
}
