import type { Operation, OperationId } from "~/models/api-doc/operation";
import { defineAggregateServer } from "~/models/registry.server";
import { markUnitDefectiveSchema } from "~/models/stock/mark-defective-schema";
import { demoSerials } from "./demo.server";
import { SerialEvent, SerialUnit } from "./serial.entity";
import { serialQuerySchema, serialSearchAnswer, serialUnitAnswer } from "./serial-schema";

/** The serial units' /api operations: every role reads. */
const SERIAL_OPERATIONS = {
  "GET /api/serials": {
    summary:
      "Find units by serial number or IMEI (q: exact, letter case and spaces around ignored): one, or one per product sharing the serial",
    tag: "Serial numbers",
    access: "staff",
    query: serialQuerySchema,
    ok: { status: 200, schema: serialSearchAnswer, description: "The units with that serial (maybe none)" },
  },
  "GET /api/serials/{id}": {
    summary:
      "One serial-tracked unit: its product, state, guarantee and timeline (received on PO-…, by whom, when)",
    tag: "Serial numbers",
    access: "staff",
    ok: { status: 200, schema: serialUnitAnswer, description: "The unit with its timeline" },
  },
  // Marking a unit defective (supplier claims gather it later).
  "POST /api/serials/{id}/defective": {
    summary:
      "Mark a unit in stock defective: its product's stock -1 (a damage movement naming the serial, the note kept), its defective stock +1, the unit defective with a defective event. A unit not in stock, or a stale version: 409",
    tag: "Serial numbers",
    access: "serial:write",
    body: markUnitDefectiveSchema,
    example: { note: "Screen does not light up", version: 1 },
    ok: { status: 200, schema: serialUnitAnswer, description: "The unit, defective, with its timeline" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;

/** Serial numbers and IMEIs on the server (issue #31): the units, their timeline, their reads. */
export const server = defineAggregateServer({
  entities: [SerialUnit, SerialEvent],
  operations: SERIAL_OPERATIONS,
  demo: demoSerials,
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    serial: typeof server;
  }
}
