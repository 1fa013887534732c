import type { EntityManager } from "@mikro-orm/postgresql";
import type { Rng } from "./demo-random";

/**
 * What the demo shop's seed steps hand on to each other: the one generator, and the records a
 * later step needs, by the names the demo data gives them.
 */
export type DemoShop = {
  rng: Rng;
  /** The suppliers' names, for the products that name them. */
  suppliers: string[];
  /** Category ids by name. */
  categoryIds: Map<string, number>;
  /** The demo products as written, and their ids by SKU. */
  products: DemoShopProduct[];
  productIds: Map<string, number>;
};

/**
 * An aggregate's part of the demo shop (its \`demo\` in aggregate.server.ts): run in \`place\`
 * order, all in the seeder's one transaction, through the aggregate's write path.
 */
export type DemoStep = { place: number; seed: (tx: EntityManager, shop: DemoShop) => Promise<void> };

/** A demo product as the product step wrote it. */
export type DemoShopProduct = {
  name: string;
  sku: string;
  brand: string;
  category: string;
  purchasePrice: string;
  sellingPrice: string;
  stockLevel: number;
  supplier: string;
  /** A reorder point and quantity of its own, or null for the shop's. */
  reorderPoint: number | null;
  reorderQuantity: number | null;
  ean: string;
  status: "active" | "inactive" | "eol";
};
