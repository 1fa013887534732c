// The loaders and actions of the import pages, one pair per page, made for a kind: the products',
// customers' and categories' import routes re-export them (as the new and edit routes of a record
// share one editor module), so the three imports cannot drift apart.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { RecordKind } from "~/components/ErrorPage/ScreenError";
import {
  IMPORT_ACTIONS,
  IMPORT_KIND_SPECS,
  IMPORT_PAGE_SIZE,
  type ImportAction,
  type ImportCounts,
  type ImportKind,
  type ImportMessage,
  importPath,
} from "~/models/import/import";
import {
  checkImportFile,
  getImportJob,
  listImportJobs,
  listImportRows,
  recheckImport,
  startImport,
} from "~/models/import/import-job.server";
import { requireUser } from "~/web/auth.server";
import { formBelowCostReason } from "~/web/below-cost.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

/** Pasted text is given back with its error; a file is not (it may be megabytes). */
const ECHO_LIMIT = 200_000;

export type ImportFileActionData = { error: ImportMessage; csv: string };

/** The missing import, as its kind's screen says it. */
const NOT_FOUND: Record<ImportKind, RecordKind> = {
  products: "productImport",
  customers: "customerImport",
  categories: "categoryImport",
};

/** The import page: the latest imports of the kind to reopen. */
export function importFileLoader(kind: ImportKind) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireUser(request, { permission: IMPORT_KIND_SPECS[kind].permission });
    return { recent: await listImportJobs(10, kind) };
  };
}

/** Checks the file (nothing is written) and opens what the check found. */
export function importFileAction(kind: ImportKind) {
  return async ({ request }: ActionFunctionArgs) => {
    const user = await requireUser(request, { permission: IMPORT_KIND_SPECS[kind].permission });
    const form = await readForm(request);
    const file = form.get("file");
    const uploaded = file instanceof File && file.size > 0;
    const csv = uploaded ? await file.text() : String(form.get("csv") ?? "");
    const echo = uploaded || csv.length > ECHO_LIMIT ? "" : csv;
    if (csv.trim() === "")
      return data<ImportFileActionData>({ error: { message: "import:errors.file.missing" }, csv: echo }, 400);
    const result = await checkImportFile({
      kind,
      text: csv,
      fileName: uploaded ? file.name : null,
      userId: user.id,
    });
    if (!result.ok) return data<ImportFileActionData>({ error: result.error, csv: echo }, 400);
    return redirect(importPath(kind, result.id));
  };
}

/** The group shown first: what needs attention (errors), then what will change. */
function defaultGroup(counts: ImportCounts): ImportAction {
  return IMPORT_ACTIONS.find((group) => counts[group] > 0) ?? "update";
}

/** An import of this kind (one of another kind is not found here: its own page shows it). */
async function importOf(kind: ImportKind, param: string | undefined) {
  const id = idParam(param);
  const found = id ? await getImportJob(id) : null;
  if (!found || found.kind !== kind) throw recordNotFound(NOT_FOUND[kind]);
  return found;
}

/** An import's page: its state, and a page of one group of its rows. */
export function importJobLoader(kind: ImportKind) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireUser(request, { permission: IMPORT_KIND_SPECS[kind].permission });
    const found = await importOf(kind, params.id);
    const url = new URL(request.url);
    const asked = url.searchParams.get("group");
    const group = IMPORT_ACTIONS.includes(asked as ImportAction)
      ? (asked as ImportAction)
      : defaultGroup(found.counts);
    const pages = Math.max(1, Math.ceil(found.counts[group] / IMPORT_PAGE_SIZE));
    const page = Math.min(pageNumber(url.searchParams.get("page")), pages);
    const rows = await listImportRows(found.id, group, {
      limit: IMPORT_PAGE_SIZE,
      offset: (page - 1) * IMPORT_PAGE_SIZE,
    });
    return { job: found, group, page, pages, rows };
  };
}

/**
 * import: starts the checked import as a server job (a products import with the optional reason
 * that confirms prices below cost); recheck: checks its file again (a new import).
 */
export function importJobAction(kind: ImportKind) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const user = await requireUser(request, { permission: IMPORT_KIND_SPECS[kind].permission });
    const found = await importOf(kind, params.id);
    const form = await readForm(request);
    const here = importPath(kind, found.id);
    switch (form.get("intent")) {
      case "import": {
        const reason = kind === "products" ? formBelowCostReason(form) : { reason: null, errors: [] };
        if (reason.errors.length > 0) {
          return redirectWithToast(here, {
            type: "error",
            title: "toast.error",
            description: reason.errors[0],
          });
        }
        const started = await startImport(found.id, user.id, reason.reason);
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
        return redirectWithToast(importPath(kind, checked.id), {
          type: "success",
          title: "toast.success",
          description: "import:toast.rechecked",
        });
      }
      default:
        return data({ message: "Unknown intent" }, 400);
    }
  };
}
