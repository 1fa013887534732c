import { fromCents } from "~/models/money";
import { cents, HUNDRED_PERCENT, percent, share } from "./document-amounts";

/**
 * A document line's prices without VAT, for a business customer's printed quote or order (issue #13):
 * businesses read net prices first. The stored prices include VAT (document-amounts.ts, step 1); each
 * net here is round half up (gross x 100 / (100 + rate)) to the cent, of the unit price and of the
 * line total separately, so that the line's net is the net of what the line charges (step 4's split)
 * rather than the rounded unit price times the quantity.
 */
export type NetLine = { unitPrice: string; totalPrice: string; vatRate: string };

export function lineNet(line: NetLine): { unitPrice: string; totalPrice: string } {
  const rate = percent(line.vatRate, "VAT rate");
  const net = (amount: string, what: string) =>
    fromCents(share(cents(amount, what), HUNDRED_PERCENT, HUNDRED_PERCENT + rate));
  return { unitPrice: net(line.unitPrice, "unit price"), totalPrice: net(line.totalPrice, "line total") };
}
