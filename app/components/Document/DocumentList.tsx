import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { DateRangeFilter } from "~/components/DateRangeFilter/DateRangeFilter";
import { Icon } from "~/components/Icon/Icon";
import { FilterSearch, FilterSelect } from "~/components/ListFilters/ListFilters";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductList.css";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { DocumentListData } from "~/web/order/document-list.server";
import { useCan } from "~/web/use-can";
import { StatusBadge, statusWords } from "./Document";

/** The quotes or the orders list: a GET filter form, the page's rows and the pager. */
export function DocumentList({ data }: { data: DocumentListData }) {
  const { t } = useTranslation("orders");
  const status = statusWords(t);
  const format = useFormat();
  const canWrite = useCan("order:write");
  const { kind, rows, total, page, pages, filters, statuses, customer, locations } = data;
  const screen = kind === "quote" ? "quotes" : "orders";
  const base = `/${screen}`;
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.customerId) params.set("customer", String(filters.customerId));
    if (filters.locationId) params.set("location", String(filters.locationId));
    if (filters.search) params.set("q", filters.search);
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title={t(`${screen}.title`)}
        lead={t(`${screen}.lead`)}
        add={canWrite && { to: `${base}/new`, label: t(`${screen}.add`) }}
      />
      <Form method="get" className={list.filters} role="search" key={JSON.stringify(filters)}>
        <FilterSelect
          id="document-status"
          name="status"
          label={t("filters.status")}
          value={filters.status ?? ""}
          anyLabel={t("filters.anyStatus")}
          options={statuses.map((status) => ({ value: status, label: t(`status.${kind}.${status}`) }))}
        />
        {kind === "order" ? (
          <FilterSelect
            id="document-location"
            name="location"
            label={t("filters.location")}
            value={filters.locationId ? String(filters.locationId) : ""}
            anyLabel={t("filters.anyLocation")}
            options={locations.map((location) => ({ value: location.id, label: location.name }))}
          />
        ) : null}
        <FilterSearch
          id="document-search"
          label={t("filters.search")}
          value={filters.search ?? ""}
          placeholder={t("filters.searchPlaceholder")}
        />
        {customer && (
          <div className={list.filter}>
            <span className={list.label}>{t("filters.customer")}</span>
            <input type="hidden" name="customer" value={customer.id} />
            <span className={list.control} data-testid="document-customer-filter">
              <Cut text={customer.name} max="14rem" />
            </span>
          </div>
        )}
        <DateRangeFilter
          idPrefix="document"
          from={filters.from ?? null}
          to={filters.to ?? null}
          labels={{ from: t("filters.from"), to: t("filters.to") }}
        />
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("filters.apply")}
        </Button>
        <Link to={base} className={buttonClass("secondary")}>
          {t("filters.clear")}
        </Link>
      </Form>
      <DataTable
        label={t(`${screen}.title`)}
        columns={[
          {
            key: "number",
            kind: "primary",
            label: t("table.number"),
            cell: (row) => (
              <Link to={`${base}/${row.id}`} className={`${list.productName} ${table.nowrap}`}>
                {row.number}
              </Link>
            ),
          },
          {
            key: "status",
            kind: "badge",
            label: t("table.status"),
            cell: (row) => <StatusBadge kind={kind} status={row.status} word={status(kind, row.status)} />,
          },
          {
            key: "customer",
            label: t("table.customer"),
            cell: (row) => <Cut text={row.customerName ?? "—"} max="16rem" />,
          },
          { key: "date", kind: "badge", label: t("table.date"), cell: (row) => format.date(row.date) },
          kind === "quote" && {
            key: "validUntil",
            kind: "badge",
            optional: true,
            label: t("table.validUntil"),
            cell: (row) => (row.validUntil ? format.date(`${row.validUntil}T12:00:00`) : "—"),
          },
          {
            key: "total",
            kind: "numeric",
            label: t("table.total"),
            testId: "document-total",
            cell: (row) => format.money(row.totalAmount),
          },
          kind === "order" && {
            key: "location",
            optional: true,
            label: t("table.location"),
            cell: (row) => <Cut text={row.locationName ?? "—"} max="10rem" />,
          },
          kind === "order" && {
            key: "payment",
            kind: "badge",
            label: t("table.payment"),
            cell: (row) => {
              const paid = row.paymentStatus ?? "pending";
              return <StatusBadge kind="payment" status={paid} word={status("payment", paid)} />;
            },
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": "document-row", "data-number": row.number })}
        empty={t(`${screen}.empty`)}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t(`${screen}.pageOf`, { page, pages, total: format.number(total) })}
        to={query}
        testId="document-total-count"
        total={total}
      />
    </>
  );
}
