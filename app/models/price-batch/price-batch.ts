import type { ProductStatus } from "~/models/product/product-status";

/**
 * A price batch's words shared by the server and the pages (pure): its state and its scope.
 * - `preview`: computed and stored, nothing changed yet; `applied`: its prices written;
 * - `undone`: a later batch restored its old prices.
 */
export const BATCH_STATES = ["preview", "applied", "undone"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Which products: the /products filters, a campaign's products, the scanned list, another batch's. */
export const BATCH_SCOPES = ["filters", "campaign", "scanned", "batch"] as const;
export type BatchScope = (typeof BATCH_SCOPES)[number];
/** The scopes a person chooses (an undo's is its batch). */
export const REPRICE_SCOPES = ["filters", "campaign", "scanned"] as const;

/** The /products filters a batch was chosen by, as it stores them. */
export type ScopeFilters = {
  search?: string | null;
  categoryId?: number | null;
  brand?: string | null;
  supplierId?: number | null;
  status?: ProductStatus | null;
};
