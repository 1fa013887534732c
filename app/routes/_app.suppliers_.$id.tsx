import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as s from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import { useProductColumns } from "~/components/ProductList/product-columns";
import { StatCards } from "~/components/StatCards/StatCards";
import { DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import { listProducts } from "~/models/product/product-reads.server";
import { reorderTotals } from "~/models/stock/reorder.server";
import { getSupplier } from "~/models/supplier/supplier.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "suppliers", "products"] };

/** The supplier's newest products the page shows; the products list shows them all. */
const LATEST = 10;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const supplier = id ? await getSupplier(id) : null;
  if (!supplier) throw recordNotFound("supplier");
  const [{ products }, reorder] = await Promise.all([
    listProducts({ supplierId: supplier.id, sort: "newest", limit: LATEST, offset: 0 }),
    reorderTotals(supplier.id),
  ]);
  return { supplier, products, reorder };
}

export default function SupplierPage() {
  const { t } = useTranslation("suppliers");
  const format = useFormat();
  const { supplier: sup, products, reorder } = useLoaderData<typeof loader>();
  const canEdit = useCan("supplier:write");
  const column = useProductColumns<(typeof products)[number]>();
  const details: [string, string, string][] = [
    [t("detail.contactName"), sup.contactName ?? "—", "contact"],
    [t("detail.email"), sup.email ?? "—", "email"],
    [t("detail.phone"), sup.phone ?? "—", "phone"],
    [t("detail.leadTime"), t("days", { count: sup.leadTimeDays }), "lead-time"],
    [t("detail.since"), format.date(sup.createdAt), "created"],
  ];
  return (
    <>
      <Link to="/suppliers" className={s.back}>
        ← {t("detail.back")}
      </Link>
      <PageHeader
        title={sup.name}
        lead={sup.contactName ?? undefined}
        actions={
          canEdit ? (
            <span className={list.stockCell}>
              <Link to={`/suppliers/${sup.id}/delete`} className={buttonClass("secondary")}>
                {t("common:actions.delete")}
              </Link>
              <Link to={`/suppliers/${sup.id}/edit`} className={buttonClass("primary")}>
                {t("common:actions.edit")}
              </Link>
            </span>
          ) : null
        }
      />
      <StatCards
        items={[
          {
            label: t("detail.cards.products"),
            value: format.number(sup.productCount),
            testId: "supplier-product-count",
          },
          {
            label: t("detail.cards.leadTime"),
            value: t("days", { count: sup.leadTimeDays }),
            testId: "supplier-card-lead-time",
          },
          {
            label: t("detail.cards.toReorder"),
            value: format.number(reorder.lines),
            testId: "supplier-reorder-lines",
          },
        ]}
      />
      {reorder.lines > 0 ? (
        <p className={s.spacedAbove}>
          <Link to={`/inventory?tab=reorder&supplier=${sup.id}`} data-testid="supplier-to-reorder">
            {t("detail.toReorder")}
          </Link>
        </p>
      ) : null}
      <div className={s.layout}>
        <div className={s.stack}>
          <Card title={t("detail.details")}>
            <dl className={s.list} data-testid="supplier-details">
              {details.map(([term, value, key]) => (
                <div key={key} style={{ display: "contents" }}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value} data-testid={`supplier-${key}`}>
                    {key === "email" && sup.email ? <a href={`mailto:${sup.email}`}>{value}</a> : value}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          {sup.notes ? (
            <Card title={t("detail.notes")}>
              <p className={s.value} style={{ whiteSpace: "pre-line" }} data-testid="supplier-notes">
                {sup.notes}
              </p>
            </Card>
          ) : null}
        </div>
        <div className={s.stack}>
          <Card title={t("detail.latestProducts")}>
            <div data-testid="supplier-products">
              <DataTable
                label={t("detail.latestProducts")}
                columns={[column.name, column.sku, column.stock, column.price]}
                rows={products}
                rowKey={(product) => product.id}
                rowProps={() => ({ "data-testid": "supplier-product-row" })}
                empty={t("detail.noProducts")}
              />
            </div>
            {sup.productCount > 0 ? (
              <p className={s.spacedAbove}>
                <Link to={`/products?supplierId=${sup.id}`} data-testid="supplier-all-products">
                  {t("detail.allProducts", { total: format.number(sup.productCount) })}
                </Link>
              </p>
            ) : null}
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.supplier.name ?? "Supplier"} · VoltStock` },
];
