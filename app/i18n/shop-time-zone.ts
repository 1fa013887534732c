/**
 * The shop's clock: dates and times are shown, and "today" is decided, in the shop's time zone,
 * whatever zone the server or a browser runs in (so the server and the browser print the same).
 */
export const SHOP_TIME_ZONE = "Europe/Helsinki";
