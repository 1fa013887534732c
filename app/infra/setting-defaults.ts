/**
 * The defaults of the shop's settings that the environment may override (env.server.ts), here
 * rather than in the models so that the environment imports nothing of the app; client-safe, for
 * the pages' fallback when the root loader's settings are missing (app/web/use-settings.ts).
 */

/**
 * A product is low on stock at this many units or fewer. The shop's own figure is the setting
 * LOW_STOCK_THRESHOLD (read once on the server, handed to the pages by the root loader): this is
 * only its default. Alerts, badges, filters, the dashboard and the inventory tab all take it.
 */
export const DEFAULT_LOW_STOCK_AT_MOST = 10;

/** The shop's default reorder quantity when REORDER_QUANTITY is not set. */
export const DEFAULT_REORDER_QUANTITY = 10;
