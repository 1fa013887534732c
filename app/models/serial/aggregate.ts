import { defineAggregate, defineAudited, defineChecks, text } from "~/models/aggregate";

/**
 * Serial numbers and IMEIs (issue #31): a unit of a serial-tracked product, its state and its
 * timeline. Every role finds and reads units (the top bar's search, /serials, the API); units come
 * in through a purchase order's receipt (purchasing's permission). `serial:write` is for the
 * corrections, returns and claims built on top.
 */
export const aggregate = defineAggregate({
  permissions: { "serial:write": ["admin", "manager"] },
  lists: { serialUnit: "/serials" },
});

/**
 * What the audit trail records of it: each event of a unit's timeline (received, sold, returned ...)
 * is a line, written with the event (serial.server.ts `recordEvents`), by whom and in which request.
 */
export const audited = defineAudited({
  SerialUnit: { type: "serial_unit", place: 97, label: (u) => text(u.serial), page: "/serials/:id" },
});

declare module "~/models/aggregate" {
  interface Aggregates {
    serial: typeof aggregate & { audited: typeof audited };
  }
}

/**
 * What the cross-cutting tests walk: anyone signed in searches (an empty search is the page's form,
 * the API's 400) and reads a unit (a missing one: 404).
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/serials", "staff", 200],
    ["GET", "/serials/:id", "staff", 404, { target: "missing" }],
    ["GET", "/api/serials", "staff", 400],
    ["GET", "/api/serials/:id", "staff", 404, { target: "missing" }],
    ["POST", "/api/serials", "everyone", 405],
    ["POST", "/api/serials/:id", "everyone", 405, { target: "missing" }],
    // Marking a unit defective: its page's form and the API (admins and managers).
    ["POST", "/serials/:id", "managers", 404, { target: "missing" }],
    ["GET", "/api/serials/:id/defective", "everyone", 405, { target: "missing" }],
    ["POST", "/api/serials/:id/defective", "managers", 404, { target: "missing" }],
  ],
  fingerprint: ["serial_unit", "serial_event"],
});
