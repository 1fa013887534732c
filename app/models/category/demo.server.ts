import type { DemoStep } from "~/models/demo-shop";
import { insertCategory } from "./category.server";
import { categorySchema } from "./category-schema";
import { CATEGORIES } from "./demo-data";

/** The category tree, through the categories' write path, each root before its children; ids by name. */
export const demoCategories: DemoStep = {
  place: 10,
  seed: async (tx, shop) => {
    const insert = async (name: string, description: string, parentId: number | null) => {
      const created = await insertCategory(tx, categorySchema.parse({ name, description, parentId }));
      if (!created.ok) throw new Error(`The demo category ${name} was refused: ${created.reason}`);
      shop.categoryIds.set(name, created.id);
      return created.id;
    };
    for (const root of CATEGORIES) {
      const rootId = await insert(root.name, root.description, null);
      for (const [name, description] of root.children) await insert(name, description, rootId);
    }
  },
};
