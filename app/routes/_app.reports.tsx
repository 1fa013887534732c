import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as dash from "~/components/Dashboard/Dashboard.css";
import { SelectField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { ReportTotals } from "~/components/ReportTotals/ReportTotals";
import { StatCards } from "~/components/StatCards/StatCards";
import * as table from "~/components/Table/Table.css";
import { isLanguage } from "~/i18n/config";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { categoryOptions } from "~/models/category/category.server";
import { getDashboardStats } from "~/models/dashboard/dashboard.server";
import { defaultFileFormat, FILE_FORMATS } from "~/models/report/file-format";
import { REPORT_TYPES } from "~/models/report/report";
import { reportTotals } from "~/models/report/report.server";
import { requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["common", "reports"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [stats, categories, totals] = await Promise.all([
    getDashboardStats(),
    categoryOptions(),
    reportTotals(),
  ]);
  return { stats, categories, totals };
}

export const meta = pageTitle("nav.reports");

export default function ReportsPage() {
  const { t, i18n } = useTranslation("reports");
  const format = useFormat();
  const { stats, categories, totals } = useLoaderData<typeof loader>();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const quick = [
    { type: "products", count: format.number(stats.totalProducts) },
    { type: "low-margin", count: format.number(stats.lowMarginCount) },
    { type: "low-stock", count: format.number(stats.lowStockCount) },
    { type: "inventory-value", count: format.money(stats.inventoryValue) },
  ];
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <StatCards
        items={[
          {
            label: t("cards.products"),
            value: format.number(stats.totalProducts),
            testId: "reports-products",
          },
          { label: t("cards.value"), value: format.money(stats.inventoryValue), testId: "reports-value" },
          {
            label: t("cards.valueAtCost"),
            value: format.money(stats.inventoryValueAtCost),
            testId: "reports-value-at-cost",
          },
          { label: t("cards.margin"), value: format.percent(stats.avgMargin), testId: "reports-margin" },
        ]}
      />
      <div className={dash.columns}>
        <Card title={t("export.title")}>
          {/* A plain GET form: the browser downloads the file, with or without JavaScript. */}
          <Form method="get" action="/reports/export" reloadDocument>
            <SelectField
              label={t("export.type")}
              selectProps={{ id: "report-type", name: "type", defaultValue: "products" }}
              options={REPORT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            />
            <SelectField
              label={t("export.category")}
              selectProps={{ id: "report-category", name: "category", defaultValue: "" }}
              options={[
                { value: "", label: t("export.allCategories") },
                ...categories.map((c) => ({
                  value: String(c.id),
                  label: `${"\u2003".repeat(c.depth)}${c.name}`,
                })),
              ]}
            />
            <SelectField
              // Keyed by language: a switch of language picks that language's default again.
              key={language}
              label={t("export.format")}
              selectProps={{
                id: "report-format",
                name: "format",
                defaultValue: defaultFileFormat(isLanguage(language) ? language : "en"),
                "aria-describedby": "report-format-hint",
              }}
              options={FILE_FORMATS.map((f) => ({ value: f, label: t(`export.formats.${f}`) }))}
            />
            <p id="report-format-hint" className={table.muted}>
              {t("export.formatHint")}
            </p>
            <Button type="submit">
              <Icon name="reports" size={16} />
              {t("export.button")}
            </Button>
          </Form>
        </Card>
        <Card title={t("quick.title")}>
          <div className={dash.actions}>
            {quick.map((q) => (
              <a
                key={q.type}
                href={`/reports/export?type=${q.type}`}
                className={dash.action}
                download
                data-testid="quick-export"
              >
                <Icon name="reports" />
                <span>{t(`types.${q.type}`)}</span>
                <span className={table.muted}>{q.count}</span>
              </a>
            ))}
          </div>
        </Card>
      </div>
      <Card title={t("totals.title")}>
        <ReportTotals totals={totals} />
      </Card>
    </>
  );
}
