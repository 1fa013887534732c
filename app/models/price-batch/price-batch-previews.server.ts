import type { EntityManager } from "@mikro-orm/postgresql";
import { PriceBatch } from "./price-batch.entity";

/** How long a preview nobody applied is kept: a preview of Friday is still there on Monday. */
export const PREVIEW_KEPT_DAYS = 7;

/**
 * Deletes the previews nobody applied within PREVIEW_KEPT_DAYS (their lines go with them): a
 * preview of 25,000 products is 25,000 lines, and one nobody applies is only a draft. Applied and
 * undone batches stay: the price log names them. Returns how many went.
 */
export async function deleteOldPreviews(db: EntityManager, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PREVIEW_KEPT_DAYS * 86_400_000);
  return db.nativeDelete(PriceBatch, { state: "preview", createdAt: { $lt: before } });
}
