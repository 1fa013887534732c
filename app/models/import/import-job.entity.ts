import { defineEntity, p } from "@mikro-orm/core";
import type { ImportFigures } from "~/models/product/product-import";
import { createdAt, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import {
  IMPORT_ACTIONS,
  IMPORT_KINDS,
  IMPORT_STATUSES,
  type ImportChange,
  type ImportMessage,
  type ImportRowError,
} from "./import";
import type { ImportInput } from "./import-check";

/**
 * An import (of products, customers or categories): the file as checked, what the check found,
 * and, once started, the server job that writes it (status, progress, the reason of a failure).
 * Its state lives here, in PostgreSQL, so every server process shows the same page and the import
 * goes on when the tab is closed.
 */
export const ImportJob = defineEntity({
  name: "ImportJob",
  tableName: "import_job",
  indexes: [{ name: "import_job_kind_created_at_index", properties: ["kind", "createdAt", "id"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** What the file holds: each kind is checked and written by its aggregate's rules. */
    kind: p.enum([...IMPORT_KINDS]).default("products"),
    /** preview: checked, not started; queued, running; done or failed (nothing written). */
    status: p.enum([...IMPORT_STATUSES]).default("preview"),
    fileName: p.string().length(255).nullable(),
    /** The file as uploaded, to check it again without a new upload. */
    fileText: p.text().lazy(),
    /** Headers of the file that are no column of its kind (read past). */
    ignoredColumns: p.json<string[]>().columnType("jsonb").default("[]"),
    totalRows: p.integer().default(0),
    creates: p.integer().default(0),
    updates: p.integer().default(0),
    unchanged: p.integer().default(0),
    errors: p.integer().default(0),
    /** Rows written so far (creates and updates), while it runs. */
    progress: p.integer().default(0),
    /** Why it failed (an i18n key and its values); nothing was written. */
    failure: p.json<ImportMessage>().columnType("jsonb").nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null").index(),
    /** Who started the import: its changes are theirs (price history, audit trail). */
    committedBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    queuedAt: p.datetime().columnType("timestamptz").nullable(),
    startedAt: p.datetime().columnType("timestamptz").nullable(),
    finishedAt: p.datetime().columnType("timestamptz").nullable(),
  },
});

/**
 * One data row of an import's file as the check found it: its group, the record it matched (id
 * and the version compared against), its changes and errors for the preview, and the record as
 * it will be written (`input`), which the job reads back a batch at a time.
 */
export const ImportJobRow = defineEntity({
  name: "ImportJobRow",
  tableName: "import_job_row",
  indexes: [
    // The preview's groups, a page at a time in file order; the job's creates in file order.
    { name: "import_job_row_group_index", properties: ["job", "action", "line"] },
    // The job's updates in record id order (the order every writer locks records in).
    { name: "import_job_row_record_index", properties: ["job", "action", "recordId"] },
  ],
  properties: {
    id: p.bigint("number").primary().autoincrement(),
    job: p.manyToOne(ImportJob).deleteRule("cascade"),
    line: p.integer(),
    action: p.enum([...IMPORT_ACTIONS]),
    name: p.string().length(255).default(""),
    /** Shown beside the name: a product's SKU, a customer's e-mail, a category's parent. */
    detail: p.string().length(255).default(""),
    /** The matched record, as a number: the row is a record of the check, not a live link. */
    recordId: p.integer().nullable(),
    recordVersion: p.integer().nullable(),
    input: p.json<ImportInput>().columnType("jsonb").nullable(),
    changes: p.json<ImportChange[]>().columnType("jsonb").default("[]"),
    errors: p.json<ImportRowError[]>().columnType("jsonb").default("[]"),
    before: p.json<ImportFigures>().columnType("jsonb").nullable(),
    after: p.json<ImportFigures>().columnType("jsonb").nullable(),
  },
});
