import { describe, expect, test } from "vitest";
import {
  canEditLines,
  canMove,
  holdsStock,
  LINES_EDITABLE_IN,
  nextStatuses,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  QUOTE_STATUSES,
  QUOTE_TRANSITIONS,
  STOCK_HELD_BY,
  type StatusKind,
} from "./document-status";

/** The allowed moves as the issue states them, written out independently of the module's maps. */
const ALLOWED: Record<StatusKind, string[]> = {
  quote: [
    "draft -> sent",
    "sent -> accepted",
    "sent -> rejected",
    "draft -> expired",
    "sent -> expired",
    "accepted -> converted",
  ],
  order: [
    "awaiting_approval -> pending",
    "awaiting_approval -> cancelled",
    "pending -> confirmed",
    "pending -> cancelled",
    "confirmed -> shipped",
    "confirmed -> cancelled",
    "shipped -> delivered",
  ],
  payment: ["pending -> paid", "paid -> refunded"],
};

const STATUSES: Record<StatusKind, readonly string[]> = {
  quote: QUOTE_STATUSES,
  order: ORDER_STATUSES,
  payment: PAYMENT_STATUSES,
};

const allPairs = (kind: StatusKind) =>
  STATUSES[kind].flatMap((from) => STATUSES[kind].map((to) => ({ from, to, move: `${from} -> ${to}` })));

describe.each(["quote", "order", "payment"] as const)("%s status moves", (kind) => {
  test("every allowed move is allowed", () => {
    for (const move of ALLOWED[kind]) {
      const [from, to] = move.split(" -> ");
      expect(canMove(kind, from, to), move).toBe(true);
    }
  });

  test("every other pair of statuses is refused, staying put included", () => {
    const refused = allPairs(kind).filter(({ move }) => !ALLOWED[kind].includes(move));
    expect(refused.length).toBe(STATUSES[kind].length ** 2 - ALLOWED[kind].length);
    for (const { from, to, move } of refused) expect(canMove(kind, from, to), move).toBe(false);
  });

  test("the next statuses of each status are exactly its allowed moves", () => {
    for (const from of STATUSES[kind]) {
      const expected = ALLOWED[kind]
        .filter((move) => move.startsWith(`${from} -> `))
        .map((m) => m.split(" -> ")[1]);
      expect([...nextStatuses(kind, from)].sort(), from).toEqual(expected.sort());
    }
  });

  test("an unknown status goes nowhere and nothing goes to it", () => {
    expect(nextStatuses(kind, "archived")).toEqual([]);
    expect(nextStatuses(kind, "toString")).toEqual([]); // not an inherited property of the map
    for (const status of STATUSES[kind]) {
      expect(canMove(kind, status, "archived")).toBe(false);
      expect(canMove(kind, "archived", status)).toBe(false);
    }
  });
});

describe("status lists", () => {
  test("the transition maps name every status of their kind and only those", () => {
    expect(Object.keys(QUOTE_TRANSITIONS).sort()).toEqual([...QUOTE_STATUSES].sort());
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  test("every status but the first is reached by some move", () => {
    for (const kind of ["quote", "order", "payment"] as const) {
      const reachable = new Set<string>(STATUSES[kind].flatMap((from) => nextStatuses(kind, from)));
      expect(STATUSES[kind].filter((status) => !reachable.has(status))).toEqual([STATUSES[kind][0]]);
    }
  });

  test("an order is never cancelled once shipped", () => {
    expect(canMove("order", "shipped", "cancelled")).toBe(false);
    expect(canMove("order", "delivered", "cancelled")).toBe(false);
  });
});

describe("stock and editing", () => {
  test("confirmed, shipped and delivered orders hold stock; the others do not", () => {
    expect([...STOCK_HELD_BY]).toEqual(["confirmed", "shipped", "delivered"]);
    expect(ORDER_STATUSES.filter(holdsStock)).toEqual(["confirmed", "shipped", "delivered"]);
  });

  test("a quote's lines are edited only as a draft, an order's only before it is confirmed", () => {
    expect(LINES_EDITABLE_IN).toEqual({ quote: ["draft"], order: ["awaiting_approval", "pending"] });
    expect(QUOTE_STATUSES.filter((status) => canEditLines("quote", status))).toEqual(["draft"]);
    expect(ORDER_STATUSES.filter((status) => canEditLines("order", status))).toEqual([
      "awaiting_approval",
      "pending",
    ]);
  });
});
