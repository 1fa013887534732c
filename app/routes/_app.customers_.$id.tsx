import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { CustomerReturns } from "~/components/CustomerReturn/CustomerReturn";
import { StatusBadge, statusWords } from "~/components/Document/Document";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as s from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import { CustomerUnits } from "~/components/Serial/CustomerUnits";
import { StatCards } from "~/components/StatCards/StatCards";
import { DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { parseBusinessId } from "~/models/customer/business-id";
import { customerFigures, getCustomer } from "~/models/customer/customer.server";
import { isFinnishBusiness } from "~/models/customer/customer-schema";
import { listReturns } from "~/models/customer-return/customer-return.server";
import { type DocumentListRow, listDocuments } from "~/models/order/document-read.server";
import { unitsSoldToCustomer } from "~/models/serial/serial-sale.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "customers", "orders", "serials", "returns"] };

const LATEST = 10;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const customer = id ? await getCustomer(id) : null;
  if (!customer) throw recordNotFound("customer");
  const page = { customerId: customer.id, limit: LATEST, offset: 0 };
  const [figures, quotes, orders, units, returns] = await Promise.all([
    customerFigures(customer.id),
    listDocuments("quote", page),
    listDocuments("order", page),
    unitsSoldToCustomer(customer.id, LATEST),
    listReturns({ customerId: customer.id, limit: 5, offset: 0 }),
  ]);
  const parsed =
    customer.vatNumber && isFinnishBusiness(customer) ? parseBusinessId(customer.vatNumber) : null;
  return {
    customer,
    figures,
    quotes,
    orders,
    units,
    returns,
    businessId: parsed?.ok ? parsed.businessId : null,
  };
}

export default function CustomerPage() {
  const { t } = useTranslation("customers");
  const format = useFormat();
  const { customer: c, figures, quotes, orders, units, returns, businessId } = useLoaderData<typeof loader>();
  const canEdit = useCan("customer:write");
  const name = `${c.firstName} ${c.lastName}`;
  const address = [c.address, [c.postalCode, c.city].filter(Boolean).join(" "), c.country]
    .filter(Boolean)
    .join(", ");
  const business = c.customerType === "business";
  const details: [string, string, string][] = [
    [t("detail.name"), name, "name"],
    ...(business ? ([[t("detail.company"), c.company ?? "—", "company"]] as [string, string, string][]) : []),
    [t("detail.email"), c.email, "email"],
    [t("detail.phone"), c.phone ?? "—", "phone"],
    [t("detail.address"), address || "—", "address"],
    ...(business
      ? ([
          [t("detail.vatNumber"), c.vatNumber ?? "—", "vat-number"],
          ...(businessId ? [[t("detail.businessId"), businessId, "business-id"]] : []),
        ] as [string, string, string][])
      : []),
    [t("detail.type"), t(`type.${c.customerType}`), "type"],
    [t("detail.vip"), c.vipStatus ? t("status.vip") : t("status.regular"), "vip"],
    [t("detail.discount"), format.rate(c.discountPercentage), "discount"],
    [t("detail.creditLimit"), format.money(c.creditLimit), "credit-limit"],
    [t("detail.customerSince"), format.date(c.createdAt), "created"],
  ];
  return (
    <>
      <Link to="/customers" className={s.back}>
        ← {t("detail.back")}
      </Link>
      <PageHeader
        title={name}
        lead={
          <span className={s.badges}>
            <Badge tone={c.vipStatus ? "warning" : "neutral"}>
              {c.vipStatus ? t("status.vip") : t("status.regular")}
            </Badge>
            <span>{t(`type.${c.customerType}`)}</span>
            {c.company ? <span>{c.company}</span> : null}
          </span>
        }
        actions={
          canEdit ? (
            <Link to={`/customers/${c.id}/edit`} className={buttonClass("primary")}>
              {t("common:actions.edit")}
            </Link>
          ) : null
        }
      />
      <StatCards
        items={[
          {
            label: t("detail.cards.orders"),
            value: format.number(c.totalOrders),
            testId: "customer-order-count",
          },
          {
            label: t("detail.cards.spent"),
            value: format.money(c.totalSpent),
            testId: "customer-total-spent",
          },
          {
            label: t("detail.cards.open"),
            value: format.money(figures.openAmount),
            testId: "customer-open-amount",
          },
          {
            label: t("detail.cards.margin"),
            value: format.money(figures.marginEarned),
            testId: "customer-margin-earned",
          },
        ]}
      />
      <div className={s.layout}>
        <div className={s.stack}>
          <Card title={t("detail.details")}>
            <dl className={s.list} data-testid="customer-details">
              {details.map(([term, value, key]) => (
                <div key={key} style={{ display: "contents" }}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value} data-testid={`customer-${key}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          {c.notes ? (
            <Card title={t("detail.notes")}>
              <p className={s.value} style={{ whiteSpace: "pre-line" }} data-testid="customer-notes">
                {c.notes}
              </p>
            </Card>
          ) : null}
        </div>
        <div className={s.stack}>
          <Documents kind="order" customerId={c.id} {...orders} />
          <Documents kind="quote" customerId={c.id} {...quotes} />
          <CustomerUnits {...units} />
          <CustomerReturns customerId={c.id} {...returns} />
        </div>
      </div>
    </>
  );
}

/** The customer's latest quotes or orders, with a way to the whole list filtered by them. */
function Documents({
  kind,
  customerId,
  rows,
  total,
}: {
  kind: "quote" | "order";
  customerId: number;
  rows: DocumentListRow[];
  total: number;
}) {
  const { t } = useTranslation("customers");
  const status = statusWords(useTranslation("orders").t);
  const format = useFormat();
  const screen = kind === "quote" ? "quotes" : "orders";
  return (
    <Card title={t(`detail.${screen}`)}>
      <div data-testid={`customer-${screen}`}>
        <DataTable
          label={t(`detail.${screen}`)}
          columns={[
            {
              key: "number",
              kind: "primary",
              label: t("orders:table.number"),
              cell: (row) => (
                <Link to={`/${screen}/${row.id}`} className={`${list.productName} ${table.nowrap}`}>
                  {row.number}
                </Link>
              ),
            },
            {
              key: "status",
              kind: "badge",
              label: t("orders:table.status"),
              cell: (row) => <StatusBadge kind={kind} status={row.status} word={status(kind, row.status)} />,
            },
            {
              key: "date",
              kind: "badge",
              label: t("orders:table.date"),
              cell: (row) => format.date(row.date),
            },
            {
              key: "total",
              kind: "numeric",
              label: t("orders:table.total"),
              cell: (row) => format.money(row.totalAmount),
            },
          ]}
          rows={rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-testid": `customer-${kind}-row`, "data-number": row.number })}
          empty={t(kind === "quote" ? "detail.noQuotes" : "detail.noOrders")}
        />
      </div>
      {total > 0 ? (
        <p className={s.spacedAbove}>
          <Link to={`/${screen}?customer=${customerId}`} data-testid={`customer-all-${screen}`}>
            {t(kind === "quote" ? "detail.allQuotes" : "detail.allOrders", { total: format.number(total) })}
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.customer.firstName} ${data.customer.lastName}` : "Customer"} · VoltStock` },
];
