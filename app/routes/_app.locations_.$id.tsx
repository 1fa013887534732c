import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as s from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import { StatCards } from "~/components/StatCards/StatCards";
import { DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { getLocation, locationStock } from "~/models/location/location-writes.server";
import { LIST_PAGE_SIZE } from "~/models/product/list-page";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "locations"] };

/** A location: its details and its stock, a page of products by name with the quantity there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const location = id ? await getLocation(id) : null;
  if (!location) throw recordNotFound("location");
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const stock = await locationStock(location.id, {
    limit: LIST_PAGE_SIZE,
    offset: (page - 1) * LIST_PAGE_SIZE,
  });
  return { location, stock, page, pages: Math.max(1, Math.ceil(stock.total / LIST_PAGE_SIZE)) };
}

export default function LocationPage() {
  const { t } = useTranslation("locations");
  const format = useFormat();
  const { location: loc, stock, page, pages } = useLoaderData<typeof loader>();
  const canEdit = useCan("location:write");
  const details: [string, string, string][] = [
    [t("detail.kind"), t(`kind.${loc.kind}`), "kind"],
    [t("detail.address"), loc.address ?? "—", "address"],
    [t("detail.status"), loc.active ? t("active") : t("inactive"), "status"],
    [t("detail.since"), format.date(loc.createdAt), "created"],
  ];
  return (
    <>
      <Link to="/locations" className={s.back}>
        ← {t("detail.back")}
      </Link>
      <PageHeader
        title={loc.name}
        lead={loc.isDefault ? t("default") : undefined}
        actions={
          canEdit ? (
            <span className={list.stockCell}>
              <Link to={`/locations/${loc.id}/delete`} className={buttonClass("secondary")}>
                {t("common:actions.delete")}
              </Link>
              <Link to={`/locations/${loc.id}/edit`} className={buttonClass("primary")}>
                {t("common:actions.edit")}
              </Link>
            </span>
          ) : null
        }
      />
      <StatCards
        items={[
          { label: t("detail.cards.units"), value: format.number(loc.stockUnits), testId: "location-units" },
          {
            label: t("detail.cards.products"),
            value: format.number(loc.stockProducts),
            testId: "location-products",
          },
          {
            label: t("detail.cards.status"),
            value: loc.active ? t("active") : t("inactive"),
            testId: "location-status",
          },
        ]}
      />
      <div className={s.layout}>
        <div className={s.stack}>
          <Card title={t("detail.details")}>
            <dl className={s.list} data-testid="location-details">
              {details.map(([term, value, key]) => (
                <div key={key} style={{ display: "contents" }}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value} data-testid={`location-${key}`} style={{ whiteSpace: "pre-line" }}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {loc.isDefault ? <Badge tone="info">{t("default")}</Badge> : null}
          </Card>
        </div>
        <div className={s.stack}>
          <Card title={t("detail.stock")}>
            <div data-testid="location-stock">
              <DataTable
                label={t("detail.stock")}
                columns={[
                  {
                    key: "name",
                    kind: "primary",
                    label: t("detail.product"),
                    cell: (r) => (
                      <strong className={table.clamp} title={r.name}>
                        <Link to={`/products/${r.productId}`} className={list.productName}>
                          {r.name}
                        </Link>
                      </strong>
                    ),
                  },
                  { key: "sku", kind: "badge", label: t("detail.sku"), cell: (r) => r.sku },
                  {
                    key: "quantity",
                    kind: "numeric",
                    label: t("detail.quantity"),
                    cell: (r) => format.number(r.quantity),
                  },
                ]}
                rows={stock.rows}
                rowKey={(r) => r.productId}
                rowProps={(r) => ({ "data-testid": "location-stock-row", "data-sku": r.sku })}
                empty={t("detail.noStock")}
              />
            </div>
            <Pager
              page={page}
              pages={pages}
              summary={t("detail.pageOf", { page, pages, total: format.number(stock.total) })}
              to={(n) => (n > 1 ? `?page=${n}` : "?")}
              testId="location-stock-total"
              total={stock.total}
            />
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.location.name ?? "Location"} · VoltStock` },
];
