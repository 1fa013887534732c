/**
 * What names a location (issue #32), as the delete's refusal counts it. Pure: the pages and the API
 * word the counts from these facts.
 *
 * - `holds`: stock that is there (a refusal);
 * - `open`: open documents that name it (a refusal);
 * - `ledger`: its history (a refusal too, but deactivating is suggested instead);
 * - `detached`: what the delete sets to nothing (staff members' own location): no refusal.
 */
export type LocationUseKind = "holds" | "open" | "ledger" | "detached";

/** One count of what names a location; `sql` counts it for the location `?`. */
export type LocationUse = { name: string; kind: LocationUseKind; sql: string };

/**
 * Every count of what names a location. Each other aggregate whose documents name a location
 * (orders, purchase orders, transfers, counts) adds ONE entry here (and its text,
 * `locations:uses.<name>` in en and fi); the delete refuses while any count but a `detached` one is
 * above zero.
 */
export const LOCATION_USES: LocationUse[] = [
  {
    name: "stockUnits",
    kind: "holds",
    sql: "select coalesce(sum(quantity), 0)::int from product_stock where location_id = ?",
  },
  {
    name: "stockProducts",
    kind: "holds",
    sql: "select count(*)::int from product_stock where location_id = ? and quantity > 0",
  },
  {
    name: "serialUnits",
    kind: "holds",
    sql: "select count(*)::int from serial_unit where location_id = ? and state = 'in_stock'",
  },
  {
    name: "movements",
    kind: "ledger",
    sql: "select count(*)::int from stock_movement where location_id = ?",
  },
  {
    name: "openTransfers",
    kind: "open",
    sql: "select count(*)::int from transfer where status in ('draft', 'sent') and ? in (from_location_id, to_location_id)",
  },
  // A received or cancelled transfer is its history.
  {
    name: "pastTransfers",
    kind: "ledger",
    sql: "select count(*)::int from transfer where status in ('received', 'cancelled') and ? in (from_location_id, to_location_id)",
  },
  {
    name: "openCounts",
    kind: "open",
    sql: "select count(*)::int from stock_count where location_id = ? and status = 'open'",
  },
  // A committed or cancelled count is the location's history, as its ledger is.
  {
    name: "pastCounts",
    kind: "ledger",
    sql: "select count(*)::int from stock_count where location_id = ? and status <> 'open'",
  },
  // Documents by location (issue #32): orders confirmed there and purchase orders on their
  // way there are open; every order, purchase order and return that names it is its history (the
  // foreign keys keep them): deactivate it instead.
  {
    name: "openOrders",
    kind: "open",
    sql: "select count(*)::int from sales_order where location_id = ? and status = 'confirmed'",
  },
  {
    name: "openPurchaseOrders",
    kind: "open",
    sql: "select count(*)::int from purchase_order where location_id = ? and status in ('sent', 'partially_received')",
  },
  {
    name: "documents",
    kind: "ledger",
    sql: `select count(*)::int from (select location_id from sales_order union all
            select location_id from purchase_order union all select location_id from customer_return) d
           where d.location_id = ?`,
  },
  { name: "staff", kind: "detached", sql: `select count(*)::int from "user" where location_id = ?` },
];

/** A use found: its name, kind and count (above zero). */
export type LocationUseCount = { name: string; kind: LocationUseKind; count: number };

/** The uses that refuse a delete (every found one but the detached). */
export function refusingUses(uses: LocationUseCount[]): LocationUseCount[] {
  return uses.filter((use) => use.kind !== "detached" && use.count > 0);
}

/** Whether only the ledger refuses: the location is better deactivated than deleted. */
export function onlyLedger(uses: LocationUseCount[]): boolean {
  const refusing = refusingUses(uses);
  return refusing.length > 0 && refusing.every((use) => use.kind === "ledger");
}

/** The i18n key of a use's words, by its count (`_one` / `_other`, as i18next names plurals). */
export function useTextKey(name: string, count: number): string {
  return `locations:uses.${name}_${count === 1 ? "one" : "other"}`;
}
