/**
 * A serial-tracked unit's states and the events of its timeline (issue #31). Pure: the pages, the
 * API's schemas and the entity read them. The first increment writes `received`; the sale, the
 * returns and the supplier claims add theirs on top.
 */
export const SERIAL_STATES = [
  "in_stock",
  "sold",
  "returned",
  "defective",
  "at_supplier",
  "scrapped",
  // On a transfer between locations (issue #32): sent from its location, not yet received.
  "in_transit",
] as const;
export type SerialState = (typeof SERIAL_STATES)[number];

export const SERIAL_EVENT_KINDS = [
  "received",
  "counted",
  "sold",
  "returned",
  "replaced",
  "defective",
  "sent_to_supplier",
  "credited",
  "scrapped",
  // A transfer between locations (issue #32): sent from one, received into the other.
  "transfer_sent",
  "transfer_received",
] as const;
export type SerialEventKind = (typeof SERIAL_EVENT_KINDS)[number];

/** The documents an event happens on (their pages: /purchasing/:id, /orders/:id, ...). */
export const SERIAL_DOCUMENT_TYPES = [
  "purchase_order",
  "order",
  "stock_count",
  "return",
  "supplier_claim",
  "transfer",
] as const;
export type SerialDocumentType = (typeof SERIAL_DOCUMENT_TYPES)[number];

/** The longest serial kept (IMEIs are 15; manufacturers' serials rarely pass 30). */
export const MAX_SERIAL_LENGTH = 100;
