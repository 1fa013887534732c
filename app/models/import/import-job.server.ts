import { RequestContext, raw } from "@mikro-orm/core";
import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { insertAsJson } from "~/infra/bulk-insert.server";
import { em } from "~/infra/db.server";
import { sendJob } from "~/infra/jobs.server";
import { fullNameSql } from "~/infra/sql.server";
import { actingUser } from "~/models/audit/audit-trail.server";
import { checkCategoryImport } from "~/models/category/category-import.server";
import { checkCustomerImport } from "~/models/customer/customer-import.server";
import { type BelowCostConfirmation, confirmationOf } from "~/models/price/below-cost";
import { checkImport } from "~/models/product/product-import.server";
import { User } from "~/models/user/user.entity";
import type {
  ImportAction,
  ImportJobView,
  ImportKind,
  ImportMessage,
  ImportRowView,
  ImportStatus,
} from "./import";
import type { CheckedRow, ImportCheck } from "./import-check";
import { ImportJob, ImportJobRow } from "./import-job.entity";
import { IMPORT_WRITERS, ImportRefused } from "./import-writers.server";

/** Rows written per flush: the unit of work is cleared after each, so memory stays flat. */
export const IMPORT_BATCH = 1000;
const INSERT_CHUNK = 1000;
/** The first key of the advisory lock that lets one run of an import write at a time. */
const IMPORT_LOCK = 42014;

export type CheckResult = { ok: true; id: number } | { ok: false; error: ImportMessage };

/** Each kind's check: its aggregate's rules, against its records (nothing is written). */
const CHECKS: Record<
  ImportKind,
  (text: string, tx: EntityManager, batchSize?: number) => Promise<ImportCheck>
> = {
  products: checkImport,
  customers: checkCustomerImport,
  categories: (text, tx) => checkCategoryImport(text, tx),
};

/**
 * Checks a file against the records of its kind and keeps what the check found as an import
 * awaiting its start (status "preview"): the file, the counts, and every row with its group,
 * changes and errors. A file that cannot be read at all keeps nothing and says why.
 */
export async function checkImportFile(file: {
  kind?: ImportKind;
  text: string;
  fileName: string | null;
  userId: number | null;
  /** rows checked together (their records read at once) */
  batchSize?: number;
}): Promise<CheckResult> {
  const kind = file.kind ?? "products";
  return em().transactional(async (tx) => {
    const check = await CHECKS[kind](file.text, tx, file.batchSize);
    if (!check.ok) return check;
    // The file's text as a bound parameter (insertAsJson): written into the statement's text by the
    // ORM, a 2.5 MB file was escaped a character at a time, 150 MB of strings.
    const [id] = await insertAsJson(tx, ImportJob, [
      {
        kind,
        status: "preview",
        fileName: file.fileName?.slice(0, 255) ?? null,
        fileText: file.text,
        ignoredColumns: check.ignored,
        createdBy: file.userId,
      },
    ]);
    const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
    for await (const rows of check.batches) {
      for (const row of rows) counts[row.action]++;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        // Rows as one JSON parameter: see insertAsJson on what the ORM's insertMany costs here.
        await insertAsJson(
          tx,
          ImportJobRow,
          rows.slice(i, i + INSERT_CHUNK).map((row) => rowData(id, row)),
        );
      }
    }
    await tx.nativeUpdate(
      ImportJob,
      { id },
      {
        totalRows: counts.create + counts.update + counts.unchanged + counts.error,
        creates: counts.create,
        updates: counts.update,
        unchanged: counts.unchanged,
        errors: counts.error,
      },
    );
    return { ok: true as const, id };
  });
}

function rowData(job: number, row: CheckedRow) {
  return {
    job,
    line: row.line,
    action: row.action,
    name: row.name,
    detail: row.detail,
    recordId: row.recordId,
    recordVersion: row.recordVersion,
    input: row.input,
    changes: row.changes,
    errors: row.errors,
    before: row.before,
    after: row.after,
  };
}

/** Checks an import's file again (the records may have moved on): a new import. */
export async function recheckImport(id: number, userId: number | null): Promise<CheckResult | null> {
  const job = await em()
    .createQueryBuilder(ImportJob, "j")
    .select(["kind", "fileText", "fileName"])
    .where({ id })
    .execute<{ kind: ImportKind; fileText: string; fileName: string | null } | null>("get");
  if (!job) return null;
  return checkImportFile({ kind: job.kind, text: job.fileText, fileName: job.fileName ?? null, userId });
}

type JobData = {
  id: number;
  kind: ImportKind;
  status: ImportStatus;
  fileName: string | null;
  ignoredColumns: string[];
  totalRows: number;
  creates: number;
  updates: number;
  unchanged: number;
  errors: number;
  progress: number;
  failure: ImportMessage | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdByName: string | null;
  committedByName: string | null;
};

function jobQuery(db: EntityManager) {
  return db
    .createQueryBuilder(ImportJob, "j")
    .select([
      "id",
      "kind",
      "status",
      "fileName",
      "ignoredColumns",
      "totalRows",
      "creates",
      "updates",
      "unchanged",
      "errors",
      "progress",
      "failure",
      "createdAt",
      "startedAt",
      "finishedAt",
    ])
    .addSelect(raw(`coalesce(${fullNameSql("cu")}, cu.email) as created_by_name`))
    .addSelect(raw(`coalesce(${fullNameSql("mu")}, mu.email) as committed_by_name`))
    .leftJoin("j.createdBy", "cu")
    .leftJoin("j.committedBy", "mu");
}

function toView(row: JobData & { created_by_name?: string | null; committed_by_name?: string | null }) {
  const view: ImportJobView = {
    id: row.id,
    kind: row.kind,
    status: row.status,
    fileName: row.fileName ?? null,
    counts: { create: row.creates, update: row.updates, unchanged: row.unchanged, error: row.errors },
    total: row.totalRows,
    progress: row.progress,
    toWrite: row.creates + row.updates,
    ignoredColumns: row.ignoredColumns ?? [],
    failure: row.failure ?? null,
    createdBy: row.created_by_name ?? null,
    committedBy: row.committed_by_name ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    startedAt: row.startedAt ? new Date(row.startedAt).toISOString() : null,
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
  return view;
}

export async function getImportJob(id: number, db: EntityManager = em()): Promise<ImportJobView | null> {
  const row = await jobQuery(db).where({ id }).execute<JobData | null>("get");
  return row ? toView(row) : null;
}

/** The latest imports of a kind, newest first (the import page lists them to reopen). */
export async function listImportJobs(limit: number, kind: ImportKind = "products"): Promise<ImportJobView[]> {
  const rows = await jobQuery(em())
    .where({ kind })
    .orderBy([{ createdAt: "desc" }, { id: "desc" }])
    .limit(limit)
    .execute<JobData[]>();
  return rows.map(toView);
}

/** One page of one group of an import's rows, in file order. */
export async function listImportRows(
  id: number,
  action: ImportAction,
  page: { limit: number; offset: number },
): Promise<ImportRowView[]> {
  const rows = await em()
    .createQueryBuilder(ImportJobRow, "r")
    .select(["line", "action", "name", "detail", "recordId", "changes", "errors", "before", "after"])
    .where({ job: id, action })
    .orderBy({ line: "asc" })
    .limit(page.limit)
    .offset(page.offset)
    .execute<ImportRowView[]>();
  return rows.map((row) => ({
    line: row.line,
    action: row.action,
    name: row.name,
    detail: row.detail,
    recordId: row.recordId ?? null,
    changes: row.changes ?? [],
    errors: row.errors ?? [],
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}

/**
 * Marks a checked import as queued by this user: only once, only without errors and with
 * something to write. False when it is not (any more) such an import.
 */
export async function claimImport(id: number, userId: number, db: EntityManager = em()): Promise<boolean> {
  const claimed = await db.execute<{ id: number }[]>(
    `update import_job set status = 'queued', committed_by_id = ?, queued_at = now(), updated_at = now()
     where id = ? and status = 'preview' and errors = 0 and creates + updates > 0 returning id`,
    [userId, id],
  );
  return claimed.length === 1;
}

/** The import's queue: a request sends an import's id, the process that runs jobs writes it. */
export const IMPORT_QUEUE = "product-import";

/**
 * Starts a checked import as a server job (pg-boss, in the process that runs jobs): it goes on
 * when the tab is closed, and its page shows the same state to every server process. The job
 * carries the starter's reason for prices below cost, if any (the write path asks for it; the
 * rows it lets through keep it, below_cost_approval).
 */
export async function startImport(
  id: number,
  userId: number,
  belowCostReason: string | null = null,
): Promise<boolean> {
  if (!(await claimImport(id, userId))) return false;
  try {
    if (await sendJob(IMPORT_QUEUE, { importId: id, belowCostReason })) return true;
  } catch (error) {
    console.error(`[import ${id}] could not be queued:`, error);
  }
  await em().nativeUpdate(
    ImportJob,
    { id },
    {
      status: "failed",
      failure: { message: "import:failure.notStarted" },
      finishedAt: new Date(),
    },
  );
  return true;
}

class AlreadyRunning extends Error {}

/**
 * The import job: writes a checked import through its kind's write path (import-writers.server.ts),
 * all or nothing, in one transaction, a batch at a time. Progress is written beside the
 * transaction (on a connection of its own) so that the page sees it; the outcome is written with
 * the last batch. A refusal or an error rolls everything back and the import fails with the
 * reason. Run twice (a retry after a crash), it starts over: the first run's writes died with its
 * transaction.
 */
export async function runImport(
  orm: MikroORM,
  id: number,
  options: { batchSize?: number; belowCostReason?: string | null } = {},
) {
  const size = options.batchSize ?? IMPORT_BATCH;
  const claimed = await orm.em.fork().execute<{ committed_by_id: number | null; kind: ImportKind }[]>(
    `update import_job set status = 'running', started_at = now(), progress = 0, failure = null,
     updated_at = now() where id = ? and status in ('queued', 'running') returning committed_by_id, kind`,
    [id],
  );
  if (claimed.length === 0) return;
  const { committed_by_id: userId, kind } = claimed[0];
  const progress = (written: number) =>
    orm.em.fork().nativeUpdate(ImportJob, { id }, { progress: written, updatedAt: new Date() });
  try {
    await RequestContext.create(orm.em, async () => {
      // The audit trail names the user who started the import.
      const user = userId
        ? await orm.em.fork().findOne(User, userId, { fields: ["email", "firstName", "lastName", "role"] })
        : null;
      if (user) actingUser(user);
      // The starter's role as it is now: a reason confirms prices below cost only if theirs to give.
      const confirmation: BelowCostConfirmation | null = user
        ? confirmationOf(options.belowCostReason, { id: user.id, role: user.role })
        : null;
      await em().transactional(async (tx) => {
        const [{ locked }] = await tx.execute<{ locked: boolean }[]>(
          "select pg_try_advisory_xact_lock(?, ?) as locked",
          [IMPORT_LOCK, id],
        );
        if (!locked) throw new AlreadyRunning();
        const written = await IMPORT_WRITERS[kind]({
          tx,
          job: id,
          batchSize: size,
          userId,
          confirmation,
          progress,
        });
        await tx.nativeUpdate(
          ImportJob,
          { id },
          {
            status: "done",
            progress: written,
            finishedAt: new Date(),
            updatedAt: new Date(),
          },
        );
      });
    });
  } catch (error) {
    if (error instanceof AlreadyRunning) return;
    if (!(error instanceof ImportRefused)) console.error(`[import ${id}] failed:`, error);
    const failure = error instanceof ImportRefused ? error.failure : { message: "import:failure.unexpected" };
    await orm.em.fork().nativeUpdate(
      ImportJob,
      { id },
      {
        status: "failed",
        failure,
        progress: 0,
        finishedAt: new Date(),
        updatedAt: new Date(),
      },
    );
  }
}

/**
 * Forgets imports nobody started after a day, and every import after 30 days (its rows are a
 * record of the check, not of the catalogue: the price history and the audit trail keep that).
 */
export async function deleteOldImports(db: EntityManager, now: Date) {
  const day = 24 * 60 * 60 * 1000;
  return db.nativeDelete(ImportJob, {
    $or: [
      { status: "preview", createdAt: { $lt: new Date(now.getTime() - day) } },
      { status: { $in: ["done", "failed"] }, createdAt: { $lt: new Date(now.getTime() - 30 * day) } },
    ],
  });
}
