import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, TextareaField } from "~/components/Field/Field";
import * as field from "~/components/Field/Field.css";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { isLanguage } from "~/i18n/config";
import { useFormat } from "~/i18n/use-format";
import {
  columnHeader,
  IMPORT_KIND_SPECS,
  IMPORT_PAGE_SIZE,
  type ImportKind,
  importPath,
  importTemplate,
  importTextKeys,
  MAX_IMPORT_ROWS,
  readColumns,
} from "~/models/import/import";
import { BELOW_COST_REASON } from "~/models/price/below-cost";
import type {
  ImportFileActionData,
  importFileLoader,
  importJobLoader,
} from "~/web/import/import-routes.server";
import { useCan } from "~/web/use-can";
import { ImportGroupTabs, ImportProgress, ImportRows, ImportStatusBadge } from "./ImportJob";
import * as job from "./ImportJob.css";

/** The kind's wording of an import page's text, else the shared one. */
function useImportText(kind: ImportKind) {
  const { t, i18n } = useTranslation("import");
  const k = (key: string, values?: Record<string, unknown>) => t(importTextKeys(kind, key), values ?? {});
  return { t, k, language: i18n.resolvedLanguage ?? i18n.language };
}

/** An import's first page: the file to check, its columns and templates, and the latest imports. */
export function ImportFilePage({ kind }: { kind: ImportKind }) {
  const { t, k, language } = useImportText(kind);
  const format = useFormat();
  const { recent } = useLoaderData<ReturnType<typeof importFileLoader>>();
  const actionData = useActionData<ImportFileActionData>();
  const pending = useNavigation().state !== "idle";
  const spec = IMPORT_KIND_SPECS[kind];
  const headers = (keys: readonly string[]) =>
    keys.map((key) => columnHeader(kind, key, language)).join(", ");
  const templateLanguage = isLanguage(language) ? language : "en";
  const template = (format: "excel" | "csv") =>
    `data:text/csv;charset=utf-8,${encodeURIComponent(importTemplate(kind, format, templateLanguage))}`;
  return (
    <>
      <Link to={spec.list} className={detail.back}>
        ← {k("back")}
      </Link>
      <PageHeader title={k("title")} lead={k("lead", { max: MAX_IMPORT_ROWS })} />
      <div className={detail.layout}>
        <Card title={t("file.title")}>
          <Form method="post" encType="multipart/form-data">
            {actionData ? (
              <div data-testid="import-file-error">
                <ErrorList errors={[t(actionData.error.message, actionData.error.values)]} />
              </div>
            ) : null}
            <div className={field.field}>
              <label className={field.label} htmlFor="import-file">
                {t("file.choose")}
              </label>
              <input
                id="import-file"
                className={field.input}
                type="file"
                name="file"
                accept=".csv,text/csv,text/plain"
              />
            </div>
            <TextareaField
              label={t("file.paste")}
              textareaProps={{
                id: "import-csv",
                name: "csv",
                rows: 8,
                defaultValue: actionData?.csv ?? "",
                spellCheck: false,
              }}
            />
            <Button type="submit" name="intent" value="preview" disabled={pending}>
              {t("preview")}
            </Button>
          </Form>
        </Card>
        <Card title={t("columns.title")}>
          <p className={table.muted}>{k("columns.text")}</p>
          <p>{t("columns.list", { columns: headers(readColumns(kind).map((c) => c.key)) })}</p>
          <p>{k("columns.newNeeds", { columns: headers(spec.required) })}</p>
          <p className={detail.badges}>
            <a href={template("excel")} download={`${kind}-template-excel.csv`}>
              {t("columns.templateExcel")}
            </a>
            <a href={template("csv")} download={`${kind}-template.csv`}>
              {t("columns.templateCsv")}
            </a>
          </p>
        </Card>
      </div>
      <Card title={t("recent.title")} className={detail.spacedAbove}>
        <DataTable
          label={t("recent.title")}
          rows={recent}
          rowKey={(it) => it.id}
          rowProps={() => ({ "data-testid": "recent-import" })}
          empty={<span className={table.muted}>{t("recent.none")}</span>}
          columns={[
            {
              key: "file",
              kind: "primary",
              label: t("recent.file"),
              cell: (it) => (
                <Link to={importPath(kind, it.id)} className={table.clamp} title={it.fileName ?? undefined}>
                  {it.fileName ?? t("recent.pasted")}
                </Link>
              ),
            },
            { key: "when", label: t("recent.when"), cell: (it) => format.dateTime(it.createdAt) },
            { key: "by", label: t("recent.by"), optional: true, cell: (it) => it.createdBy ?? "—" },
            {
              key: "rows",
              kind: "numeric",
              label: t("recent.rows"),
              cell: (it) => format.number(it.total),
            },
            {
              key: "status",
              kind: "badge",
              label: t("recent.status"),
              cell: (it) => <ImportStatusBadge status={it.status} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** An import's page: what the check found, the start, the progress of the job and its outcome. */
export function ImportJobPage({ kind }: { kind: ImportKind }) {
  const { t, k } = useImportText(kind);
  const format = useFormat();
  const { job: it, group, page, pages, rows } = useLoaderData<ReturnType<typeof importJobLoader>>();
  const pending = useNavigation().state === "submitting";
  const canConfirmBelowCost = useCan("price:belowCost");
  const location = useLocation();
  const link = (params: Record<string, string | number>) => {
    const search = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(params)) search.set(key, String(value));
    return `${location.pathname}?${search}`;
  };
  const active = it.status === "queued" || it.status === "running";
  const from = (page - 1) * IMPORT_PAGE_SIZE + 1;
  return (
    <>
      <Link to={importPath(kind)} className={detail.back}>
        ← {k("title")}
      </Link>
      <PageHeader
        title={t("job.title", { id: it.id })}
        lead={t("job.lead", {
          file: it.fileName ?? t("recent.pasted"),
          name: it.createdBy ?? "—",
          date: format.dateTime(it.createdAt),
        })}
      />
      <Card
        title={
          <span className={detail.badges}>
            <ImportStatusBadge status={it.status} />
          </span>
        }
      >
        <div className={job.panel} data-testid="import-job" data-status={it.status}>
          <p data-testid="import-summary">{t("job.summary", { total: it.total, ...it.counts })}</p>
          {it.ignoredColumns.length ? (
            <p className={table.muted}>{k("job.ignored", { columns: it.ignoredColumns.join(", ") })}</p>
          ) : null}
          {it.status === "preview" ? (
            it.counts.error > 0 ? (
              <>
                <ErrorList errors={[t("job.hasErrors", { count: it.counts.error })]} />
                <div className={job.actions}>
                  <Link to={importPath(kind)} className={buttonClass("secondary")}>
                    {t("job.anotherFile")}
                  </Link>
                </div>
              </>
            ) : it.toWrite === 0 ? (
              <p>{k("job.nothing")}</p>
            ) : (
              <Form method="post">
                {kind === "products" && canConfirmBelowCost ? (
                  <>
                    <p className={table.muted}>{t("job.belowCostHint")}</p>
                    <TextareaField
                      label={t("job.belowCostReason")}
                      textareaProps={{
                        id: "below-cost-reason",
                        name: BELOW_COST_REASON,
                        maxLength: 500,
                        rows: 2,
                      }}
                    />
                  </>
                ) : null}
                <div className={job.actions}>
                  <span className={table.muted}>{t("job.ready")}</span>
                  <Button type="submit" name="intent" value="import" disabled={pending}>
                    {t("job.start", { creates: it.counts.create, updates: it.counts.update })}
                  </Button>
                </div>
              </Form>
            )
          ) : null}
          {active ? (
            <>
              <ImportProgress done={it.progress} total={it.toWrite} active />
              <p className={table.muted}>{it.status === "queued" ? t("job.waiting") : t("job.running")}</p>
            </>
          ) : null}
          {it.status === "done" ? (
            <>
              <ImportProgress done={it.toWrite} total={it.toWrite} active={false} />
              <p role="status">{k("job.done", { creates: it.counts.create, updates: it.counts.update })}</p>
              <p className={table.muted}>
                {t("job.doneBy", {
                  name: it.committedBy ?? "—",
                  date: it.finishedAt ? format.dateTime(it.finishedAt) : "—",
                })}
              </p>
              <div className={job.actions}>
                <Link to={IMPORT_KIND_SPECS[kind].list} className={buttonClass("secondary")}>
                  {k("job.toProducts")}
                </Link>
              </div>
            </>
          ) : null}
          {it.status === "failed" ? (
            <>
              <ErrorList
                errors={[t("job.failed"), ...(it.failure ? [t(it.failure.message, it.failure.values)] : [])]}
              />
              <Form method="post" className={job.actions}>
                <Button type="submit" name="intent" value="recheck" variant="secondary" disabled={pending}>
                  {t("job.recheck")}
                </Button>
              </Form>
            </>
          ) : null}
        </div>
      </Card>
      <ImportGroupTabs counts={it.counts} current={group} to={(g) => link({ group: g, page: 1 })} />
      <ImportRows kind={kind} group={group} rows={rows} />
      {it.counts[group] > IMPORT_PAGE_SIZE ? (
        <Pager
          page={page}
          pages={pages}
          summary={t("groups.pager", {
            from,
            to: Math.min(from + IMPORT_PAGE_SIZE - 1, it.counts[group]),
            total: it.counts[group],
          })}
          to={(n) => link({ group, page: n })}
        />
      ) : null}
    </>
  );
}
