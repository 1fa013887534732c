import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, SelectField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { Cut, DataTable, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { CategoryOption } from "~/models/category/category.server";
import type { FileFormat } from "~/models/report/file-format";
import {
  MAX_SCHEDULES,
  SALES_RANGES,
  SCHEDULE_FORMATS,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_GROUPINGS,
  SCHEDULED_REPORTS,
  type ScheduleRow,
  WEEKDAYS,
} from "~/models/report-schedule/report-schedule";
import type { FormConstraint } from "~/web/form-constraint";
import { useHydrated } from "~/web/use-hydrated";
import { useSchemaForm } from "~/web/use-schema-form";
import * as s from "./ReportSchedules.css";

export type ListedSchedule = ScheduleRow & {
  /** the shop day of its next e-mail; null while paused */
  nextDay: string | null;
};

type Props = {
  schedules: ListedSchedule[];
  categories: CategoryOption[];
  /** From the loader: `formConstraint(reportScheduleSchema)`. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultFormat: FileFormat;
};

/**
 * "E-mail this report" on /reports: a plain POST form that schedules a report with the export's
 * choices, and the user's schedules with pause, resume and delete (each a form of its own), so
 * all of it works without JavaScript. Without JavaScript every choice shows (the server ignores
 * those that do not apply); with it, only those of the chosen report and frequency.
 */
export function ReportSchedules({ schedules, categories, constraint, lastResult, defaultFormat }: Props) {
  const { t } = useTranslation("reports");
  const format = useFormat();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm({
    id: "report-schedule",
    constraint,
    schema: () =>
      import("~/models/report-schedule/report-schedule-schema").then((m) => m.reportScheduleSchema),
    lastResult,
    defaultValue: {
      report: "products",
      format: defaultFormat,
      frequency: "daily",
      weekday: "1",
      categoryId: "",
      salesGroup: "day",
      salesDays: "7",
    },
  });
  const report = fields.report.value ?? "products";
  const shows = {
    weekday: !hydrated || fields.frequency.value === "weekly",
    category: !hydrated || report !== "sales",
    sales: !hydrated || report === "sales",
  };
  const date = (day: string) => format.date(`${day}T12:00:00Z`);
  const scheduleName = (schedule: ListedSchedule) => {
    const name = t(`types.${schedule.report}`);
    if (schedule.report === "sales" && schedule.salesGroup)
      return `${name}, ${t(`schedules.salesSummary.${schedule.salesGroup}`, { days: schedule.salesDays })}`;
    return schedule.categoryName ? `${name}: ${schedule.categoryName}` : name;
  };
  return (
    <section id="schedules" aria-labelledby="schedules-title" className={s.section}>
      <Card title={<span id="schedules-title">{t("schedules.title")}</span>}>
        <p className={table.muted}>{t("schedules.lead", { max: MAX_SCHEDULES })}</p>
        <Form method="post" {...getFormProps(form)} preventScrollReset data-testid="schedule-form">
          <div className={s.fields}>
            <SelectField
              label={t("schedules.report")}
              errors={fields.report.errors}
              selectProps={getSelectProps(fields.report)}
              options={SCHEDULED_REPORTS.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            />
            <SelectField
              label={t("schedules.format")}
              errors={fields.format.errors}
              selectProps={getSelectProps(fields.format)}
              options={SCHEDULE_FORMATS.map((f) => ({ value: f, label: t(`export.formats.${f}`) }))}
            />
            <SelectField
              label={t("schedules.frequency")}
              errors={fields.frequency.errors}
              selectProps={getSelectProps(fields.frequency)}
              options={SCHEDULE_FREQUENCIES.map((f) => ({
                value: f,
                label: t(`schedules.frequencies.${f}`),
              }))}
            />
            {shows.weekday ? (
              <SelectField
                label={t("schedules.weekday")}
                errors={fields.weekday.errors}
                selectProps={getSelectProps(fields.weekday)}
                options={WEEKDAYS.map((day) => ({
                  value: String(day),
                  label: t(`schedules.weekdays.${day}`),
                }))}
              />
            ) : null}
            {shows.category ? (
              <SelectField
                label={t("schedules.category")}
                errors={fields.categoryId.errors}
                selectProps={getSelectProps(fields.categoryId)}
                options={[
                  { value: "", label: t("export.allCategories") },
                  ...categories.map((c) => ({
                    value: String(c.id),
                    label: `${"\u2003".repeat(c.depth)}${c.name}`,
                  })),
                ]}
              />
            ) : null}
            {shows.sales ? (
              <>
                <SelectField
                  label={t("schedules.salesGroup")}
                  errors={fields.salesGroup.errors}
                  selectProps={getSelectProps(fields.salesGroup)}
                  options={SCHEDULE_GROUPINGS.map((g) => ({
                    value: g,
                    label: t(`sales-report:groups.${g}`),
                  }))}
                />
                <SelectField
                  label={t("schedules.salesDays")}
                  errors={fields.salesDays.errors}
                  selectProps={getSelectProps(fields.salesDays)}
                  options={SALES_RANGES.map((days) => ({
                    value: String(days),
                    label: t(`schedules.salesRanges.${days}`),
                  }))}
                />
              </>
            ) : null}
          </div>
          {hydrated ? null : <p className={table.muted}>{t("schedules.hint")}</p>}
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" name="intent" value="add-schedule">
            <Icon name="bell" size={16} />
            {t("schedules.add")}
          </Button>
        </Form>
      </Card>
      <h3 className={s.listTitle}>{t("schedules.listTitle")}</h3>
      <DataTable
        label={t("schedules.listTitle")}
        columns={[
          {
            key: "report",
            kind: "primary",
            label: t("schedules.table.report"),
            cell: (schedule) => <Cut text={scheduleName(schedule)} lines={2} />,
          },
          {
            key: "when",
            kind: "badge",
            label: t("schedules.table.when"),
            cell: (schedule) =>
              schedule.frequency === "weekly" && schedule.weekday
                ? t("schedules.weeklyOn", { day: t(`schedules.on.${schedule.weekday}`) })
                : t("schedules.frequencies.daily"),
          },
          {
            key: "format",
            kind: "badge",
            label: t("schedules.table.format"),
            optional: true,
            cell: (schedule) => t(`export.formats.${schedule.format}`),
          },
          {
            key: "status",
            kind: "badge",
            label: t("schedules.table.status"),
            cell: (schedule) => (
              <Badge tone={schedule.active ? "success" : "neutral"} testId="schedule-status">
                {schedule.active ? t("schedules.status.active") : t("schedules.status.paused")}
              </Badge>
            ),
          },
          {
            key: "next",
            kind: "badge",
            label: t("schedules.table.next"),
            cell: (schedule) => (schedule.nextDay ? date(schedule.nextDay) : "–"),
          },
          {
            key: "lastSent",
            kind: "badge",
            label: t("schedules.table.lastSent"),
            optional: true,
            cell: (schedule) =>
              schedule.lastSentAt ? format.dateTime(schedule.lastSentAt) : t("schedules.never"),
          },
          {
            key: "actions",
            kind: "actions",
            label: t("schedules.table.actions"),
            cell: (schedule) => (
              <RowActions>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="scheduleId" value={schedule.id} />
                  <RowButton
                    name="intent"
                    value={schedule.active ? "pause-schedule" : "resume-schedule"}
                    icon={schedule.active ? "pause" : "play"}
                    label={schedule.active ? t("schedules.pause") : t("schedules.resume")}
                    target={scheduleName(schedule)}
                  />
                </Form>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="scheduleId" value={schedule.id} />
                  <RowButton
                    name="intent"
                    value="delete-schedule"
                    icon="trash"
                    tone="danger"
                    label={t("schedules.delete")}
                    target={scheduleName(schedule)}
                  />
                </Form>
              </RowActions>
            ),
          },
        ]}
        rows={schedules}
        rowKey={(schedule) => schedule.id}
        rowProps={(schedule) => ({
          "data-testid": "schedule-row",
          "data-active": schedule.active ? "true" : "false",
        })}
        empty={t("schedules.empty")}
      />
    </section>
  );
}
