import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as dash from "~/components/Dashboard/Dashboard.css";
import { SelectField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { LocationFilter } from "~/components/LocationFilter/LocationFilter";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { ReportSchedules } from "~/components/ReportSchedules/ReportSchedules";
import { ReportTotals } from "~/components/ReportTotals/ReportTotals";
import * as sales from "~/components/SalesChart/SalesChart.css";
import { StatCards } from "~/components/StatCards/StatCards";
import * as table from "~/components/Table/Table.css";
import { isLanguage } from "~/i18n/config";
import { pageTitle } from "~/i18n/page-title";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { useFormat } from "~/i18n/use-format";
import { todayIn } from "~/models/campaign/campaign-status";
import { categoryOptions } from "~/models/category/category.server";
import { defaultFileFormat, FILE_FORMATS } from "~/models/report/file-format";
import { REPORT_TYPES } from "~/models/report/report";
import { reportTotals } from "~/models/report/report.server";
import { beforeSendTime, nextSendDay } from "~/models/report-schedule/report-schedule";
import {
  addSchedule,
  deleteSchedule,
  listSchedules,
  type ScheduleRefusal,
  setScheduleActive,
} from "~/models/report-schedule/report-schedule.server";
import { reportScheduleSchema } from "~/models/report-schedule/report-schedule-schema";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { formConstraint, parseForm, readForm } from "~/web/form.server";
import { idParam } from "~/web/params";
import { readLocationFilter } from "~/web/stock/location-filter.server";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "reports"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The cards, the quick exports and the totals table all read the reports' own totals, so the
  // page shows the figures the files end with (each product's value at cost to the cent).
  // One location's figures and files (issue #32), or every location's (none, the default).
  const place = await readLocationFilter(new URL(request.url).searchParams, "/reports");
  const [categories, totals, schedules] = await Promise.all([
    categoryOptions(),
    reportTotals(place.locationId),
    can(user.role, "report:schedule") ? scheduledEmails(user.id) : null,
  ]);
  const { locations, locationId } = place;
  return {
    categories,
    totals,
    schedules,
    locations,
    locationId,
    scheduleConstraint: formConstraint(reportScheduleSchema),
  };
}

/** The user's schedules, each with the shop day of its next e-mail (none while paused). */
async function scheduledEmails(userId: number) {
  const now = new Date();
  const today = todayIn(SHOP_TIME_ZONE, now);
  const early = beforeSendTime(now);
  return (await listSchedules(userId)).map((schedule) => ({
    ...schedule,
    nextDay: schedule.active
      ? nextSendDay(schedule, today, {
          beforeSendTime: early,
          sentToday:
            schedule.lastSentAt !== null && todayIn(SHOP_TIME_ZONE, new Date(schedule.lastSentAt)) === today,
        })
      : null,
  }));
}

type ActionData = { scheduleResult: SubmissionResult<string[]> };

/** Where a refused schedule shows on the form. */
const REFUSALS: Record<ScheduleRefusal, { field: "form" | "categoryId"; key: string; status: number }> = {
  tooMany: { field: "form", key: "reports:schedules.errors.tooMany", status: 409 },
  unknownCategory: { field: "categoryId", key: "reports:schedules.errors.unknownCategory", status: 400 },
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "report:schedule" });
  const form = await readForm(request);
  const intent = form.get("intent");
  switch (intent) {
    case "add-schedule": {
      const submission = parseForm(form, reportScheduleSchema);
      if (submission.status !== "success")
        return data<ActionData>({ scheduleResult: submission.reply() }, 400);
      const added = await addSchedule(user.id, submission.value);
      if (!added.ok) {
        const refusal = REFUSALS[added.reason];
        const reply =
          refusal.field === "form"
            ? submission.reply({ formErrors: [refusal.key] })
            : submission.reply({ fieldErrors: { [refusal.field]: [refusal.key] } });
        return data<ActionData>({ scheduleResult: reply }, refusal.status);
      }
      return scheduleToast("added");
    }
    case "pause-schedule":
    case "resume-schedule": {
      const id = idParam(String(form.get("scheduleId") ?? ""));
      const active = intent === "resume-schedule";
      const changed = id ? await setScheduleActive(user.id, id, active) : false;
      return changed ? scheduleToast(active ? "resumed" : "paused") : scheduleToast("notFound");
    }
    case "delete-schedule": {
      const id = idParam(String(form.get("scheduleId") ?? ""));
      const deleted = id ? await deleteSchedule(user.id, id) : false;
      return scheduleToast(deleted ? "deleted" : "notFound");
    }
    default:
      throw data({ message: "Unknown action" }, 400);
  }
}

function scheduleToast(outcome: "added" | "resumed" | "paused" | "deleted" | "notFound") {
  const failed = outcome === "notFound";
  return redirectWithToast("/reports#schedules", {
    type: failed ? "error" : "success",
    title: failed ? "toast.error" : "toast.success",
    description: `reports:schedules.toast.${outcome}`,
  });
}

export const meta = pageTitle("nav.reports");

export default function ReportsPage() {
  const { t, i18n } = useTranslation("reports");
  const format = useFormat();
  const { categories, totals, schedules, scheduleConstraint, locations, locationId } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const all = totals.products;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const quick = [
    { type: "products", count: format.number(all.products) },
    { type: "low-margin", count: format.number(totals["low-margin"].products) },
    { type: "low-stock", count: format.number(totals["low-stock"].products) },
    { type: "inventory-value", count: format.money(totals["inventory-value"].value) },
  ];
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <p className={sales.downloads}>
        <Link to="/reports/sales" className={buttonClass("secondary")} data-testid="reports-over-time">
          <Icon name="chart" size={16} />
          {t("overTime")}
        </Link>
        {/* Return figures (issue #31 item 7). */}
        <Link to="/reports/returns" className={buttonClass("secondary")} data-testid="reports-returns">
          <Icon name="undo" size={16} />
          {t("returns.page")}
        </Link>
      </p>
      <LocationFilter locations={locations} locationId={locationId} />
      <StatCards
        items={[
          {
            label: t("cards.products"),
            value: format.number(all.products),
            testId: "reports-products",
          },
          { label: t("cards.value"), value: format.money(all.value), testId: "reports-value" },
          {
            label: t("cards.valueAtCost"),
            value: format.money(all.valueAtCost),
            testId: "reports-value-at-cost",
          },
          {
            label: t("cards.margin"),
            value: all.averageMargin === null ? t("totals.none") : format.percent(all.averageMargin),
            testId: "reports-margin",
          },
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
            {locations.length > 1 ? (
              <SelectField
                label={t("common:locationFilter.label")}
                selectProps={{ id: "report-location", name: "location", defaultValue: locationId ?? "" }}
                options={[
                  { value: "", label: t("common:locationFilter.all") },
                  ...locations.map((location) => ({ value: String(location.id), label: location.name })),
                ]}
              />
            ) : null}
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
                href={`/reports/export?type=${q.type}${locationId ? `&location=${locationId}` : ""}`}
                className={dash.action}
                download
                data-testid="quick-export"
              >
                <Icon name="reports" />
                <span>{t(`types.${q.type}`)}</span>
                <span className={table.muted}>{q.count}</span>
              </a>
            ))}
            <a
              href="/reports/export?type=price-claims"
              className={dash.action}
              download
              title={t("claims.hint")}
              data-testid="price-claims-export"
            >
              <Icon name="reports" />
              <span>{t("claims.link")}</span>
            </a>
            <a
              href="/reports/export?type=below-cost"
              className={dash.action}
              download
              title={t("belowCost.hint")}
              data-testid="below-cost-export"
            >
              <Icon name="reports" />
              <span>{t("belowCost.link")}</span>
            </a>
            {/* Return figures (issue #31 item 7): by product over the last 90 days. */}
            <a
              href="/reports/returns/export"
              className={dash.action}
              download
              title={t("returns.hint")}
              data-testid="returns-export"
            >
              <Icon name="reports" />
              <span>{t("returns.link")}</span>
            </a>
          </div>
        </Card>
      </div>
      {schedules ? (
        <ReportSchedules
          schedules={schedules}
          categories={categories}
          constraint={scheduleConstraint}
          lastResult={actionData?.scheduleResult}
          defaultFormat={defaultFileFormat(isLanguage(language) ? language : "en")}
        />
      ) : null}
      <ReportTotals totals={totals} />
    </>
  );
}
