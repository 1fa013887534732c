import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { MarginBadge, StatusBadge, StockBadge } from "~/components/ProductBadges/ProductBadges";
import * as s from "~/components/ProductList/ProductList.css";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { categoryOptions } from "~/models/category.server";
import { listProducts, type ProductSort } from "~/models/product.server";
import { productQuerySchema, searchParamsObject } from "~/models/product-schema";
import { PRODUCT_STATUSES } from "~/models/product-status";
import { isLowStock } from "~/models/stock";
import { requireUser } from "~/utils/auth.server";
import { useCan } from "~/utils/use-can";
import { useSettings } from "~/utils/use-settings";

export const handle = { i18n: ["common", "products"] };

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  // A bad value in the address bar is ignored, not an error page.
  const parsed = productQuerySchema.safeParse(searchParamsObject(params));
  const query = parsed.success ? parsed.data : productQuerySchema.parse({});
  const limit = query.limit ?? PAGE_SIZE;
  const [{ products, total }, categories] = await Promise.all([
    listProducts({
      search: query.search,
      categoryId: query.category,
      status: query.status,
      sort: query.sort,
      direction: query.dir,
      limit,
      offset: 0,
    }),
    categoryOptions(),
  ]);
  return { products, total, limit, categories, query };
}

export const meta = pageTitle("products:title");

export default function ProductsPage() {
  const { t } = useTranslation("products");
  const { products, total, limit, categories, query } = useLoaderData<typeof loader>();
  const location = useLocation();
  const format = useFormat();
  const { lowStockAtMost } = useSettings();
  const canEdit = useCan("product:write");
  const canDelete = useCan("product:delete");
  const filtered = !!(query.search || query.category || query.status);

  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const text = params.toString();
    return text ? `?${text}` : "";
  };

  const sortHeader = (column: ProductSort, label: string, numeric = false) => {
    const active = query.sort === column;
    const nextDir = active && (query.dir ?? (column === "name" ? "asc" : "desc")) === "asc" ? "desc" : "asc";
    return (
      <th
        className={numeric ? `${table.th} ${table.numeric}` : table.th}
        aria-sort={active ? (nextDir === "asc" ? "descending" : "ascending") : undefined}
      >
        <Link
          className={s.sortLink}
          to={withParams({ sort: column, dir: nextDir, limit: null })}
          preventScrollReset
          aria-label={t("table.sortBy", { column: label })}
        >
          {label} {active ? (nextDir === "asc" ? "▼" : "▲") : ""}
        </Link>
      </th>
    );
  };

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          canEdit ? (
            <span className={s.stockCell}>
              <Link to="/products/import" className={buttonClass("secondary")}>
                {t("import")}
              </Link>
              <Link to={`new${location.search}`} className={buttonClass("primary")} preventScrollReset>
                {t("add")}
              </Link>
            </span>
          ) : null
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
                {"\u2003".repeat(c.depth)}
                {c.name}
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
          <Link to="/products" className={buttonClass("secondary")}>
            {t("common:actions.clearFilters")}
          </Link>
        ) : null}
      </Form>

      <div className={table.wrap}>
        <table className={table.table}>
          <thead>
            <tr>
              {sortHeader("name", t("table.product"))}
              <th className={table.th}>{t("table.sku")}</th>
              <th className={table.th}>{t("table.brand")}</th>
              {sortHeader("price", t("table.price"), true)}
              {sortHeader("margin", t("table.margin"))}
              {sortHeader("stock", t("table.stock"))}
              <th className={table.th}>{t("table.status")}</th>
              {canEdit || canDelete ? (
                <th className={`${table.th} ${table.numeric}`}>{t("table.actions")}</th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id} data-testid="product-row">
                <td className={table.td}>
                  <div className={s.productCell}>
                    {product.imageUrl ? (
                      <img className={s.thumb} src={product.imageUrl} alt="" loading="lazy" />
                    ) : null}
                    <div>
                      <Link to={`/products/${product.id}`} className={s.productName}>
                        {product.name}
                      </Link>
                      {product.categoryName ? (
                        <div className={table.muted}>{product.categoryName}</div>
                      ) : null}
                    </div>
                  </div>
                </td>
                <td className={table.td}>
                  <code>{product.sku}</code>
                </td>
                <td className={table.td}>{product.brand}</td>
                <td className={`${table.td} ${table.numeric}`}>{format.money(product.sellingPrice)}</td>
                <td className={table.td}>
                  <MarginBadge margin={product.margin} category={product.marginCategory} />
                </td>
                <td className={table.td}>
                  <div className={s.stockCell}>
                    <span
                      className={isLowStock(product.stockLevel, lowStockAtMost) ? s.lowStock : undefined}
                      data-testid="stock-level"
                    >
                      {product.stockLevel}
                    </span>
                    <StockBadge stockLevel={product.stockLevel} />
                  </div>
                </td>
                <td className={table.td}>
                  <StatusBadge status={product.status} />
                </td>
                {canEdit || canDelete ? (
                  <td className={table.td}>
                    <div className={table.actions}>
                      {canEdit ? (
                        <Link
                          to={`${product.id}/edit${location.search}`}
                          className={buttonClass("ghost")}
                          preventScrollReset
                          aria-label={`${t("common:actions.edit")}: ${product.name}`}
                        >
                          {t("common:actions.edit")}
                        </Link>
                      ) : null}
                      {canDelete ? (
                        <Link
                          to={`${product.id}/delete${location.search}`}
                          className={buttonClass("ghost")}
                          preventScrollReset
                          aria-label={`${t("common:actions.delete")}: ${product.name}`}
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
        {products.length === 0 ? (
          <div className={table.empty}>
            <p>
              <strong>{t("table.empty")}</strong>
            </p>
            {filtered ? <p>{t("table.emptyHint")}</p> : null}
          </div>
        ) : null}
      </div>
      <div className={s.more}>
        <span className={table.muted} data-testid="product-count">
          {t("table.showing", { shown: format.number(products.length), total: format.number(total) })}
        </span>
        {total > products.length && limit < 1000 ? (
          <Link
            to={withParams({ limit: String(Math.min(limit + PAGE_SIZE, 1000)) })}
            className={buttonClass("secondary")}
            preventScrollReset
          >
            {t("common:actions.loadMore")}
          </Link>
        ) : null}
      </div>
    </>
  );
}
