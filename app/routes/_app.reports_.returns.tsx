import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { DateRangeFilter } from "~/components/DateRangeFilter/DateRangeFilter";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import * as s from "~/components/SalesChart/SalesChart.css";
import { StatCards } from "~/components/StatCards/StatCards";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { useFormat } from "~/i18n/use-format";
import { todayIn } from "~/models/campaign/campaign-status";
import {
  hasReturnRate,
  RETURNS_GROUPINGS,
  type ReturnsFileFormat,
  type ReturnsGrouping,
  returnsReportSearch,
} from "~/models/report/returns-report";
import { returnsReport } from "~/models/report/returns-report.server";
import {
  parseReturnsReportSearch,
  type ReturnsReport,
  type ReturnsReportErrors,
  type ReturnsReportRow,
} from "~/models/report/returns-report-schema";
import { requireUser } from "~/web/auth.server";

export const handle = { i18n: ["common", "returns-report"] };

/**
 * /reports/returns: the return figures (issue #31 item 7): units returned by product, brand,
 * supplier or reason over shop days, with refunds and the return rate, and the same figures as a
 * file. A GET form: the address is the report, so it can be bookmarked and used without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const parsed = parseReturnsReportSearch(params, todayIn(SHOP_TIME_ZONE));
  // The form shows what was asked, even when it is refused.
  const asked = { from: params.get("from") ?? "", to: params.get("to") ?? "", by: params.get("by") ?? "" };
  if (!parsed.ok) return { asked, errors: parsed.errors, report: null };
  return { asked, errors: null, report: await returnsReport(parsed.query) };
}

export const meta = pageTitle("returns-report:title");

export default function ReturnsReportPage() {
  const { t } = useTranslation("returns-report");
  const format = useFormat();
  const { asked, errors, report } = useLoaderData<typeof loader>();
  const values = report ? { from: report.from, to: report.to, by: report.by } : asked;
  const href = (file: ReturnsFileFormat) =>
    report ? `/reports/returns/export?${returnsReportSearch(report, file)}` : "";
  const rate = report?.total.returnRatePercent ?? null;

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          report ? (
            <div className={s.downloads}>
              <a
                href={href("excel")}
                download
                className={buttonClass("secondary")}
                data-testid="returns-download-excel"
              >
                <Icon name="reports" size={16} />
                {t("download.excel")}
              </a>
              <a
                href={href("csv")}
                download
                className={buttonClass("secondary")}
                data-testid="returns-download-csv"
              >
                <Icon name="reports" size={16} />
                {t("download.csv")}
              </a>
            </div>
          ) : null
        }
      />
      <Filters values={values} errors={errors} />
      {errors ? <Problems errors={errors} /> : null}
      {report ? (
        <>
          <StatCards
            items={[
              {
                label: t("cards.returns"),
                value: format.number(report.total.returns),
                testId: "returns-total-returns",
              },
              {
                label: t("cards.units"),
                value: format.number(report.total.returnedUnits),
                testId: "returns-total-units",
              },
              {
                label: t("cards.refunded"),
                value: format.money(report.total.refunded),
                testId: "returns-total-refunded",
              },
              {
                label: t("cards.rate"),
                value: rate === null ? t("table.none") : format.percent(rate),
                testId: "returns-total-rate",
              },
            ]}
          />
          <section className={s.section}>
            <ReturnsTable report={report} />
            <p className={s.lead} data-testid="returns-definition">
              {t("definition.returns")}{" "}
              {hasReturnRate(report.by) ? t("definition.rate") : t("definition.reason")}
            </p>
          </section>
        </>
      ) : null}
    </>
  );
}

function Filters({
  values,
  errors,
}: {
  values: { from: string; to: string; by: string };
  errors: ReturnsReportErrors | null;
}) {
  const { t } = useTranslation("returns-report");
  const invalid = Boolean(errors?.by);
  return (
    <Form
      method="get"
      className={list.filters}
      role="search"
      aria-label={t("filters.label")}
      key={JSON.stringify(values)}
    >
      <DateRangeFilter
        idPrefix="returns"
        from={values.from || null}
        to={values.to || null}
        labels={{ from: t("filters.from"), to: t("filters.to") }}
      />
      <div className={list.filter}>
        <label className={list.label} htmlFor="returns-by">
          {t("filters.by")}
        </label>
        <select
          id="returns-by"
          name="by"
          className={list.control}
          defaultValue={(RETURNS_GROUPINGS as readonly string[]).includes(values.by) ? values.by : "product"}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "returns-problems" : undefined}
        >
          {RETURNS_GROUPINGS.map((by) => (
            <option key={by} value={by}>
              {t(`groupings.${by}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">
        <Icon name="chart" size={16} />
        {t("filters.apply")}
      </Button>
      <Link to="/reports/returns" className={buttonClass("secondary")}>
        {t("filters.reset")}
      </Link>
    </Form>
  );
}

function Problems({ errors }: { errors: ReturnsReportErrors }) {
  const { t } = useTranslation("returns-report");
  const messages = [...new Set(Object.values(errors).flat())];
  return (
    <div className={s.problems} role="alert" id="returns-problems" data-testid="returns-problems">
      <strong>{t("errors.title")}</strong>
      <ul className={s.problemList}>
        {messages.map((message) => (
          <li key={message}>{t(message)}</li>
        ))}
      </ul>
    </div>
  );
}

type TableRow = { kind: "group"; row: ReturnsReportRow } | { kind: "total"; row: ReturnsReport["total"] };

const GROUP_LABEL: Record<ReturnsGrouping, string> = {
  product: "table.product",
  brand: "table.brand",
  supplier: "table.supplier",
  reason: "table.reason",
};

function ReturnsTable({ report }: { report: ReturnsReport }) {
  const { t } = useTranslation("returns-report");
  const format = useFormat();
  const rated = hasReturnRate(report.by);
  const rows: TableRow[] = [
    ...report.rows.map((row) => ({ kind: "group" as const, row })),
    ...(report.rows.length > 0 ? [{ kind: "total" as const, row: report.total }] : []),
  ];
  const percent = (value: number | null) => (value === null ? t("table.none") : format.percent(value));
  const group = (row: ReturnsReportRow) => {
    switch (report.by) {
      case "product":
        return (
          <>
            <Link to={`/products/${row.productId}`} title={row.name ?? ""}>
              {row.name}
            </Link>
            <div className={table.muted}>
              <Code value={row.sku ?? ""} />
            </div>
          </>
        );
      case "reason":
        return t(`reasons.${row.key}`);
      default:
        return <Cut text={row.name ?? t("table.noBrand")} lines={2} />;
    }
  };
  return (
    <DataTable<TableRow>
      label={t("table.label", { grouping: t(`groupings.${report.by}`) })}
      testId="returns-table"
      columns={[
        {
          key: "group",
          kind: "primary",
          label: t(GROUP_LABEL[report.by]),
          cell: (line) => (line.kind === "total" ? t("table.total") : group(line.row)),
        },
        {
          key: "units",
          kind: "numeric",
          label: t("table.units"),
          testId: "returns-units",
          cell: (line) => format.number(line.row.returnedUnits),
        },
        {
          key: "share",
          kind: "numeric",
          label: t("table.share"),
          testId: "returns-share",
          cell: (line) => percent(line.row.sharePercent),
        },
        {
          key: "refunded",
          kind: "numeric",
          label: t("table.refunded"),
          testId: "returns-refunded",
          cell: (line) => format.money(line.row.refunded),
        },
        rated && {
          key: "sold",
          kind: "numeric",
          label: t("table.sold"),
          testId: "returns-sold",
          cell: (line) => format.number(line.row.soldUnits ?? 0),
        },
        rated && {
          key: "rate",
          kind: "numeric",
          label: t("table.rate"),
          testId: "returns-rate",
          cell: (line) => percent(line.row.returnRatePercent),
        },
      ]}
      rows={rows}
      rowKey={(line) => (line.kind === "total" ? "total" : line.row.key)}
      rowProps={(line) => ({
        "data-testid": line.kind === "total" ? "returns-total-row" : "returns-row",
        "data-key": line.kind === "total" ? undefined : line.row.key,
        className: line.kind === "total" ? s.totalRow : undefined,
      })}
      empty={t("table.empty")}
    />
  );
}
