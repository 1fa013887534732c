import type { EntityManager } from "@mikro-orm/postgresql";
import { namedSql } from "~/infra/sql.server";
import { recordEvents, type SerialDocument } from "./serial.server";
import type { SerialEventKind, SerialState } from "./serial-state";

/**
 * A unit's state changed by hand or by a document other than a receipt (issue #31): marked
 * defective, sent to its supplier on a claim, back from it refused. One write for them all, in the
 * caller's transaction, so that every change of state is checked against the state it leaves and
 * leaves its event on the unit's timeline.
 */

export type UnitMove = {
  /** the states a unit may leave; any other refuses the whole move, naming the unit */
  from: readonly SerialState[];
  to: SerialState;
  kind: SerialEventKind;
  document: SerialDocument | null;
  userId: number | null;
  note?: string | null;
};

export type UnitMoveResult =
  | { ok: true }
  | { ok: false; reason: "unitNotFound"; unitId: number }
  | { ok: false; reason: "unitState"; unit: { id: number; serial: string; state: SerialState } };

/**
 * Moves units from one of `from` to `to`, each with an event of `kind`: the rows are locked in id
 * order first, and nothing is written when one is missing or in another state (the first named).
 */
export async function moveUnits(
  tx: EntityManager,
  unitIds: number[],
  move: UnitMove,
): Promise<UnitMoveResult> {
  const ids = [...new Set(unitIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { ok: true };
  const { rows } = await namedSql<{ id: number; serial: string; state: SerialState }>(
    tx,
    "select id, serial, state from serial_unit where id = any(:ids::int[]) order by id for update",
    { ids },
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const unit = found.get(id);
    if (!unit) return { ok: false, reason: "unitNotFound", unitId: id };
    if (!move.from.includes(unit.state)) return { ok: false, reason: "unitState", unit };
  }
  await namedSql(
    tx,
    "update serial_unit set state = :to, version = version + 1 where id = any(:ids::int[])",
    { ids, to: move.to },
  );
  await recordEvents(tx, ids, move.kind, move.document, move.userId, move.note ?? null);
  return { ok: true };
}
