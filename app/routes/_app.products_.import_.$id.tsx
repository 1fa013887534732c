import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList } from "~/components/Field/Field";
import {
  ImportGroupTabs,
  ImportProgress,
  ImportRows,
  ImportStatusBadge,
} from "~/components/ImportJob/ImportJob";
import * as job from "~/components/ImportJob/ImportJob.css";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { getImportJob, listImportRows, recheckImport, startImport } from "~/models/import/import-job.server";
import { IMPORT_ACTIONS, type ImportAction, type ImportCounts } from "~/models/product/product-import";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { recordNotFound } from "~/utils/not-found.server";
import { idParam, pageNumber } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "import", "products"] };

const PAGE_SIZE = 50;

/** The group shown first: what needs attention (errors), then what will change. */
function defaultGroup(counts: ImportCounts): ImportAction {
  return IMPORT_ACTIONS.find((group) => counts[group] > 0) ?? "update";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  const id = idParam(params.id);
  const found = id ? await getImportJob(id) : null;
  if (!found) throw recordNotFound("productImport");
  const url = new URL(request.url);
  const asked = url.searchParams.get("group");
  const group = IMPORT_ACTIONS.includes(asked as ImportAction)
    ? (asked as ImportAction)
    : defaultGroup(found.counts);
  const pages = Math.max(1, Math.ceil(found.counts[group] / PAGE_SIZE));
  const page = Math.min(pageNumber(url.searchParams.get("page")), pages);
  const rows = await listImportRows(found.id, group, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { job: found, group, page, pages, rows };
}

/** import: starts the checked import as a server job; recheck: checks its file again (a new import). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  const id = idParam(params.id);
  const found = id ? await getImportJob(id) : null;
  if (!found) throw recordNotFound("productImport");
  const form = await readForm(request);
  const here = `/products/import/${found.id}`;
  switch (form.get("intent")) {
    case "import": {
      const started = await startImport(found.id, user.id);
      return redirectWithToast(here, {
        type: started ? "success" : "error",
        title: started ? "toast.success" : "toast.error",
        description: started ? "import:toast.started" : "import:toast.notStarted",
      });
    }
    case "recheck": {
      const checked = await recheckImport(found.id, user.id);
      if (!checked?.ok) {
        return redirectWithToast(here, {
          type: "error",
          title: "toast.error",
          description: checked ? checked.error.message : "import:errors.file.empty",
          values: checked?.ok === false ? checked.error.values : undefined,
        });
      }
      return redirectWithToast(`/products/import/${checked.id}`, {
        type: "success",
        title: "toast.success",
        description: "import:toast.rechecked",
      });
    }
    default:
      return data({ message: "Unknown intent" }, 400);
  }
}

export const meta = pageTitle("import:title");

export default function ImportJobPage() {
  const { t } = useTranslation("import");
  const format = useFormat();
  const { job: it, group, page, pages, rows } = useLoaderData<typeof loader>();
  const pending = useNavigation().state === "submitting";
  const location = useLocation();
  const link = (params: Record<string, string | number>) => {
    const search = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(params)) search.set(key, String(value));
    return `${location.pathname}?${search}`;
  };
  const active = it.status === "queued" || it.status === "running";
  const from = (page - 1) * PAGE_SIZE + 1;
  return (
    <>
      <Link to="/products/import" className={detail.back}>
        ← {t("title")}
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
            <p className={table.muted}>{t("job.ignored", { columns: it.ignoredColumns.join(", ") })}</p>
          ) : null}
          {it.status === "preview" ? (
            it.counts.error > 0 ? (
              <>
                <ErrorList errors={[t("job.hasErrors", { count: it.counts.error })]} />
                <div className={job.actions}>
                  <Link to="/products/import" className={buttonClass("secondary")}>
                    {t("job.anotherFile")}
                  </Link>
                </div>
              </>
            ) : it.toWrite === 0 ? (
              <p>{t("job.nothing")}</p>
            ) : (
              <Form method="post" className={job.actions}>
                <span className={table.muted}>{t("job.ready")}</span>
                <Button type="submit" name="intent" value="import" disabled={pending}>
                  {t("job.start", { creates: it.counts.create, updates: it.counts.update })}
                </Button>
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
              <p role="status">{t("job.done", { creates: it.counts.create, updates: it.counts.update })}</p>
              <p className={table.muted}>
                {t("job.doneBy", {
                  name: it.committedBy ?? "—",
                  date: it.finishedAt ? format.dateTime(it.finishedAt) : "—",
                })}
              </p>
              <div className={job.actions}>
                <Link to="/products" className={buttonClass("secondary")}>
                  {t("job.toProducts")}
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
      <ImportRows group={group} rows={rows} />
      {it.counts[group] > PAGE_SIZE ? (
        <Pager
          page={page}
          pages={pages}
          summary={t("groups.pager", {
            from,
            to: Math.min(from + PAGE_SIZE - 1, it.counts[group]),
            total: it.counts[group],
          })}
          to={(n) => link({ group, page: n })}
        />
      ) : null}
    </>
  );
}
