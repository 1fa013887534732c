import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from "./category.server";
import { categoryPatchSchema, categorySchema } from "./category-schema";

const db = testDatabase();

async function create(name: string, parentId: number | null = null) {
  const result = await db.inRequest(() => createCategory(categorySchema.parse({ name, parentId })));
  if (!result.ok) throw new Error(result.reason);
  return result.category;
}

beforeEach(() => db.truncate("product", "category"));

describe("categories", () => {
  test("are listed parents first, children indented under them, siblings by name", async () => {
    const audio = await create("Audio");
    const computers = await create("Computers");
    await create("Speakers", audio.id);
    await create("Headphones", audio.id);
    await create("Laptops", computers.id);
    const list = await db.inRequest(() => listCategories());
    expect(list.map((c) => [c.name, c.depth, c.parentName])).toEqual([
      ["Audio", 0, null],
      ["Headphones", 1, "Audio"],
      ["Speakers", 1, "Audio"],
      ["Computers", 0, null],
      ["Laptops", 1, "Computers"],
    ]);
    expect(list[0].childCount).toBe(2);
    for (const row of list) expect(await db.inRequest(() => getCategory(row.id))).toEqual(row);
  });

  test("a child can be renamed and moved; a stale version is refused", async () => {
    const audio = await create("Audio");
    const tv = await create("TV");
    const child = await create("Speakerz", audio.id);
    const renamed = await db.inRequest(() =>
      updateCategory(child.id, { name: "Speakers", parentId: tv.id, version: child.version }),
    );
    expect(renamed).toMatchObject({ ok: true, category: { name: "Speakers", parentName: "TV" } });
    expect(
      await db.inRequest(() => updateCategory(child.id, { name: "Old", version: child.version })),
    ).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await db.inRequest(() => getCategory(child.id))).toMatchObject({ name: "Speakers", depth: 1 });
  });

  test("a partial edit keeps the fields it leaves out", async () => {
    const audio = await create("Audio");
    const created = await db.inRequest(() =>
      createCategory(categorySchema.parse({ name: "Speakers", description: "Loud", parentId: audio.id })),
    );
    if (!created.ok) throw new Error(created.reason);
    const renamed = await db.inRequest(() =>
      updateCategory(created.category.id, categoryPatchSchema.parse({ name: "Loudspeakers" })),
    );
    expect(renamed).toMatchObject({
      ok: true,
      category: { name: "Loudspeakers", description: "Loud", parentId: audio.id, depth: 1 },
    });
    const toRoot = await db.inRequest(() =>
      updateCategory(created.category.id, categoryPatchSchema.parse({ parentId: null, description: "" })),
    );
    expect(toRoot).toMatchObject({ ok: true, category: { parentId: null, description: null, depth: 0 } });
  });

  test("a cycle is refused and nothing changes", async () => {
    const root = await create("Computers");
    const child = await create("Laptops", root.id);
    const grandchild = await create("Gaming laptops", child.id);
    expect(await db.inRequest(() => updateCategory(root.id, { parentId: grandchild.id }))).toEqual({
      ok: false,
      reason: "cycle",
    });
    expect(await db.inRequest(() => updateCategory(root.id, { parentId: root.id }))).toEqual({
      ok: false,
      reason: "cycle",
    });
    expect(await db.inRequest(() => updateCategory(child.id, { parentId: grandchild.id }))).toEqual({
      ok: false,
      reason: "cycle",
    });
    const list = await db.inRequest(() => listCategories());
    expect(list.map((c) => [c.name, c.depth, c.version])).toEqual([
      ["Computers", 0, 1],
      ["Laptops", 1, 1],
      ["Gaming laptops", 2, 1],
    ]);
  });

  test("an unknown parent is refused", async () => {
    expect(
      await db.inRequest(() => createCategory(categorySchema.parse({ name: "X", parentId: 9999 }))),
    ).toEqual({
      ok: false,
      reason: "unknownParent",
    });
  });

  test("delete is refused while there are children or products; a leaf is deleted", async () => {
    const root = await create("Audio");
    const leaf = await create("Speakers", root.id);
    const other = await create("Cables");
    await db.orm.em
      .fork()
      .execute(`insert into supplier (name) values ('S') on conflict ((lower(name))) do nothing`);
    await db.orm.em
      .fork()
      .execute(
        "insert into product (name, sku, brand, category_id, purchase_price, selling_price, supplier_id) values ('P', 'P1', 'B', ?, 1, 2, (select id from supplier where lower(name) = lower('S')))",
        [other.id],
      );
    expect(await db.inRequest(() => deleteCategory(root.id))).toEqual({ ok: false, reason: "hasChildren" });
    expect(await db.inRequest(() => deleteCategory(other.id))).toEqual({ ok: false, reason: "hasProducts" });
    expect(await db.inRequest(() => deleteCategory(leaf.id))).toEqual({ ok: true });
    expect(await db.inRequest(() => deleteCategory(leaf.id))).toEqual({ ok: false, reason: "notFound" });
  });

  test("a category's total counts the products of its subcategories too", async () => {
    const root = await create("Audio");
    const child = await create("Speakers", root.id);
    const grandchild = await create("Soundbars", child.id);
    await db.orm.em
      .fork()
      .execute(`insert into supplier (name) values ('S') on conflict ((lower(name))) do nothing`);
    const insert = (sku: string, categoryId: number) =>
      db.orm.em
        .fork()
        .execute(
          "insert into product (name, sku, brand, category_id, purchase_price, selling_price, supplier_id) values ('P', ?, 'B', ?, 1, 2, (select id from supplier where lower(name) = lower('S')))",
          [sku, categoryId],
        );
    await insert("A1", root.id);
    await insert("S1", child.id);
    await insert("G1", grandchild.id);
    await insert("G2", grandchild.id);
    const list = await db.inRequest(() => listCategories());
    expect(list.map((c) => [c.name, c.productCount, c.totalProductCount])).toEqual([
      ["Audio", 1, 4],
      ["Speakers", 1, 3],
      ["Soundbars", 2, 2],
    ]);
    for (const row of list) expect(await db.inRequest(() => getCategory(row.id))).toEqual(row);
  });

  test("input: an empty name, a 101-character name and a parent id 'abc' are refused", () => {
    expect(categorySchema.safeParse({ name: "  " }).success).toBe(false);
    expect(categorySchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
    expect(categorySchema.safeParse({ name: "X", parentId: "abc" }).success).toBe(false);
  });
});
