// No imports: the list screens' browser code reads it, and must not pull in the schema (zod).

/**
 * Rows a product list page shows at first and adds with each "Load more" / next page: two screens
 * at 1366 x 900, a light page on a handheld (docs/decisions.md).
 */
export const LIST_PAGE_SIZE = 25;
