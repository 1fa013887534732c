// TEMPORARY STUB (helper-1 replaces this file with the real seed module).
import type { EntityManager } from "@mikro-orm/postgresql";
export async function seedDemoCatalogue(_em: EntityManager): Promise<boolean> {
  return false;
}
export async function seedSyntheticProducts(_em: EntityManager, _count: number): Promise<number> {
  return 0;
}
