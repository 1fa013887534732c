import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import { ListFileActions } from "~/components/ListFiles/ListFiles";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { StatCards } from "~/components/StatCards/StatCards";
import { Cut, DataTable, EditDeleteLinks, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { withoutControlCharacters } from "~/models/clean-text";
import { deleteCustomer, listCustomers, summarizeCustomers } from "~/models/customer/customer.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "customers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const search = withoutControlCharacters(new URL(request.url).searchParams.get("search") ?? "").slice(
    0,
    200,
  );
  const [customers, summary] = await Promise.all([listCustomers(search), summarizeCustomers()]);
  return { customers, summary, search };
}

// Delete has no confirmation (spec section 5).
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "customer:write" });
  const form = await readForm(request);
  if (form.get("intent") !== "delete") throw data({ message: "Unknown intent" }, { status: 400 });
  const id = idParam(String(form.get("customerId") ?? ""));
  const deleted = id ? await deleteCustomer(id) : false;
  return redirectWithToast(
    "/customers",
    deleted
      ? { type: "success", title: "toast.success", description: "customers:toast.deleted" }
      : { type: "error", title: "toast.error", description: "customers:toast.deleteFailed" },
  );
}

export const meta = pageTitle("customers:title");

export default function CustomersPage() {
  const { t } = useTranslation("customers");
  const format = useFormat();
  const { customers, summary, search } = useLoaderData<typeof loader>();
  const canEdit = useCan("customer:write");
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          <ListFileActions
            type="customers"
            importTo={canEdit && "/customers/import"}
            add={canEdit && { to: "/customers/new", label: t("add") }}
          />
        }
      />
      <StatCards
        items={[
          { label: t("cards.total"), value: summary.total, testId: "customers-total" },
          { label: t("cards.vip"), value: summary.vip, testId: "customers-vip" },
          { label: t("cards.business"), value: summary.business, testId: "customers-business" },
          { label: t("cards.countries"), value: summary.countries, testId: "customers-countries" },
        ]}
      />
      <Outlet />
      <Form method="get" className={list.filters} role="search">
        <div className={`${list.filter} ${list.grow}`}>
          <label className={list.label} htmlFor="customer-search">
            {t("search")}
          </label>
          <input
            id="customer-search"
            className={list.control}
            type="search"
            name="search"
            defaultValue={search}
            key={search}
            placeholder={t("searchPlaceholder")}
          />
        </div>
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("common:actions.search")}
        </Button>
      </Form>
      <DataTable
        label={t("title")}
        primaryMin="9rem"
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("table.name"),
            cell: (c) => (
              <>
                <strong className={table.clamp} title={`${c.firstName} ${c.lastName}`}>
                  <Link to={`/customers/${c.id}`}>
                    {c.firstName} {c.lastName}
                  </Link>
                </strong>
                {c.company ? (
                  <div className={table.muted}>
                    <Cut text={c.company} max="column" />
                  </div>
                ) : null}
              </>
            ),
          },
          { key: "email", label: t("table.email"), cell: (c) => <Cut text={c.email} max="12rem" /> },
          {
            key: "phone",
            kind: "badge",
            label: t("table.phone"),
            folds: true,
            cell: (c) => c.phone ?? "—",
          },
          {
            key: "type",
            kind: "badge",
            label: t("table.type"),
            folds: true,
            cell: (c) => t(`type.${c.customerType}`),
          },
          {
            key: "status",
            kind: "badge",
            label: t("table.status"),
            cell: (c) => (
              <Badge tone={c.vipStatus ? "warning" : "neutral"}>
                {c.vipStatus ? t("status.vip") : t("status.regular")}
              </Badge>
            ),
          },
          {
            key: "orders",
            kind: "numeric",
            label: t("table.orders"),
            cell: (c) => format.number(c.totalOrders),
          },
          { key: "spent", kind: "numeric", label: t("table.spent"), cell: (c) => format.money(c.totalSpent) },
          canEdit && {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (c) => (
              <RowActions>
                <EditDeleteLinks
                  editTo={`/customers/${c.id}/edit`}
                  // Delete posts at once, without a dialog (spec section 5).
                  deleteTo={false}
                  target={`${c.firstName} ${c.lastName}`}
                />
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="customerId" value={c.id} />
                  <RowButton
                    name="intent"
                    value="delete"
                    icon="trash"
                    tone="danger"
                    label={t("common:actions.delete")}
                    target={`${c.firstName} ${c.lastName}`}
                  />
                </Form>
              </RowActions>
            ),
          },
        ]}
        rows={customers}
        rowKey={(c) => c.id}
        rowProps={() => ({ "data-testid": "customer-row" })}
        empty={t("empty")}
      />
    </>
  );
}
