import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { StatCards } from "~/components/StatCards/StatCards";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { listCategories } from "~/models/category.server";
import { requireUser } from "~/utils/auth.server";
import { useCan } from "~/utils/use-can";

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
        add={canEdit && { to: "/categories/new", label: t("add") }}
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
      <div className={table.wrap}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{t("table.name")}</th>
              <th className={table.th}>{t("table.description")}</th>
              <th className={table.th}>{t("table.parent")}</th>
              <th className={`${table.th} ${table.numeric}`}>{t("table.products")}</th>
              {canEdit || canDelete ? (
                <th className={`${table.th} ${table.numeric}`}>{t("table.actions")}</th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id} data-testid="category-row" data-depth={category.depth}>
                <td className={table.td}>
                  <span
                    style={{
                      // A block, so that a long name wraps still indented.
                      display: "inline-block",
                      paddingLeft: `${category.depth * 24}px`,
                      fontWeight: category.depth ? 400 : 600,
                    }}
                  >
                    {category.depth ? <span aria-hidden>└ </span> : null}
                    {category.name}
                  </span>
                </td>
                <td className={`${table.td} ${table.muted}`}>{category.description ?? ""}</td>
                <td className={table.td}>{category.parentName ?? "—"}</td>
                <td className={`${table.td} ${table.numeric}`}>
                  {/* The products filter includes subcategories, so the count does too. */}
                  {category.totalProductCount > 0 ? (
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
                  )}
                </td>
                {canEdit || canDelete ? (
                  <td className={table.td}>
                    <div className={table.actions}>
                      {canEdit ? (
                        <Link
                          to={`/categories/${category.id}/edit`}
                          className={buttonClass("ghost")}
                          aria-label={`${t("common:actions.edit")}: ${category.name}`}
                          preventScrollReset
                        >
                          {t("common:actions.edit")}
                        </Link>
                      ) : null}
                      {canDelete ? (
                        <Link
                          to={`/categories/${category.id}/delete`}
                          className={buttonClass("ghost")}
                          aria-label={`${t("common:actions.delete")}: ${category.name}`}
                          preventScrollReset
                        >
                          {t("common:actions.delete")}
                        </Link>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {categories.length === 0 ? <div className={table.empty}>{t("empty")}</div> : null}
      </div>
    </>
  );
}
