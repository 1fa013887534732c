// No imports: the list screens' browser code reads it, and must not pull in the schema (zod).

/**
 * Rows a product list page shows at first and adds with each "Load More" / next page: the spec's
 * 50 (docs/decisions.md).
 */
export const LIST_PAGE_SIZE = 50;
