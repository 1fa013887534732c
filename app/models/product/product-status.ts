/** Product statuses (spec section 4), shared by the browser and the server. */
export const PRODUCT_STATUSES = ["active", "inactive", "eol"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
