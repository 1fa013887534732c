import { data } from "@remix-run/node";
import { em } from "~/infra/db.server";
import { formText } from "~/models/line-documents/line-editor";
import type { OrderRow } from "~/models/order/order.server";
import type { SerialLineProblems } from "~/models/serial/serial.server";
import { normaliseSerial, parseSerialList, type SerialProblem } from "~/models/serial/serial-list";
import { type LineToShip, linesToShip } from "~/models/serial/serial-sale.server";

/**
 * The order page's shipping form for serial-tracked lines (issue #31): per line, the units in stock
 * to tick and a field to scan or paste serials into, one per unit. Without JavaScript it posts as a
 * plain form; a refusal comes back with what was typed and ticked and each serial's problem.
 */

export type ShipmentLine = LineToShip & {
  /** the serials as typed, scanned or pasted */
  typed: string;
  /** the units ticked */
  picked: string[];
  problems: SerialProblem[];
};
export type ShipmentForm = { lines: ShipmentLine[]; refused: boolean };
export type ShipmentActionData = { shipment: ShipmentForm };

/** The form's longest list of one line: a serial of 100 characters and its line break per unit. */
const MAX_TYPED = 200_000;

/** The shipping form of an order the user may ship now that has serial-tracked lines; else null. */
export async function loadShipment(order: OrderRow, canShip: boolean): Promise<ShipmentForm | null> {
  if (!canShip) return null;
  // The units at the order's location (issue #32): only those ship with it.
  const lines = await linesToShip(em(), order.lines, 50, order.location.id);
  if (lines.length === 0) return null;
  return { lines: lines.map((line) => ({ ...line, typed: "", picked: [], problems: [] })), refused: false };
}

/** What a line's posted fields hold: the units ticked and the serials typed. */
function posted(form: FormData, lineId: number) {
  const picked = form
    .getAll(`ship[${lineId}].pick`)
    .filter((value): value is string => typeof value === "string")
    .map(normaliseSerial)
    .filter((serial) => serial !== "");
  const typed = formText(form, `ship[${lineId}].serials`, MAX_TYPED);
  return { picked, typed };
}

/**
 * The serials a shipping form sends for the order's lines: per line the units ticked and those
 * typed (a unit both ticked and typed counts once; typed twice, it is the list's duplicate).
 */
export function shipmentSerials(form: FormData, lineIds: number[]) {
  return lineIds.flatMap((lineId) => {
    const { picked, typed } = posted(form, lineId);
    const list = parseSerialList(typed);
    const serials = [...picked.filter((serial) => !list.includes(serial)), ...list];
    return serials.length > 0 ? [{ lineId, serials }] : [];
  });
}

/** The form again with what was posted and each line's problems, answered 400. */
export async function refusedShipment(order: OrderRow, form: FormData, problems: SerialLineProblems[]) {
  const shipment = await loadShipment(order, true);
  const byLine = new Map(problems.map((line) => [line.lineId, line.problems]));
  const lines = (shipment?.lines ?? []).map((line) => ({
    ...line,
    ...posted(form, line.lineId),
    problems: byLine.get(line.lineId) ?? [],
  }));
  return data<ShipmentActionData>({ shipment: { lines, refused: true } }, { status: 400 });
}
