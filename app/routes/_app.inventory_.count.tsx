import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductDetail.css";
import { CountStatusBadge, scopeText } from "~/components/StockCount/count-words";
import { NewCountForm } from "~/components/StockCount/NewCountForm";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { categoryOptions } from "~/models/category/category.server";
import { countLocationOptions, listStockCounts } from "~/models/stock-count/stock-count.server";
import { newCountSchema } from "~/models/stock-count/stock-count-schema";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { formConstraint, readForm } from "~/web/form.server";
import { pageNumber } from "~/web/params";
import { type CountActionData, newCountForm } from "~/web/stock-count/stock-count-form.server";

export const handle = { i18n: ["common", "stock-count", "inventory"] };

/** Counts a page of the list shows. */
const PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const mayCount = can(user.role, "stock:write");
  const [{ counts, total }, categories, locations] = await Promise.all([
    listStockCounts({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    mayCount ? categoryOptions() : Promise.resolve([]),
    // Where a new count counts (issue #32): the active locations, the person's own chosen first.
    mayCount ? countLocationOptions(user.id) : Promise.resolve(null),
  ]);
  return {
    counts,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    categories,
    locations,
    // Only for those who may count: the others read the list.
    constraint: mayCount ? formConstraint(newCountSchema) : null,
  };
}

// Admins and managers start counts; a salesperson reads them.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "stock:write" });
  return newCountForm(await readForm(request), user.id);
}

export const meta = pageTitle("stock-count:title");

export default function StockCountsPage() {
  const { t } = useTranslation("stock-count");
  const format = useFormat();
  const { counts, total, page, pages, categories, locations, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CountActionData>();
  return (
    <>
      <Link to="/inventory" className={list.back}>
        ← {t("inventory:title")}
      </Link>
      <PageHeader title={t("title")} lead={t("lead")} />
      {constraint && locations ? (
        <NewCountForm
          categories={categories}
          locations={locations}
          constraint={constraint}
          lastResult={actionData?.result}
        />
      ) : null}
      <DataTable
        label={t("title")}
        rows={counts}
        rowKey={(count) => count.id}
        rowProps={() => ({ "data-testid": "count-row" })}
        empty={t("list.empty")}
        columns={[
          {
            key: "number",
            kind: "code",
            label: t("list.number"),
            cell: (count) => (
              <Link to={`/inventory/count/${count.id}`}>
                <Code value={count.number} />
              </Link>
            ),
          },
          {
            key: "location",
            kind: "text",
            label: t("list.location"),
            cell: (count) => <Cut text={count.locationName} max="column" />,
          },
          {
            key: "scope",
            kind: "primary",
            label: t("list.scope"),
            cell: (count) => <Cut text={scopeText(t, count)} lines={2} />,
          },
          {
            key: "status",
            kind: "badge",
            label: t("list.status"),
            cell: (count) => <CountStatusBadge status={count.status} />,
          },
          {
            key: "lines",
            kind: "numeric",
            label: t("list.lines"),
            cell: (count) => format.number(count.lines),
          },
          {
            key: "created",
            kind: "text",
            label: t("list.created"),
            cell: (count) => (
              <>
                <span>{format.dateTime(count.createdAt)}</span>
                {count.createdByName ? <Cut text={count.createdByName} max="column" /> : null}
              </>
            ),
          },
        ]}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t("list.pageOf", { page, pages, total: format.number(total) })}
        to={(n) => `?page=${n}`}
        testId="count-total"
        total={total}
      />
    </>
  );
}
