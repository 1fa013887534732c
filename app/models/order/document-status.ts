/**
 * The statuses of quotes, sales orders and their payments, and the only moves between them
 * (issue #13). A status not listed as a move's target is reached no other way: the server checks
 * every change with canMove, and the UI offers nextStatuses.
 *
 * Quote:   draft -> sent -> accepted | rejected; draft | sent -> expired (the scheduled job, once
 *          validUntil has passed); accepted -> converted (turned into an order).
 * Order:   awaiting_approval -> pending (an admin approves) | cancelled; pending -> confirmed |
 *          cancelled; confirmed -> shipped | cancelled; shipped -> delivered. Nothing is cancelled
 *          once shipped.
 * Payment: pending -> paid -> refunded.
 */

export const QUOTE_STATUSES = ["draft", "sent", "accepted", "rejected", "expired", "converted"] as const;
export const ORDER_STATUSES = [
  "awaiting_approval",
  "pending",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "refunded"] as const;

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type StatusKind = "quote" | "order" | "payment";
export type StatusOf<K extends StatusKind> = {
  quote: QuoteStatus;
  order: OrderStatus;
  payment: PaymentStatus;
}[K];

type Transitions<S extends string> = { readonly [From in S]: readonly S[] };

export const QUOTE_TRANSITIONS: Transitions<QuoteStatus> = {
  draft: ["sent", "expired"],
  sent: ["accepted", "rejected", "expired"],
  accepted: ["converted"],
  rejected: [],
  expired: [],
  converted: [],
};

export const ORDER_TRANSITIONS: Transitions<OrderStatus> = {
  awaiting_approval: ["pending", "cancelled"],
  pending: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export const PAYMENT_TRANSITIONS: Transitions<PaymentStatus> = {
  pending: ["paid"],
  paid: ["refunded"],
  refunded: [],
};

const TRANSITIONS: { readonly [K in StatusKind]: Transitions<StatusOf<K>> } = {
  quote: QUOTE_TRANSITIONS,
  order: ORDER_TRANSITIONS,
  payment: PAYMENT_TRANSITIONS,
};

/**
 * The statuses a move may go to from `from`; none from a final or unknown status. Takes any text,
 * since a status read from the database is a string.
 */
export function nextStatuses<K extends StatusKind>(kind: K, from: string): readonly StatusOf<K>[] {
  const transitions: Transitions<StatusOf<K>> = TRANSITIONS[kind];
  return Object.hasOwn(transitions, from) ? transitions[from as StatusOf<K>] : [];
}

/** Whether a quote, order or payment may move from one status to another. */
export function canMove(kind: StatusKind, from: string, to: string): boolean {
  return (nextStatuses(kind, from) as readonly string[]).includes(to);
}

/**
 * The order statuses that hold stock for their lines: from confirmation on. A cancelled order
 * (cancelled before shipping) holds none.
 */
export const STOCK_HELD_BY: readonly OrderStatus[] = ["confirmed", "shipped", "delivered"];

/** The statuses in which a document's lines may still be edited: before it is sent or confirmed. */
export const LINES_EDITABLE_IN: {
  readonly quote: readonly QuoteStatus[];
  readonly order: readonly OrderStatus[];
} = {
  quote: ["draft"],
  order: ["awaiting_approval", "pending"],
};

/** Whether an order in this status holds stock for its lines. */
export function holdsStock(status: string): boolean {
  return (STOCK_HELD_BY as readonly string[]).includes(status);
}

/** Whether a quote's or order's lines may be edited in this status. */
export function canEditLines(kind: "quote" | "order", status: string): boolean {
  return (LINES_EDITABLE_IN[kind] as readonly string[]).includes(status);
}
