import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as header from "~/components/PageHeader/PageHeader.css";
import * as s from "~/components/ProductList/ProductList.css";
import { useProductColumns } from "~/components/ProductList/product-columns";
import { type Column, DataTable, EditDeleteLinks, RowActions } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { categoryOptions } from "~/models/category/category.server";
import { filtersPreviewHref } from "~/models/label/label-source";
import { LIST_PAGE_SIZE } from "~/models/product/list-page";
import {
  listProductSummaries,
  type ProductSort,
  type ProductSummary,
} from "~/models/product/product-reads.server";
import { productListQuery } from "~/models/product/product-schema";
import { PRODUCT_STATUSES } from "~/models/product/product-status";
import { fromSummaryTuples, toSummaryTuples } from "~/models/product/summary-tuples";
import { findSerialUnits } from "~/models/serial/serial.server";
import { supplierOptions } from "~/models/supplier/supplier.server";
import { requireUser } from "~/web/auth.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "products"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  // A bad value in the address bar is ignored, not an error page.
  const query = productListQuery(url.searchParams);
  // The top bar's search (its only field is `search`) names a serial or an IMEI (issue #31): its
  // unit, not the products. The list's own filter form sends its other fields too, so filtering
  // the list by a text that happens to be a serial stays on the list.
  const fromTopBar = [...url.searchParams.keys()].every((key) => key === "search");
  if (query.search && fromTopBar && url.pathname === "/products") {
    const units = await findSerialUnits(query.search);
    if (units.length === 1) throw redirect(`/serials/${units[0].id}`);
    if (units.length > 1) throw redirect(`/serials?q=${encodeURIComponent(query.search)}`);
  }
  const limit = query.limit ?? LIST_PAGE_SIZE;
  const [{ products, total }, categories, suppliers] = await Promise.all([
    listProductSummaries({
      search: query.search,
      categoryId: query.category,
      supplierId: query.supplierId,
      status: query.status,
      sort: query.sort,
      direction: query.dir,
      limit,
      offset: 0,
    }),
    categoryOptions(),
    supplierOptions(),
  ]);
  // The rows as tuples: their field names once, not on each of 50 rows (summary-tuples.ts).
  return {
    rows: toSummaryTuples(products),
    total,
    limit,
    categories,
    suppliers,
    query,
    // Whether the list is filtered, and the shelf labels of the products its filters choose
    // (issue #30): worked out here, not in the page's script (the product form's pages, nested in
    // this one, are at their script budget).
    filtered: !!(query.search || query.category || query.supplierId || query.status),
    labels: filtersPreviewHref(url.search),
  };
}

type Product = ProductSummary;

export const meta = pageTitle("products:title");

export default function ProductsPage() {
  const { t } = useTranslation("products");
  const { rows, total, limit, categories, suppliers, query, filtered, labels } =
    useLoaderData<typeof loader>();
  // Read back on each render: 50 rows, a few microseconds, and no memo in the page's script.
  const products = fromSummaryTuples(rows);
  const location = useLocation();
  const format = useFormat();
  const canEdit = useCan("product:write");
  const canDelete = useCan("product:delete");
  const canReprice = useCan("price:bulk");
  const secondary = buttonClass("secondary");

  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const text = params.toString();
    return text ? `?${text}` : "";
  };

  const sortHeader = (column: ProductSort, label: string) => {
    const active = query.sort === column;
    const nextDir = active && (query.dir ?? (column === "name" ? "asc" : "desc")) === "asc" ? "desc" : "asc";
    return {
      label,
      sorted: active ? (nextDir === "asc" ? "descending" : "ascending") : undefined,
      header: (
        <Link
          className={s.sortLink}
          to={withParams({ sort: column, dir: nextDir, limit: null })}
          preventScrollReset
          aria-label={t("table.sortBy", { column: label })}
        >
          {label} {active ? (nextDir === "asc" ? "▼" : "▲") : ""}
        </Link>
      ),
    } as const;
  };

  const column = useProductColumns<Product>();
  const columns: Array<Column<Product> | false> = [
    { ...column.name, ...sortHeader("name", t("table.product")) },
    column.sku,
    column.brand,
    { ...column.price, ...sortHeader("price", t("table.price")) },
    { ...column.margin, ...sortHeader("margin", t("table.margin")) },
    { ...column.stock, ...sortHeader("stock", t("table.stock")) },
    column.status,
    (canEdit || canDelete) && {
      key: "actions",
      kind: "actions",
      label: t("table.actions"),
      cell: (product, ids) => (
        <RowActions>
          <EditDeleteLinks
            editTo={canEdit && `${product.id}/edit${location.search}`}
            deleteTo={canDelete && `${product.id}/delete${location.search}`}
            target={product.name}
            targetId={ids.name}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          <span className={header.actions}>
            <Link to={labels} className={secondary}>
              {t("labels")}
            </Link>
            {canEdit ? (
              <>
                <Link to="/products/import" className={secondary}>
                  {t("import")}
                </Link>
                {canReprice ? (
                  <Link to={`/products/reprice${location.search}`} className={secondary}>
                    {t("reprice")}
                  </Link>
                ) : null}
                <Link to={`new${location.search}`} className={buttonClass("primary")} preventScrollReset>
                  {t("add")}
                </Link>
              </>
            ) : null}
          </span>
        }
      />
      <Outlet />
      <Form method="get" className={s.filters} aria-label={t("filters.label")}>
        <div className={`${s.filter} ${s.grow}`}>
          <label className={s.label} htmlFor="product-search">
            {t("filters.search")}
          </label>
          <input
            id="product-search"
            className={s.control}
            type="search"
            name="search"
            defaultValue={query.search ?? ""}
            key={query.search ?? ""}
            placeholder={t("filters.searchPlaceholder")}
          />
        </div>
        <div className={s.filter}>
          <label className={s.label} htmlFor="product-category">
            {t("filters.category")}
          </label>
          <select
            id="product-category"
            className={s.control}
            name="category"
            defaultValue={query.category ?? ""}
            key={`c${query.category ?? ""}`}
          >
            <option value="">{t("filters.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {`${"\u2003".repeat(c.depth)}${c.name}`}
              </option>
            ))}
          </select>
        </div>
        <div className={s.filter}>
          <label className={s.label} htmlFor="product-supplier">
            {t("filters.supplier")}
          </label>
          <select
            id="product-supplier"
            className={s.control}
            name="supplierId"
            defaultValue={query.supplierId ?? ""}
            key={`p${query.supplierId ?? ""}`}
          >
            <option value="">{t("filters.allSuppliers")}</option>
            {suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
        <div className={s.filter}>
          <label className={s.label} htmlFor="product-status">
            {t("filters.status")}
          </label>
          <select
            id="product-status"
            className={s.control}
            name="status"
            defaultValue={query.status ?? ""}
            key={`s${query.status ?? ""}`}
          >
            <option value="">{t("filters.allStatuses")}</option>
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {query.sort !== "newest" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("filters.apply")}
        </Button>
        {filtered ? (
          <Link to="/products" className={secondary}>
            {t("common:actions.clearFilters")}
          </Link>
        ) : null}
      </Form>

      <DataTable
        label={t("title")}
        columns={columns}
        rows={products}
        rowKey={(product) => product.id}
        testId="product-table"
        idPrefix="p"
        empty={
          <>
            <p>
              <strong>{t("table.empty")}</strong>
            </p>
            {filtered ? <p>{t("table.emptyHint")}</p> : null}
          </>
        }
      />
      <div className={s.more}>
        <span className={table.muted} data-testid="product-count">
          {t("table.showing", { shown: format.number(products.length), total: format.number(total) })}
        </span>
        {total > products.length && limit < 1000 ? (
          <Link
            to={withParams({ limit: String(Math.min(limit + LIST_PAGE_SIZE, 1000)) })}
            className={secondary}
            preventScrollReset
          >
            {t("common:actions.loadMore")}
          </Link>
        ) : null}
      </div>
    </>
  );
}
