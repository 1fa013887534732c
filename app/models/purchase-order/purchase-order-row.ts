import type { PurchaseAmounts } from "./purchase-order-amounts";
import type { PurchaseOrderStatus } from "./purchase-order-status";

/**
 * A purchase order as the pages, the API and its e-mail read it (getPurchaseOrder in
 * purchase-order.server.ts): a module of its own so that the e-mail, which the write path sends,
 * need not import the write path.
 */

export type PurchaseOrderLineRow = {
  id: number;
  productId: number;
  productName: string;
  sku: string;
  quantityOrdered: number;
  quantityReceived: number;
  /** per unit, without VAT */
  unitCost: string;
  vatRate: string;
  /** unitCost x quantityOrdered */
  lineTotal: string;
};

export type PurchaseOrderRow = {
  id: number;
  number: string;
  status: PurchaseOrderStatus;
  supplier: {
    id: number;
    name: string;
    contactName: string | null;
    email: string | null;
    phone: string | null;
  };
  /** YYYY-MM-DD */
  expectedDate: string;
  note: string | null;
  subtotal: string;
  taxAmount: string;
  totalAmount: string;
  vatBreakdown: PurchaseAmounts["vatBreakdown"];
  createdBy: string | null;
  createdAt: string;
  sentAt: string | null;
  sentTo: string | null;
  /** The outbox's state of the e-mail that carried the order (pending, sent, failed), if any. */
  emailStatus: string | null;
  receivedAt: string | null;
  closedAt: string | null;
  cancelledAt: string | null;
  lines: PurchaseOrderLineRow[];
  version: number;
};
