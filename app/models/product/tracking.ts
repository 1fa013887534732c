/**
 * Serial-tracked products (issue #31): none (counted by quantity), a serial number per unit, or an
 * IMEI per unit (15 digits with its check digit). Pure: the form, the schema and the entity read it.
 */
export const TRACKING_MODES = ["none", "serial", "imei"] as const;
export type TrackingMode = (typeof TRACKING_MODES)[number];

/** A guarantee is 0 to 120 months (ten years); none: the product has no guarantee of its own. */
export const MAX_GUARANTEE_MONTHS = 120;
