import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { DateRangeFilter } from "~/components/DateRangeFilter/DateRangeFilter";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { usePeriodLabels } from "~/components/SalesChart/period-label";
import { SalesChart } from "~/components/SalesChart/SalesChart";
import * as s from "~/components/SalesChart/SalesChart.css";
import { StockValueChart } from "~/components/SalesChart/StockValueChart";
import { StatCards } from "~/components/StatCards/StatCards";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { useFormat } from "~/i18n/use-format";
import { todayIn } from "~/models/campaign/campaign-status";
import {
  SALES_BREAKDOWNS,
  SALES_GROUPINGS,
  type SalesReportQuery,
  salesReportSearch,
} from "~/models/report/sales-report";
import { type SalesFigures, type SalesReport, salesReport } from "~/models/report/sales-report.server";
import { parseSalesReportSearch, type SalesReportErrors } from "~/models/report/sales-report-schema";
import { type StockValuePoint, stockValueHistory } from "~/models/report/stock-value.server";
import { requireUser } from "~/web/auth.server";

export const handle = { i18n: ["common", "sales-report"] };

/**
 * /reports/sales: sales, gross margin, units and orders per day, week or month (issue #14 item 5),
 * with a chart, a table and the same figures as a file; and the stock's value per day. A GET form:
 * the address is the report, so it can be bookmarked, shared and used without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const today = todayIn(SHOP_TIME_ZONE);
  const parsed = parseSalesReportSearch(params, today);
  // The form shows what was asked, even when it is refused.
  const asked = {
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    group: params.get("group") ?? "",
    breakdown: params.get("breakdown") ?? "",
  };
  if (!parsed.ok) {
    return { query: null, asked, errors: parsed.errors, report: null, stock: null };
  }
  const { query } = parsed;
  // The loader writes today's stock value snapshot when there is none yet (see stockValueHistory).
  const [report, stock] = await Promise.all([
    salesReport(query),
    stockValueHistory(query.from, query.to, today),
  ]);
  return { query, asked, errors: null, report, stock };
}

export const meta = pageTitle("sales-report:title");

export default function SalesReportPage() {
  const { t } = useTranslation("sales-report");
  const format = useFormat();
  const { query, asked, errors, report, stock } = useLoaderData<typeof loader>();
  const values = query ?? asked;
  const href = (file: "csv" | "excel") =>
    query ? `/reports/sales/export?${salesReportSearch(query, file)}` : "";

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          query ? (
            <div className={s.downloads}>
              <a
                href={href("excel")}
                download
                className={buttonClass("secondary")}
                data-testid="download-excel"
              >
                <Icon name="reports" size={16} />
                {t("download.excel")}
              </a>
              <a href={href("csv")} download className={buttonClass("secondary")} data-testid="download-csv">
                <Icon name="reports" size={16} />
                {t("download.csv")}
              </a>
            </div>
          ) : null
        }
      />
      <Filters values={values} errors={errors} />
      {errors ? <Problems errors={errors} /> : null}
      {report && query ? (
        <>
          <StatCards
            items={[
              {
                label: t("cards.sales"),
                value: format.money(report.total.sales),
                testId: "sales-total-sales",
              },
              {
                label: t("cards.margin"),
                value: format.money(report.total.margin),
                testId: "sales-total-margin",
              },
              {
                label: t("cards.marginPercent"),
                value: report.total.marginPercent === null ? "—" : format.percent(report.total.marginPercent),
                testId: "sales-total-margin-percent",
              },
              {
                label: t("cards.units"),
                value: format.number(report.total.units),
                testId: "sales-total-units",
              },
              {
                label: t("cards.orders"),
                value: format.number(report.total.orders),
                testId: "sales-total-orders",
              },
            ]}
          />
          <section className={s.section}>
            <Card title={t("chart.heading")} className={s.card}>
              <SalesChart periods={report.periods} group={query.group} from={query.from} to={query.to} />
            </Card>
          </section>
          <section className={s.section}>
            <SalesTable report={report} />
          </section>
        </>
      ) : null}
      {stock && query ? <StockValue points={stock} query={query} /> : null}
    </>
  );
}

function Filters({
  values,
  errors,
}: {
  values: { from: string; to: string; group: string; breakdown: string };
  errors: SalesReportErrors | null;
}) {
  const { t } = useTranslation("sales-report");
  const select = (
    name: "group" | "breakdown",
    options: readonly string[],
    words: "groups" | "breakdowns",
    fallback: string,
  ) => {
    const invalid = Boolean(errors?.[name]);
    return (
      <div className={list.filter}>
        <label className={list.label} htmlFor={`sales-${name}`}>
          {t(`filters.${name}`)}
        </label>
        <select
          id={`sales-${name}`}
          name={name}
          className={list.control}
          defaultValue={options.includes(values[name]) ? values[name] : fallback}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "sales-problems" : undefined}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`${words}.${option}`)}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <Form
      method="get"
      className={list.filters}
      role="search"
      aria-label={t("filters.label")}
      key={JSON.stringify(values)}
    >
      <DateRangeFilter
        idPrefix="sales"
        from={values.from || null}
        to={values.to || null}
        labels={{ from: t("filters.from"), to: t("filters.to") }}
      />
      {select("group", SALES_GROUPINGS, "groups", "day")}
      {select("breakdown", SALES_BREAKDOWNS, "breakdowns", "none")}
      <Button type="submit">
        <Icon name="chart" size={16} />
        {t("filters.apply")}
      </Button>
      <Link to="/reports/sales" className={buttonClass("secondary")}>
        {t("filters.reset")}
      </Link>
    </Form>
  );
}

function Problems({ errors }: { errors: SalesReportErrors }) {
  const { t } = useTranslation("sales-report");
  const messages = [...new Set(Object.values(errors).flat())];
  return (
    <div className={s.problems} role="alert" id="sales-problems" data-testid="sales-problems">
      <strong>{t("errors.title")}</strong>
      <ul className={s.problemList}>
        {messages.map((message) => (
          <li key={message}>{t(message)}</li>
        ))}
      </ul>
    </div>
  );
}

type TableRow = {
  id: string;
  kind: "period" | "group" | "total";
  period: string | null;
  name: string | null;
  figures: SalesFigures;
};

function SalesTable({ report }: { report: SalesReport }) {
  const { t } = useTranslation("sales-report");
  const format = useFormat();
  const { group, breakdown } = report.query;
  const labels = usePeriodLabels(group);
  const rows: TableRow[] = report.periods.flatMap(({ groups, period, ...figures }) => [
    { id: period, kind: "period" as const, period, name: null, figures },
    ...groups.map((row) => ({
      id: `${period} ${row.key}`,
      kind: "group" as const,
      period,
      name: row.name ?? t(breakdown === "brand" ? "table.noBrand" : "table.noCategory"),
      figures: row,
    })),
  ]);
  rows.push({ id: "total", kind: "total", period: null, name: null, figures: report.total });
  const figure = (key: string, label: string, cell: (f: SalesFigures) => string) => ({
    key,
    label,
    kind: "numeric" as const,
    testId: `sales-${key}`,
    cell: (row: TableRow) => cell(row.figures),
  });
  return (
    <DataTable
      label={t("table.label")}
      columns={[
        {
          key: "period",
          kind: "primary",
          label: t("table.period"),
          cell: (row) =>
            row.kind === "total" ? (
              t("table.total")
            ) : row.kind === "group" ? null : (
              <>
                <div>{labels.long(row.period as string)}</div>
                {group === "day" ? null : (
                  <div className={table.muted}>{labels.days(row.period as string)}</div>
                )}
              </>
            ),
        },
        breakdown !== "none" && {
          key: "group",
          label: t(`table.${breakdown}`),
          testId: "sales-group",
          cell: (row) =>
            row.kind === "group" ? (
              <Cut text={row.name ?? ""} />
            ) : (
              <span className={table.muted}>
                {t(breakdown === "brand" ? "table.allBrands" : "table.allCategories")}
              </span>
            ),
        },
        figure("sales", t("table.sales"), (f) => format.money(f.sales)),
        figure("margin", t("table.margin"), (f) => format.money(f.margin)),
        figure("margin-percent", t("table.marginPercent"), (f) =>
          f.marginPercent === null ? "—" : format.percent(f.marginPercent),
        ),
        figure("units", t("table.units"), (f) => format.number(f.units)),
        figure("orders", t("table.orders"), (f) => format.number(f.orders)),
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({
        "data-testid": `sales-${row.kind}-row`,
        "data-period": row.period ?? undefined,
        className:
          row.kind === "total"
            ? s.totalRow
            : row.kind === "period" && breakdown !== "none"
              ? s.periodRow
              : undefined,
      })}
    />
  );
}

function StockValue({ points, query }: { points: StockValuePoint[]; query: SalesReportQuery }) {
  const { t } = useTranslation("sales-report");
  const format = useFormat();
  const labels = usePeriodLabels("day");
  return (
    <section className={s.section} data-testid="stock-value">
      <Card title={t("stock.title")} className={s.card}>
        <p className={s.lead}>{t("stock.lead")}</p>
        <StockValueChart points={points} from={query.from} to={query.to} />
        <DataTable
          label={t("stock.title")}
          columns={[
            { key: "day", kind: "primary", label: t("stock.day"), cell: (p) => labels.day(p.day) },
            {
              key: "price",
              kind: "numeric",
              label: t("stock.atPrice"),
              testId: "stock-value-price",
              cell: (p) => format.money(p.valueAtPrice),
            },
            {
              key: "cost",
              kind: "numeric",
              label: t("stock.atCost"),
              cell: (p) => format.money(p.valueAtCost),
            },
            { key: "units", kind: "numeric", label: t("stock.units"), cell: (p) => format.number(p.units) },
            {
              key: "products",
              kind: "numeric",
              label: t("stock.products"),
              cell: (p) => format.number(p.products),
            },
          ]}
          rows={points}
          rowKey={(p) => p.day}
          rowProps={(p) => ({ "data-testid": "stock-value-row", "data-day": p.day })}
          empty={t("stock.empty")}
        />
      </Card>
    </section>
  );
}
