import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { toIso } from "~/infra/sql.server";
import type { categoryAnswer } from "~/models/api-doc/response-schemas";
import { lockForChange } from "~/models/locked.server";
import { Category } from "./category.entity";
import type { CategoryInput, CategoryPatch } from "./category-schema";

export type CategoryOption = { id: number; name: string; depth: number };

/**
 * A category as the pages read it and /api answers it. Its type is the schema that documents the answer
 * (response-schemas.ts).
 */
export type CategoryRow = z.output<typeof categoryAnswer>;

export type CategoryRefusal =
  | "notFound"
  | "unknownParent"
  | "cycle"
  | "stale"
  | "hasChildren"
  | "hasProducts";
export type CategoryResult = { ok: true; category: CategoryRow } | { ok: false; reason: CategoryRefusal };
export type CategoryDeleteResult =
  | { ok: true }
  | { ok: false; reason: "notFound" | "hasChildren" | "hasProducts" };

// Every category reachable from a root, with its depth and a path that sorts parents before their
// children and siblings by name. `ids` stops the walk should a cycle ever reach the table by hand.
const TREE = `with recursive tree as (
    select id, 0 as depth, array[lower(name), id::text] as path, array[id] as ids
    from category where parent_id is null
    union all
    select c.id, tree.depth + 1, tree.path || array[lower(c.name), c.id::text], tree.ids || c.id
    from category c join tree on c.parent_id = tree.id
    where c.id <> all(tree.ids))`;

// The table's columns for a category `c` with its parent joined as `parent`.
const COLUMNS = `c.id, c.name, c.description, c.parent_id, parent.name as parent_name,
  (select count(*)::int from product p where p.category_id = c.id) as product_count,
  (select count(*)::int from category child where child.parent_id = c.id) as child_count,
  c.version, c.created_at`;

type Row = {
  id: number;
  name: string;
  description: string | null;
  parent_id: number | null;
  parent_name: string | null;
  depth: number;
  product_count: number;
  total_product_count: number;
  child_count: number;
  version: number;
  created_at: string | Date;
};

function toCategory(r: Row): CategoryRow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    parentId: r.parent_id,
    parentName: r.parent_name,
    depth: r.depth,
    productCount: r.product_count,
    totalProductCount: r.total_product_count,
    childCount: r.child_count,
    version: r.version,
    createdAt: toIso(r.created_at),
  };
}

/** Every category in tree order with its depth, for parent and filter selectors. */
export async function categoryOptions(): Promise<CategoryOption[]> {
  return em().execute<CategoryOption[]>(
    `${TREE} select c.id, c.name, tree.depth from tree join category c on c.id = tree.id order by tree.path`,
  );
}

/** The hierarchy table in one query: tree order, depth, parent name, product and child counts. */
export async function listCategories(db: EntityManager = em()): Promise<CategoryRow[]> {
  const rows = await db.execute<Row[]>(
    `${TREE},
     direct as (select category_id as id, count(*)::int as n from product where category_id is not null group by category_id)
     select ${COLUMNS}, tree.depth,
       (select coalesce(sum(direct.n), 0)::int from tree below join direct on direct.id = below.id
        where c.id = any(below.ids)) as total_product_count
     from tree join category c on c.id = tree.id left join category parent on parent.id = c.parent_id
     order by tree.path`,
  );
  return rows.map(toCategory);
}

/** One category with its depth (counted up its ancestors), or null. */
export async function getCategory(id: number, tx: EntityManager = em()): Promise<CategoryRow | null> {
  // `union` (not `union all`) ends either walk should a cycle ever reach the table by hand.
  const [row] = await tx.execute<Row[]>(
    `with recursive up as (
       select id, parent_id, 0 as steps from category where id = ?
       union
       select a.id, a.parent_id, up.steps + 1 from category a join up on a.id = up.parent_id where up.steps < 1000),
     below as (
       select ?::int as id
       union
       select ch.id from category ch join below on ch.parent_id = below.id)
     select ${COLUMNS}, (select max(steps) from up)::int as depth,
       (select count(*)::int from product p where p.category_id in (select id from below)) as total_product_count
     from category c left join category parent on parent.id = c.parent_id
     where c.id = ?`,
    [id, id, id],
  );
  return row ? toCategory(row) : null;
}

/** The ids of a category and everything under it. */
async function subtree(tx: EntityManager, id: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }[]>(
    `with recursive below(id) as (
       select ?::int
       union
       select c.id from category c join below on c.parent_id = below.id)
     select id from below`,
    [id],
  );
  return rows.map((r) => r.id);
}

/**
 * Checks that the parent exists and keeps it locked until commit, so that a concurrent delete
 * either waits for this write (and then sees the new child) or wins (and we answer unknownParent).
 */
async function lockParent(tx: EntityManager, parentId: number): Promise<boolean> {
  const found = await tx.execute<unknown[]>("select 1 from category where id = ? for key share", [parentId]);
  return found.length > 0;
}

export type CategoryWrite = { ok: true; id: number } | { ok: false; reason: CategoryRefusal };

/**
 * The category aggregate's write path, in the caller's transaction (the form, the API, the
 * import): creates a category under an existing parent, or at the root.
 */
export async function insertCategory(tx: EntityManager, input: CategoryInput): Promise<CategoryWrite> {
  if (input.parentId !== null && !(await lockParent(tx, input.parentId))) {
    return { ok: false, reason: "unknownParent" };
  }
  const category = tx.create(Category, {
    name: input.name,
    description: input.description,
    parent: input.parentId === null ? null : tx.getReference(Category, input.parentId),
  });
  await tx.flush();
  return { ok: true, id: category.id };
}

/**
 * Changes the fields given (undefined keeps a value), in the caller's transaction. A parent that
 * is the category itself or one of its descendants would make a cycle; a version other than the
 * current one is a stale edit.
 */
export async function changeCategory(
  tx: EntityManager,
  id: number,
  input: CategoryPatch,
): Promise<CategoryWrite> {
  const refuse = (reason: CategoryRefusal): CategoryWrite => ({ ok: false, reason });
  // Moves are serialised: two concurrent moves (A under B, B under A) could otherwise build a cycle
  // together, each checking a tree that the other is changing.
  if (input.parentId != null) await tx.execute("select pg_advisory_xact_lock(42003)");
  const locked = await lockForChange(tx, Category, id, input.version);
  if (!locked.ok) return refuse(locked.reason);
  const category = locked.entity;
  if (input.parentId != null) {
    if (!(await lockParent(tx, input.parentId))) return refuse("unknownParent");
    if ((await subtree(tx, id)).includes(input.parentId)) return refuse("cycle");
  }
  // The fields given; undefined keeps a value. The ORM raises the version with the change.
  if (input.name !== undefined) category.name = input.name;
  if (input.description !== undefined) category.description = input.description;
  if (input.parentId !== undefined) {
    category.parent = input.parentId === null ? null : tx.getReference(Category, input.parentId);
  }
  await tx.flush();
  return { ok: true, id };
}

/** Creates a category in a transaction of its own. */
export async function createCategory(input: CategoryInput): Promise<CategoryResult> {
  return em().transactional(async (tx): Promise<CategoryResult> => {
    const created = await insertCategory(tx, input);
    if (!created.ok) return created;
    return { ok: true, category: (await getCategory(created.id, tx)) as CategoryRow };
  });
}

/** Changes a category in a transaction of its own. */
export async function updateCategory(id: number, input: CategoryPatch): Promise<CategoryResult> {
  return em().transactional(async (tx): Promise<CategoryResult> => {
    const changed = await changeCategory(tx, id, input);
    if (!changed.ok) return changed;
    return { ok: true, category: (await getCategory(id, tx)) as CategoryRow };
  });
}

/** Deletes a category that has no subcategories and no products. */
export async function deleteCategory(id: number): Promise<CategoryDeleteResult> {
  return em().transactional(async (tx): Promise<CategoryDeleteResult> => {
    // Lock first, count in a later statement: a child or product added by a transaction we waited
    // for is then counted instead of failing the delete on its foreign key.
    const locked = await lockForChange(tx, Category, id);
    if (!locked.ok) return { ok: false, reason: "notFound" };
    const category = locked.entity;
    const [counts] = await tx.execute<{ children: number; products: number }[]>(
      `select (select count(*)::int from category where parent_id = ?) as children,
         (select count(*)::int from product where category_id = ?) as products`,
      [id, id],
    );
    if (counts.children > 0) return { ok: false, reason: "hasChildren" };
    if (counts.products > 0) return { ok: false, reason: "hasProducts" };
    await tx.remove(category).flush();
    return { ok: true };
  });
}
