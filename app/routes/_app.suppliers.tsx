import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductList.css";
import { Cut, DataTable, EditDeleteLinks, RowActions } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { LIST_PAGE_SIZE } from "~/models/product/list-page";
import { searchParamsObject } from "~/models/product/product-schema";
import { listSuppliers } from "~/models/supplier/supplier.server";
import { supplierQuerySchema } from "~/models/supplier/supplier-schema";
import { requireUser } from "~/web/auth.server";
import { pageNumber } from "~/web/params";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "suppliers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  // A bad value in the address bar is ignored, not an error page.
  const parsed = supplierQuerySchema.safeParse({ search: searchParamsObject(params).search });
  const search = parsed.success ? parsed.data.search : null;
  const page = pageNumber(params.get("page"));
  const { suppliers, total } = await listSuppliers({
    search,
    limit: LIST_PAGE_SIZE,
    offset: (page - 1) * LIST_PAGE_SIZE,
  });
  return { suppliers, total, search, page, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) };
}

export const meta = pageTitle("suppliers:title");

export default function SuppliersPage() {
  const { t } = useTranslation("suppliers");
  const format = useFormat();
  const { suppliers, total, search, page, pages } = useLoaderData<typeof loader>();
  const canEdit = useCan("supplier:write");
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (search) params.set("search", search);
    if (n > 1) params.set("page", String(n));
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        add={canEdit && { to: "/suppliers/new", label: t("add") }}
      />
      <Outlet />
      <Form method="get" className={list.filters} role="search">
        <div className={`${list.filter} ${list.grow}`}>
          <label className={list.label} htmlFor="supplier-search">
            {t("search")}
          </label>
          <input
            id="supplier-search"
            className={list.control}
            type="search"
            name="search"
            defaultValue={search ?? ""}
            key={search ?? ""}
            placeholder={t("searchPlaceholder")}
          />
        </div>
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("common:actions.search")}
        </Button>
        {search ? (
          <Link to="/suppliers" className={buttonClass("secondary")}>
            {t("common:actions.clearFilters")}
          </Link>
        ) : null}
      </Form>
      <DataTable
        label={t("title")}
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("table.name"),
            cell: (s) => (
              <>
                <strong className={table.clamp} title={s.name}>
                  <Link to={`/suppliers/${s.id}`} className={list.productName}>
                    {s.name}
                  </Link>
                </strong>
                {s.contactName ? (
                  <div className={table.muted}>
                    <Cut text={s.contactName} max="column" />
                  </div>
                ) : null}
              </>
            ),
          },
          {
            key: "email",
            label: t("table.email"),
            cell: (s) => (s.email ? <Cut text={s.email} max="16rem" /> : "—"),
          },
          {
            key: "phone",
            kind: "badge",
            label: t("table.phone"),
            optional: true,
            cell: (s) => s.phone ?? "—",
          },
          {
            key: "leadTime",
            kind: "numeric",
            label: t("table.leadTime"),
            cell: (s) => t("days", { count: s.leadTimeDays }),
          },
          {
            key: "products",
            kind: "numeric",
            label: t("table.products"),
            cell: (s) =>
              s.productCount > 0 ? (
                <Link to={`/products?supplierId=${s.id}`}>{format.number(s.productCount)}</Link>
              ) : (
                "0"
              ),
          },
          canEdit && {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (s) => (
              <RowActions>
                <EditDeleteLinks
                  editTo={`/suppliers/${s.id}/edit`}
                  deleteTo={`/suppliers/${s.id}/delete`}
                  target={s.name}
                />
              </RowActions>
            ),
          },
        ]}
        rows={suppliers}
        rowKey={(s) => s.id}
        rowProps={(s) => ({ "data-testid": "supplier-row", "data-name": s.name })}
        empty={search ? t("emptySearch") : t("empty")}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t("pageOf", { page, pages, total: format.number(total) })}
        to={query}
        testId="supplier-total"
        total={total}
      />
    </>
  );
}
