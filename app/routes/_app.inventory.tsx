import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductList.css";
import { productColumns } from "~/components/ProductList/product-columns";
import { StatCards } from "~/components/StatCards/StatCards";
import { DataTable } from "~/components/Table/DataTable";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { timesQuantity } from "~/models/money";
import { LIST_PAGE_SIZE } from "~/models/product/list-page";
import { listProducts } from "~/models/product/product.server";
import { requireUser } from "~/utils/auth.server";
import { pageNumber } from "~/utils/params";

export const handle = { i18n: ["common", "inventory", "products", "stock-count"] };

const TABS = ["low-stock", "low-margin", "all"] as const;
type Tab = (typeof TABS)[number];
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const tab: Tab = TABS.find((t) => t === params.get("tab")) ?? "low-stock";
  const page = pageNumber(params.get("page"));
  const filters = {
    "low-stock": { lowStock: true, sort: "stock", direction: "asc" },
    "low-margin": { lowMargin: true, sort: "margin", direction: "asc" },
    all: { sort: "name", direction: "asc" },
  } as const;
  const [stats, { products, total }] = await Promise.all([
    getDashboardStats(),
    listProducts({ ...filters[tab], limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
  ]);
  return { stats, tab, page, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)), products, total };
}

export const meta = pageTitle("nav.inventory");

export default function InventoryPage() {
  const { t } = useTranslation("inventory");
  const format = useFormat();
  const { stats, tab, page, pages, products, total } = useLoaderData<typeof loader>();
  const column = productColumns<(typeof products)[number]>(t, format);
  const cards = [
    { label: t("cards.value"), value: format.money(stats.inventoryValue), testId: "inventory-value" },
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
            to={`?tab=${name}`}
            className={buttonClass(name === tab ? "primary" : "secondary")}
            aria-current={name === tab ? "page" : undefined}
            preventScrollReset
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <DataTable
        label={t(`tabs.${tab}`)}
        columns={[
          column.name,
          column.sku,
          column.category,
          column.stock,
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
        to={(n) => `?tab=${tab}&page=${n}`}
        testId="inventory-total"
        total={total}
      />
    </>
  );
}
