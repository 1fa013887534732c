import type { MarginCategory } from "~/models/margin";
import type { AlertType } from "./alert.entity";

/*
 * What alerts are raised from, and what a raised alert tells its notifications: the types that
 * alert.server.ts shares with the automation rules and the notifications, which it calls (a module
 * of their own, so that those need not import alert.server.ts back).
 */

export type AlertInput = {
  type: AlertType;
  title: string;
  message: string;
  productId: number | null;
  /** the automation rule that raises it */
  ruleId?: number | null;
  campaignId?: number | null;
  /** the location whose stock it is about (issue #32); none: the product's total */
  locationId?: number | null;
  /** its facts, for its text in each reader's language (alert-text.ts) */
  data?: Record<string, unknown>;
};

/** An alert as raised, for the notifications it sends. */
export type RaisedAlert = {
  id: number;
  type: AlertType;
  productId: number | null;
  data: Record<string, unknown>;
};

export type ProductState = {
  id: number;
  name: string;
  sku: string;
  stockLevel: number;
  status: string;
  /** the stored margin and its category */
  margin: number;
  marginCategory: MarginCategory;
  purchasePrice: string;
  categoryId: number | null;
};

export type ProductChange = { before: ProductState | null; after: ProductState };

/**
 * A product's stock in one location moved (issue #32): its quantity before and after, and that
 * location's own reorder point (null: none, no alert of its own there).
 */
export type PlaceChange = {
  productId: number;
  name: string;
  sku: string;
  locationId: number;
  before: number;
  after: number;
  point: number | null;
};
