import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { StatCards } from "~/components/StatCards/StatCards";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { deleteCustomer, listCustomers, summarizeCustomers } from "~/models/customer.server";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { idParam } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";
import { useCan } from "~/utils/use-can";

export const handle = { i18n: ["common", "customers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const search = new URL(request.url).searchParams.get("search")?.slice(0, 200) ?? "";
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
        add={canEdit && { to: "/customers/new", label: t("add") }}
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
      <div className={table.wrap}>
        <table className={table.table}>
          <thead>
            <tr>
              {["name", "email", "phone", "type", "status", "orders", "spent"].map((key) => (
                <th
                  key={key}
                  className={key === "orders" || key === "spent" ? `${table.th} ${table.numeric}` : table.th}
                >
                  {t(`table.${key}`)}
                </th>
              ))}
              {canEdit ? <th className={`${table.th} ${table.numeric}`}>{t("table.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id} data-testid="customer-row">
                <td className={table.td}>
                  <strong>
                    {c.firstName} {c.lastName}
                  </strong>
                  {c.company ? <div className={table.muted}>{c.company}</div> : null}
                </td>
                <td className={table.td}>{c.email}</td>
                <td className={`${table.td} ${table.nowrap}`}>{c.phone ?? "—"}</td>
                <td className={table.td}>{t(`type.${c.customerType}`)}</td>
                <td className={table.td}>
                  <Badge tone={c.vipStatus ? "warning" : "neutral"}>
                    {c.vipStatus ? t("status.vip") : t("status.regular")}
                  </Badge>
                </td>
                <td className={`${table.td} ${table.numeric}`}>{c.totalOrders}</td>
                <td className={`${table.td} ${table.numeric}`}>{format.money(c.totalSpent)}</td>
                {canEdit ? (
                  <td className={table.td}>
                    <div className={table.actions}>
                      <Link
                        to={`/customers/${c.id}/edit`}
                        className={buttonClass("ghost")}
                        aria-label={`${t("common:actions.edit")}: ${c.firstName} ${c.lastName}`}
                        preventScrollReset
                      >
                        {t("common:actions.edit")}
                      </Link>
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="customerId" value={c.id} />
                        <Button
                          type="submit"
                          variant="ghost"
                          name="intent"
                          value="delete"
                          aria-label={`${t("common:actions.delete")}: ${c.firstName} ${c.lastName}`}
                        >
                          {t("common:actions.delete")}
                        </Button>
                      </Form>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {customers.length === 0 ? <div className={table.empty}>{t("empty")}</div> : null}
      </div>
    </>
  );
}
