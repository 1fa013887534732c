import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListFileActions } from "~/components/ListFiles/ListFiles";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { StatCards } from "~/components/StatCards/StatCards";
import { Cut, DataTable, EditDeleteLinks, RowActions } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { listCategories } from "~/models/category/category.server";
import { requireUser } from "~/web/auth.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "categories"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { categories: await listCategories() };
}

export const meta = pageTitle("categories:title");

export default function CategoriesPage() {
  const { t } = useTranslation("categories");
  const { categories } = useLoaderData<typeof loader>();
  const canEdit = useCan("category:write");
  const canDelete = useCan("category:delete");
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          <ListFileActions
            type="categories"
            importTo={canEdit && "/categories/import"}
            add={canEdit && { to: "/categories/new", label: t("add") }}
          />
        }
      />
      <StatCards
        items={[
          { label: t("cards.total"), value: categories.length, testId: "categories-total" },
          {
            label: t("cards.roots"),
            value: categories.filter((c) => c.parentId === null).length,
            testId: "categories-roots",
          },
        ]}
      />
      <Outlet />
      <DataTable
        label={t("title")}
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("table.name"),
            cell: (category) => (
              <span
                className={table.clamp}
                title={category.name}
                style={{
                  // Indented by depth, a long name wraps still indented.
                  paddingLeft: `${category.depth * 24}px`,
                  fontWeight: category.depth ? 400 : 600,
                }}
              >
                {category.depth ? <span aria-hidden>└ </span> : null}
                {category.name}
              </span>
            ),
          },
          {
            key: "description",
            label: t("table.description"),
            folds: true,
            cell: (category) =>
              category.description ? (
                <span className={`${table.muted} ${table.clamp}`} title={category.description}>
                  {category.description}
                </span>
              ) : null,
          },
          {
            key: "parent",
            label: t("table.parent"),
            cell: (category) => (category.parentName ? <Cut text={category.parentName} /> : "—"),
          },
          {
            key: "products",
            kind: "numeric",
            label: t("table.products"),
            // The products filter includes subcategories, so the count does too.
            cell: (category) =>
              category.totalProductCount > 0 ? (
                <Link
                  to={`/products?category=${category.id}`}
                  aria-label={t("table.productsLink", {
                    count: category.totalProductCount,
                    name: category.name,
                  })}
                >
                  {category.totalProductCount}
                </Link>
              ) : (
                0
              ),
          },
          (canEdit || canDelete) && {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (category) => (
              <RowActions>
                <EditDeleteLinks
                  editTo={canEdit && `/categories/${category.id}/edit`}
                  deleteTo={canDelete && `/categories/${category.id}/delete`}
                  target={category.name}
                />
              </RowActions>
            ),
          },
        ]}
        rows={categories}
        rowKey={(category) => category.id}
        rowProps={(category) => ({ "data-testid": "category-row", "data-depth": category.depth })}
        empty={t("empty")}
      />
    </>
  );
}
