import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { LocationFilter } from "~/components/LocationFilter/LocationFilter";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductList.css";
import { useProductColumns } from "~/components/ProductList/product-columns";
import { ReorderGroups } from "~/components/ReorderList/ReorderList";
import * as reorderCss from "~/components/ReorderList/ReorderList.css";
import { StatCards } from "~/components/StatCards/StatCards";
import { DataTable } from "~/components/Table/DataTable";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { timesQuantity } from "~/models/money";
import { LIST_PAGE_SIZE } from "~/models/product/list-page";
import { listProductSummaries } from "~/models/product/product-reads.server";
import { listLocationProducts, locationFigures } from "~/models/stock/location-stock.server";
import { listReorder } from "~/models/stock/reorder.server";
import { getSupplier } from "~/models/supplier/supplier.server";
import { requireUser } from "~/web/auth.server";
import { idParam, pageNumber } from "~/web/params";
import { readLocationFilter } from "~/web/stock/location-filter.server";

export const handle = { i18n: ["common", "inventory", "products", "stock-count"] };

const TABS = ["low-stock", "low-margin", "reorder", "all"] as const;
type Tab = (typeof TABS)[number];
type ProductTab = Exclude<Tab, "reorder">;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const tab: Tab = TABS.find((t) => t === params.get("tab")) ?? "low-stock";
  const page = pageNumber(params.get("page"));
  // One location's figures (issue #32), or every location's totals (none, the default).
  const place = await readLocationFilter(params, `/inventory?tab=${tab}`);
  const where = { locationId: place.locationId, location: place.location, locations: place.locations };
  if (tab === "reorder")
    return { ...(await reorderTab(params, page, place.locationId)), ...where, products: null };
  const filters = {
    "low-stock": { lowStock: true, sort: "stock", direction: "asc" },
    "low-margin": { lowMargin: true, sort: "margin", direction: "asc" },
    all: { sort: "name", direction: "asc" },
  } as const;
  const offset = (page - 1) * LIST_PAGE_SIZE;
  // A location's figures serve its cards and its tab's count: read once.
  const figures = place.locationId ? locationFigures(place.locationId) : null;
  const [stats, { products, total }] = await Promise.all([
    getDashboardStats(place.locationId, figures),
    place.locationId && figures
      ? listLocationProducts(
          { locationId: place.locationId, tab, limit: LIST_PAGE_SIZE, offset },
          undefined,
          figures,
        )
      : listProductSummaries({ ...filters[tab], limit: LIST_PAGE_SIZE, offset }),
  ]);
  return {
    ...where,
    stats,
    tab,
    page,
    pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
    products,
    total,
    reorder: null,
  };
}

/** "To reorder": a page of lines grouped by supplier; `?supplier=ID` shows one supplier's. */
async function reorderTab(params: URLSearchParams, page: number, locationId: number | null) {
  const supplierId = idParam(params.get("supplier") ?? undefined);
  const [stats, reorder, supplier] = await Promise.all([
    getDashboardStats(locationId),
    listReorder({ supplierId, locationId, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
    supplierId ? getSupplier(supplierId) : null,
  ]);
  return {
    stats,
    tab: "reorder" as Tab,
    page,
    pages: Math.max(1, Math.ceil(reorder.totalLines / LIST_PAGE_SIZE)),
    total: reorder.totalLines,
    reorder: { ...reorder, supplier: supplier ? { id: supplier.id, name: supplier.name } : null },
  };
}

export const meta = pageTitle("nav.inventory");

export default function InventoryPage() {
  const { t } = useTranslation("inventory");
  const format = useFormat();
  const { stats, tab, page, pages, products, total, reorder, locationId, location, locations } =
    useLoaderData<typeof loader>();
  // Every link of the page keeps the location chosen.
  const at = locationId ? `&location=${locationId}` : "";
  const cards = [
    { label: t("cards.value"), value: format.money(stats.inventoryValue), testId: "inventory-value" },
    // In transit between locations (issue #32): beside the stock on hand, and in the whole value.
    {
      label: t("cards.inTransit"),
      value: format.money(stats.inTransitValue),
      testId: "inventory-in-transit",
    },
    { label: t("cards.totalValue"), value: format.money(stats.totalValue), testId: "inventory-total-value" },
    { label: t("cards.lowStock"), value: format.number(stats.lowStockCount), testId: "inventory-low-stock" },
    {
      label: t("cards.lowMargin"),
      value: format.number(stats.lowMarginCount),
      testId: "inventory-low-margin",
    },
  ];
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          <Link to="/inventory/count" className={buttonClass("secondary")}>
            {t("stock-count:link")}
          </Link>
        }
      />
      <StatCards items={cards} />
      <nav className={list.filters} aria-label={t("tabs.label")}>
        {TABS.map((name) => (
          <Link
            key={name}
            to={`?tab=${name}${at}`}
            className={buttonClass(name === tab ? "primary" : "secondary")}
            aria-current={name === tab ? "page" : undefined}
            preventScrollReset
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <LocationFilter
        locations={locations}
        locationId={locationId}
        keep={{ tab, supplier: reorder?.supplier ? String(reorder.supplier.id) : null }}
      />
      {location ? (
        <p className={reorderCss.summary} data-testid="location-shown">
          {t("common:locationFilter.showing", { location: location.name })}
        </p>
      ) : null}
      {reorder ? (
        <Reorder reorder={reorder} page={page} pages={pages} at={at} />
      ) : (
        <ProductTable
          tab={tab as ProductTab}
          products={products ?? []}
          page={page}
          pages={pages}
          total={total}
          at={at}
          stockLabel={location ? t("common:locationFilter.stockAt", { location: location.name }) : null}
        />
      )}
    </>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** The reorder tab: its totals, a card per supplier, and the pages. */
function Reorder({
  reorder,
  page,
  pages,
  at,
}: {
  reorder: NonNullable<Loaded["reorder"]>;
  page: number;
  pages: number;
  at: string;
}) {
  const { t } = useTranslation("inventory");
  const format = useFormat();
  const only = reorder.supplier;
  const to = (n: number) =>
    `?tab=reorder${only ? `&supplier=${only.id}` : ""}${at}${n > 1 ? `&page=${n}` : ""}`;
  return (
    <>
      <p className={reorderCss.summary} data-testid="reorder-summary">
        {reorder.totalLines === 0
          ? t("reorder.none")
          : t("reorder.summary", {
              count: reorder.totalLines,
              lines: format.number(reorder.totalLines),
              suppliers: format.number(reorder.suppliers),
              value: format.money(reorder.value),
            })}{" "}
        {t("reorder.rule", {
          point: format.number(reorder.defaults.reorderPoint),
          quantity: format.number(reorder.defaults.reorderQuantity),
        })}
      </p>
      {only ? (
        <p className={reorderCss.summary}>
          {t("reorder.onlySupplier", { supplier: only.name })}{" "}
          <Link to={`?tab=reorder${at}`} data-testid="reorder-all-suppliers">
            {t("reorder.allSuppliers")}
          </Link>
        </p>
      ) : null}
      <ReorderGroups groups={reorder.groups} />
      {reorder.totalLines > 0 ? (
        <Pager
          page={page}
          pages={pages}
          summary={t("reorder.pageOf", { page, pages, total: format.number(reorder.totalLines) })}
          to={to}
          testId="reorder-total"
          total={reorder.totalLines}
        />
      ) : null}
    </>
  );
}

/** The product tabs: a page of products and the pages. */
function ProductTable({
  tab,
  products,
  page,
  pages,
  total,
  at,
  stockLabel,
}: {
  tab: ProductTab;
  products: NonNullable<Loaded["products"]>;
  page: number;
  pages: number;
  total: number;
  at: string;
  /** the stock column's heading at one location */
  stockLabel: string | null;
}) {
  const { t } = useTranslation("inventory");
  const format = useFormat();
  const column = useProductColumns<(typeof products)[number]>();
  return (
    <>
      <DataTable
        label={t(`tabs.${tab}`)}
        columns={[
          column.name,
          column.sku,
          column.category,
          stockLabel ? { ...column.stock, label: stockLabel } : column.stock,
          column.price,
          {
            key: "value",
            kind: "numeric",
            label: t("table.value"),
            cell: (product) => format.money(timesQuantity(product.sellingPrice, product.stockLevel)),
          },
          column.margin,
        ]}
        rows={products}
        rowKey={(product) => product.id}
        rowProps={() => ({ "data-testid": "inventory-row" })}
        empty={t(`empty.${tab}`)}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t("pageOf", { page, pages, total: format.number(total) })}
        to={(n) => `?tab=${tab}${at}&page=${n}`}
        testId="inventory-total"
        total={total}
      />
    </>
  );
}
