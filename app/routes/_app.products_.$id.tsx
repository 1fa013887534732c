import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { PriceChart } from "~/components/PriceChart/PriceChart";
import { MarginBadge, StatusBadge, StockBadge } from "~/components/ProductBadges/ProductBadges";
import * as s from "~/components/ProductList/ProductDetail.css";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { getProduct, listPriceHistory } from "~/models/product/product.server";
import type { RootData } from "~/root";
import { requireUser } from "~/utils/auth.server";
import { recordNotFound } from "~/utils/not-found.server";
import { idParam } from "~/utils/params";
import { can } from "~/utils/permissions";

export const handle = { i18n: ["common", "products"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) throw recordNotFound("product");
  return { product, history: await listPriceHistory(product.id) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.name ?? "Product"} · VoltStock` },
];

export default function ProductDetail() {
  const { t } = useTranslation("products");
  const { product, history } = useLoaderData<typeof loader>();
  const user = useRouteLoaderData<RootData>("root")?.user;
  const format = useFormat();
  const details: [string, string][] = [
    [t("table.sku"), product.sku],
    [t("table.brand"), product.brand],
    [t("detail.category"), product.categoryName ?? t("form.noCategory")],
    [t("detail.supplier"), product.supplier],
    [t("detail.ean"), product.ean ?? "—"],
    [t("detail.barcode"), product.barcode ?? "—"],
    [t("detail.vatRate"), format.rate(product.vatRate)],
    [t("form.stockLevel"), t("stock.units", { count: product.stockLevel })],
    [t("detail.createdAt"), format.date(product.createdAt)],
    [t("detail.updatedAt"), format.date(product.updatedAt)],
  ];
  return (
    <>
      <Link to="/products" className={s.back}>
        ← {t("detail.back")}
      </Link>
      <PageHeader
        title={product.name}
        lead={
          <span className={s.badges}>
            <StatusBadge status={product.status} />
            <StockBadge stockLevel={product.stockLevel} />
          </span>
        }
        actions={
          can(user?.role, "product:write") ? (
            <Link to={`/products/${product.id}/edit`} className={buttonClass("primary")}>
              {t("common:actions.edit")}
            </Link>
          ) : null
        }
      />
      <div className={s.layout}>
        <div className={s.stack}>
          {product.imageUrl ? <img className={s.image} src={product.imageUrl} alt={product.name} /> : null}
          <Card title={t("detail.details")}>
            <dl className={s.list}>
              {details.map(([term, value]) => (
                <div key={term} style={{ display: "contents" }}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value}>{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
        <div className={s.stack}>
          <Card>
            <div className={s.figures}>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.sellingPrice")}</span>
                <span className={s.big}>{format.money(product.sellingPrice)}</span>
              </div>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.purchasePrice")}</span>
                <span className={s.big}>{format.money(product.purchasePrice)}</span>
                <span className={s.term}>
                  {product.vatInclusive ? t("detail.vatInclusive") : t("detail.vatExclusive")}
                </span>
              </div>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.profit")}</span>
                <span className={s.big}>{format.money(product.profit)}</span>
              </div>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.currentMargin")}</span>
                <span className={s.big} data-testid="current-margin">
                  <MarginBadge margin={product.margin} category={product.marginCategory} />
                </span>
              </div>
            </div>
          </Card>
          <Card title={t("detail.history")}>
            {history.length ? (
              <>
                <PriceChart points={history} />
                <div className={s.spacedAbove} data-testid="price-history">
                  <DataTable
                    label={t("detail.history")}
                    columns={[
                      {
                        key: "changedAt",
                        label: t("detail.changedAt"),
                        cell: (row) => format.dateTime(row.createdAt),
                      },
                      {
                        key: "purchase",
                        kind: "numeric",
                        label: t("detail.purchasePrice"),
                        cell: (row) => format.money(row.purchasePrice),
                      },
                      {
                        key: "selling",
                        kind: "numeric",
                        label: t("detail.sellingPrice"),
                        cell: (row) => format.money(row.sellingPrice),
                      },
                      {
                        key: "margin",
                        kind: "numeric",
                        label: t("table.margin"),
                        cell: (row) => format.percent(Number(row.margin)),
                      },
                      {
                        key: "changedBy",
                        label: t("detail.changedBy"),
                        cell: (row) => (row.changedBy ? <Cut text={row.changedBy} /> : "—"),
                      },
                    ]}
                    rows={[...history].reverse()}
                    rowKey={(row) => row.id}
                  />
                </div>
              </>
            ) : (
              <p className={table.muted}>{t("detail.historyEmpty")}</p>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
