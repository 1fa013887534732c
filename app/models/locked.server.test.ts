import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../tests/setup/database";
import { Category } from "./category/category.entity";
import { createCategory } from "./category/category.server";
import { categorySchema } from "./category/category-schema";
import { isStale, lockEachForChange, lockForChange } from "./locked.server";

const db = testDatabase();

async function category(name: string) {
  const made = await db.inRequest(() => createCategory(categorySchema.parse({ name })));
  if (!made.ok) throw new Error(made.reason);
  return made.category;
}

/** Renames a category in a transaction of its own, through the lock, naming `version`. */
const rename = (id: number, name: string, version?: number | null) =>
  db.inRequest(() =>
    db.orm.em.fork().transactional(async (tx) => {
      const locked = await lockForChange(tx, Category, id, version);
      if (!locked.ok) return locked.reason;
      locked.entity.name = name;
      await tx.flush();
      return locked.entity.version;
    }),
  );

beforeEach(() => db.truncate("category"));

describe("one way to take a record for a change", () => {
  test("no version named (nothing, null or 0) is not checked; another version than the record's is stale", () => {
    for (const none of [undefined, null, 0]) expect(isStale(none, 7)).toBe(false);
    expect(isStale(7, 7)).toBe(false);
    expect(isStale(6, 7)).toBe(true);
    expect(isStale(8, 7)).toBe(true);
  });

  test("a change naming the version it read wins once; the others naming it are stale; one naming none goes through", async () => {
    const made = await category("Audio");
    expect(made.version).toBe(1);
    expect(await rename(2_147_480_000, "Nobody", 1)).toBe("notFound");
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => rename(made.id, `Audio ${i}`, 1)));
    expect(results.filter((result) => result === 2)).toHaveLength(1);
    expect(results.filter((result) => result === "stale")).toHaveLength(5);
    expect(await rename(made.id, "Audio again", null)).toBe(3);
    expect(await rename(made.id, "Audio at last", 0)).toBe(4);
  });

  test("a batch is locked in id order and refused at its first missing or stale record, or the first its check refuses", async () => {
    const [a, b, c] = [await category("A"), await category("B"), await category("C")];
    const lock = (changes: { id: number; version?: number | null }[], refuse?: string) =>
      db.inRequest(() =>
        db.orm.em.fork().transactional(async (tx) => {
          const locked = await lockEachForChange(tx, Category, changes, {
            check: (record) => (record.name === refuse ? "refused" : null),
          });
          return locked.ok ? [...locked.byId.keys()] : { index: locked.index, reason: locked.reason };
        }),
      );
    expect(await lock([{ id: c.id }, { id: a.id, version: 1 }, { id: c.id }])).toEqual([a.id, c.id]);
    expect(await lock([{ id: b.id }, { id: a.id, version: 2 }, { id: 2_147_480_000 }])).toEqual({
      index: 1,
      reason: "stale",
    });
    expect(await lock([{ id: b.id }, { id: 2_147_480_000 }, { id: a.id, version: 2 }])).toEqual({
      index: 1,
      reason: "notFound",
    });
    expect(await lock([{ id: a.id }, { id: c.id }, { id: b.id, version: 9 }], "C")).toEqual({
      index: 1,
      reason: "refused",
    });
    expect(await lock([])).toEqual([]);
  });
});
