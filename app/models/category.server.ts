import { em } from "~/utils/db.server";

export type CategoryOption = { id: number; name: string; depth: number };

/** Every category in tree order (parents before children, siblings by name), for selectors. */
export async function categoryOptions(): Promise<CategoryOption[]> {
  return em().execute<CategoryOption[]>(
    `with recursive tree as (
       select id, name, 0 as depth, array[lower(name), id::text] as path from category where parent_id is null
       union all
       select c.id, c.name, tree.depth + 1, tree.path || array[lower(c.name), c.id::text]
       from category c join tree on c.parent_id = tree.id)
     select id, name, depth from tree order by path`,
  );
}
