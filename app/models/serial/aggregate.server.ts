import type { Operation, OperationId } from "~/models/api-doc/operation";
import { defineAggregateServer } from "~/models/registry.server";
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
