/** What a location is (issue #32): a store sells over the counter, a warehouse keeps and ships. */
export const LOCATION_KINDS = ["store", "warehouse"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** The location the migration put all existing stock in, and the first one of a new shop. */
export const FIRST_LOCATION_NAME = "Main store";
