/** The longest lead time a supplier may have: a year. */
export const MAX_LEAD_TIME_DAYS = 365;
/** A new supplier's lead time when none is given (and the migrated suppliers'). */
export const DEFAULT_LEAD_TIME_DAYS = 7;
