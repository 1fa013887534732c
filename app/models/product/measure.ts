/**
 * Products sold by measure (issue #30): the unit a product's price is compared per, and how much
 * of it the product holds (a 5 m cable, a 0.75 l bottle). Pure; shared by the browser and the
 * server. Finnish rules require the unit price on a label where it differs from the price.
 */
export const MEASURE_UNITS = ["m", "kg", "l"] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/** The net quantity's column, numeric(10,3): up to 9,999,999.999 of its unit. */
export const NET_QUANTITY_DECIMALS = 3;
/** Its whole digits: 7. */
export const NET_QUANTITY_WHOLE_DIGITS = 7;
