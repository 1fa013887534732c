import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/utils/db.server";
import { toIso } from "~/utils/sql.server";
import type { CategoryInput } from "./category-schema";

export type CategoryOption = { id: number; name: string; depth: number };

export type CategoryRow = {
  id: number;
  name: string;
  description: string | null;
  parentId: number | null;
  parentName: string | null;
  depth: number;
  productCount: number;
  childCount: number;
  version: number;
  createdAt: string;
};

// Every category with its depth and a path that sorts parents before children, siblings by name.
const TREE = `with recursive tree as (
    select id, 0 as depth, array[lower(name), id::text] as path from category where parent_id is null
    union all
    select c.id, tree.depth + 1, tree.path || array[lower(c.name), c.id::text]
    from category c join tree on c.parent_id = tree.id)`;

/** Every category in tree order, for selectors. */
export async function categoryOptions(): Promise<CategoryOption[]> {
  return em().execute<CategoryOption[]>(
    `${TREE} select c.id, c.name, tree.depth from tree join category c on c.id = tree.id order by tree.path`,
  );
}

/** The hierarchy table: one query with parent names and product and child counts. */
export async function listCategories(): Promise<CategoryRow[]> {
  const rows = await em().execute<
    {
      id: number;
      name: string;
      description: string | null;
      parent_id: number | null;
      parent_name: string | null;
      depth: number;
      product_count: number;
      child_count: number;
      version: number;
      created_at: string | Date;
    }[]
  >(
    `${TREE}
     select c.id, c.name, c.description, c.parent_id, parent.name as parent_name, tree.depth,
       (select count(*)::int from product p where p.category_id = c.id) as product_count,
       (select count(*)::int from category child where child.parent_id = c.id) as child_count,
       c.version, c.created_at
     from tree join category c on c.id = tree.id left join category parent on parent.id = c.parent_id
     order by tree.path`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    parentId: r.parent_id,
    parentName: r.parent_name,
    depth: r.depth,
    productCount: r.product_count,
    childCount: r.child_count,
    version: r.version,
    createdAt: toIso(r.created_at),
  }));
}

export async function getCategory(id: number): Promise<CategoryRow | null> {
  return (await listCategories()).find((c) => c.id === id) ?? null;
}

/** The ids of a category and everything under it. */
async function subtree(tx: EntityManager, id: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }[]>(
    `with recursive below(id) as (select ?::int union all select c.id from category c join below on c.parent_id = below.id)
     select id from below`,
    [id],
  );
  return rows.map((r) => r.id);
}

export type CategoryRefusal =
  | "notFound"
  | "unknownParent"
  | "cycle"
  | "stale"
  | "hasChildren"
  | "hasProducts";
export type CategoryResult = { ok: true; category: CategoryRow } | { ok: false; reason: CategoryRefusal };

async function parentRefusal(tx: EntityManager, parentId: number | null): Promise<CategoryRefusal | null> {
  if (parentId === null) return null;
  const found = await tx.execute<unknown[]>("select 1 from category where id = ?", [parentId]);
  return found.length ? null : "unknownParent";
}

export async function createCategory(input: CategoryInput): Promise<CategoryResult> {
  const id = await em().transactional(async (tx) => {
    const refused = await parentRefusal(tx, input.parentId);
    if (refused) return refused;
    const [row] = await tx.execute<{ id: number }[]>(
      "insert into category (name, description, parent_id) values (?, ?, ?) returning id",
      [input.name, input.description, input.parentId],
    );
    return row.id;
  });
  if (typeof id === "string") return { ok: false, reason: id };
  return { ok: true, category: (await getCategory(id)) as CategoryRow };
}

/** Updates the fields given; a parent that is the category itself or below it would make a cycle. */
export async function updateCategory(id: number, input: Partial<CategoryInput>): Promise<CategoryResult> {
  const outcome = await em().transactional(async (tx): Promise<CategoryRefusal | null> => {
    // Serialises moves, so that two concurrent moves cannot build a cycle together.
    await tx.execute("select pg_advisory_xact_lock(42003)");
    const [current] = await tx.execute<{ version: number }[]>(
      "select version from category where id = ? for update",
      [id],
    );
    if (!current) return "notFound";
    if (input.version && input.version !== current.version) return "stale";
    if (input.parentId !== undefined && input.parentId !== null) {
      const refused = await parentRefusal(tx, input.parentId);
      if (refused) return refused;
      if ((await subtree(tx, id)).includes(input.parentId)) return "cycle";
    }
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [key, column] of [
      ["name", "name"],
      ["description", "description"],
      ["parentId", "parent_id"],
    ] as const) {
      if (input[key] !== undefined) {
        sets.push(`${column} = ?`);
        params.push(input[key]);
      }
    }
    await tx.execute(`update category set ${[...sets, "version = version + 1"].join(", ")} where id = ?`, [
      ...params,
      id,
    ]);
    return null;
  });
  if (outcome) return { ok: false, reason: outcome };
  return { ok: true, category: (await getCategory(id)) as CategoryRow };
}

export type CategoryDeleteResult =
  | { ok: true }
  | { ok: false; reason: "notFound" | "hasChildren" | "hasProducts" };

/** Deletes a category that has no subcategories and no products. */
export async function deleteCategory(id: number): Promise<CategoryDeleteResult> {
  return em().transactional(async (tx) => {
    const [row] = await tx.execute<{ children: number; products: number }[]>(
      `select (select count(*)::int from category where parent_id = c.id) as children,
         (select count(*)::int from product where category_id = c.id) as products
       from category c where c.id = ? for update`,
      [id],
    );
    if (!row) return { ok: false, reason: "notFound" };
    if (row.children > 0) return { ok: false, reason: "hasChildren" };
    if (row.products > 0) return { ok: false, reason: "hasProducts" };
    await tx.execute("delete from category where id = ?", [id]);
    return { ok: true };
  });
}
