import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import { REPORT_TYPES, type ReportType } from "~/models/report/report";
import type { ReportTotals as Totals } from "~/models/report/report-totals";
import * as css from "./ReportTotals.css";

/**
 * Each report's totals, the figures its file's total line ends with: products, units in stock,
 * value at selling price and at cost, average margin.
 */
export function ReportTotals({ totals }: { totals: Record<ReportType, Totals> }) {
  const { t } = useTranslation("reports");
  const format = useFormat();
  const rows = REPORT_TYPES.map((type) => ({ type, ...totals[type] }));
  return (
    <section className={css.section} aria-labelledby="report-totals-title">
      <h2 id="report-totals-title" className={css.title}>
        {t("totals.title")}
      </h2>
      <div className={css.frame}>
        <DataTable
          label={t("totals.title")}
          columns={[
            {
              key: "report",
              kind: "primary",
              label: t("totals.report"),
              cell: (row) => t(`types.${row.type}`),
            },
            {
              key: "products",
              kind: "numeric",
              label: t("totals.products"),
              cell: (row) => format.number(row.products),
              testId: "totals-products",
            },
            {
              key: "units",
              kind: "numeric",
              label: t("totals.units"),
              cell: (row) => format.number(row.units),
              testId: "totals-units",
            },
            {
              key: "value",
              kind: "numeric",
              label: t("totals.value"),
              cell: (row) => format.money(row.value),
              testId: "totals-value",
            },
            {
              key: "valueAtCost",
              kind: "numeric",
              label: t("totals.valueAtCost"),
              cell: (row) => format.money(row.valueAtCost),
              testId: "totals-value-at-cost",
            },
            {
              key: "margin",
              kind: "numeric",
              label: t("totals.margin"),
              cell: (row) =>
                row.averageMargin === null ? t("totals.none") : format.percent(row.averageMargin),
              testId: "totals-margin",
            },
          ]}
          rows={rows}
          rowKey={(row) => row.type}
          rowProps={(row) => ({
            className: css.totalsRow,
            "data-testid": "report-totals",
            "data-report": row.type,
          })}
        />
      </div>
    </section>
  );
}
