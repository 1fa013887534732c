import type { EntityManager } from "@mikro-orm/postgresql";
import type { ImportChange, ImportRowError } from "~/models/import/import";
import type { CategoryImportInput, CheckedRow, ImportCheck } from "~/models/import/import-check";
import { type FileRow, readImportFile } from "~/models/import/read-file";
import { categorySchema } from "./category-schema";

/** A category as the check compares it. */
type Stored = {
  id: number;
  version: number;
  name: string;
  description: string | null;
  parentId: number | null;
};

/**
 * A category as the file leaves the tree: one of the catalogue (`c` and its id) or one a line of
 * the file creates (`l` and its line).
 */
type Node = `c${number}` | `l${number}`;

type Context = {
  present: Set<string>;
  byId: Map<number, Stored>;
  /** the catalogue's categories by lower-case name (two may share a name, under different parents) */
  byName: Map<string, Stored[]>;
  /** the first line that names each category (lower-case name) */
  nameLines: Map<string, number>;
  /** the categories the file creates, by lower-case name, with their line (and what they are called) */
  created: Map<string, { line: number; name: string }>;
  /** every line's category name, to tell a parent that comes later in the file */
  laterNames: Map<string, number>;
  /** the lines with errors, by lower-case name: a parent there cannot be created */
  failed: Map<string, number>;
  /** the tree as the lines above leave it: each node's parent */
  parents: Map<Node, Node | null>;
};

/**
 * Checks a category file against the catalogue and writes nothing, line by line in file order (as
 * the import writes it): a row updates the category of its name (any letter case) or creates one;
 * its parent, by name, is a category of the catalogue or one an earlier line creates. An unknown
 * parent, a parent that comes later in the file, and a move that would put a category under
 * itself (a cycle, as the lines above leave the tree) are errors on their line.
 */
export async function checkCategoryImport(
  text: string,
  db: EntityManager,
): Promise<ImportCheck<CategoryImportInput>> {
  const file = readImportFile(text, "categories");
  if (!file.ok) return file;
  const categories = await db.execute<Stored[]>(
    `select id, version, name, description, parent_id as "parentId" from category order by id`,
  );
  const context: Context = {
    present: new Set(file.columns),
    byId: new Map(categories.map((c) => [c.id, c])),
    byName: new Map(),
    nameLines: new Map(),
    created: new Map(),
    laterNames: new Map(),
    failed: new Map(),
    parents: new Map(categories.map((c) => [`c${c.id}`, c.parentId === null ? null : `c${c.parentId}`])),
  };
  for (const category of categories) {
    const key = category.name.trim().toLowerCase();
    context.byName.set(key, [...(context.byName.get(key) ?? []), category]);
  }
  for (const row of file.rows) {
    const key = (row.cells.name ?? "").trim().toLowerCase();
    if (key && !context.laterNames.has(key)) context.laterNames.set(key, row.line);
  }
  const rows = file.rows;
  async function* batches() {
    // Categories are few (the tree a shop browses): one batch, checked in file order.
    yield rows.map((row) => checkRow(row, context));
  }
  return { ok: true, columns: file.columns, ignored: file.ignored, batches: batches() };
}

function checkRow(row: FileRow, context: Context): CheckedRow<CategoryImportInput> {
  const { cells, line } = row;
  const errors: ImportRowError[] = row.error ? [row.error] : [];
  const name = (cells.name ?? "").trim();
  const key = name.toLowerCase();
  let category: Stored | undefined;
  if (key) {
    const first = context.nameLines.get(key);
    if (first !== undefined)
      errors.push({
        column: "name",
        message: "import:categories.errors.row.sameName",
        values: { line: first },
      });
    else context.nameLines.set(key, line);
    const named = context.byName.get(key) ?? [];
    if (named.length > 1)
      errors.push({ column: "name", message: "import:categories.errors.row.nameSeveral", values: { name } });
    category = named.length === 1 ? named[0] : undefined;
  }

  const values: Record<string, unknown> = category
    ? { name: category.name, description: category.description }
    : {};
  if ("name" in cells) values.name = cells.name;
  if ("description" in cells) values.description = cells.description;
  const parsed = categorySchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? "");
      const message =
        issue.message === "categories:errors.nameRequired"
          ? "import:categories.errors.row.required"
          : issue.message === "validation.tooLong"
            ? "import:errors.row.tooLong"
            : issue.message;
      errors.push({
        column,
        message,
        values: message === "import:errors.row.tooLong" ? { max: column === "name" ? 100 : 1000 } : undefined,
      });
    }
  }

  const self: Node | null = category ? `c${category.id}` : key ? `l${line}` : null;
  const parent = parentOf(cells, category, self, key, line, context, errors);
  const parentName = parent.node ? nodeName(parent.node, context) : null;
  const base = {
    line,
    name: name.slice(0, 255),
    detail: (parentName ?? "").slice(0, 255),
    recordId: category?.id ?? null,
    recordVersion: category?.version ?? null,
    before: null,
    after: null,
  };
  if (errors.length || !parsed.success) {
    if (key && !category && !context.failed.has(key)) context.failed.set(key, line);
    return { ...base, action: "error", changes: [], errors, input: null };
  }

  // The tree as this line leaves it, for the lines below.
  if (self) context.parents.set(self, parent.node);
  if (!category) context.created.set(key, { line, name: parsed.data.name });
  const input: CategoryImportInput = {
    name: parsed.data.name,
    description: parsed.data.description,
    parentId: parent.node?.startsWith("c") ? Number(parent.node.slice(1)) : null,
    parentLine: parent.node?.startsWith("l") ? Number(parent.node.slice(1)) : null,
  };
  if (!category) return { ...base, action: "create", changes: [], errors: [], input };
  const changes: ImportChange[] = [];
  if (category.name !== input.name) changes.push({ column: "name", from: category.name, to: input.name });
  if ((category.description ?? null) !== input.description)
    changes.push({ column: "description", from: category.description, to: input.description });
  const before: Node | null = category.parentId === null ? null : `c${category.parentId}`;
  if (before !== parent.node)
    changes.push({
      column: "parent",
      from: before ? nodeName(before, context) : null,
      to: parentName,
    });
  return changes.length
    ? { ...base, action: "update", changes, errors: [], input }
    : { ...base, action: "unchanged", changes, errors: [], input: null };
}

/**
 * The parent a row names: a category of the catalogue (its name must be unique there) or one an
 * earlier line creates; none for an empty cell. Without a parent column a category keeps its own.
 */
function parentOf(
  cells: Record<string, string>,
  category: Stored | undefined,
  self: Node | null,
  key: string,
  line: number,
  context: Context,
  errors: ImportRowError[],
): { node: Node | null } {
  const kept: Node | null = category?.parentId ? `c${category.parentId}` : null;
  if (!("parent" in cells)) return { node: kept };
  const name = cells.parent.trim();
  if (!name) return { node: null };
  const wanted = name.toLowerCase();
  const refuse = (message: string, values: Record<string, string | number>) => {
    errors.push({ column: "parent", message: `import:categories.errors.row.${message}`, values });
    return { node: kept };
  };
  if (wanted === key) return refuse("cycle", { name });
  const named = context.byName.get(wanted) ?? [];
  if (named.length > 1) return refuse("parentSeveral", { name });
  let node: Node | null = named.length === 1 ? `c${named[0].id}` : null;
  if (!node) {
    const created = context.created.get(wanted);
    if (created) node = `l${created.line}`;
  }
  if (!node) {
    const failed = context.failed.get(wanted);
    if (failed !== undefined) return refuse("parentFailed", { name, line: failed });
    const later = context.laterNames.get(wanted);
    return later !== undefined && later > line
      ? refuse("parentLater", { name, line: later })
      : refuse("unknownParent", { name });
  }
  // Under itself: the parent, or one of its ancestors as the lines above leave the tree, is this category.
  if (self) {
    const seen = new Set<Node>();
    for (let up: Node | null = node; up && !seen.has(up); up = context.parents.get(up) ?? null) {
      if (up === self) return refuse("cycle", { name });
      seen.add(up);
    }
  }
  return { node };
}

function nodeName(node: Node, context: Context): string {
  if (node.startsWith("c")) return context.byId.get(Number(node.slice(1)))?.name ?? "";
  const line = Number(node.slice(1));
  for (const created of context.created.values()) if (created.line === line) return created.name;
  return "";
}
