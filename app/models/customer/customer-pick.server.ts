import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { type CustomerRow, findCustomerByEmail, listCustomers } from "./customer.server";
import { labelEmail } from "./customer-label";

export type CustomerPick =
  | { ok: true; customer: CustomerRow | null }
  | { ok: false; reason: "customerNotFound" | "customerAmbiguous" };

/**
 * The customer a document's customer field names, as staff type it: empty for none; a label or an
 * e-mail picks by e-mail; any other text must match exactly one customer's name or
 * e-mail. Typing is how a customer is chosen among thousands (no select lists them all).
 */
export async function pickCustomer(text: string, db: EntityManager = em()): Promise<CustomerPick> {
  const typed = text.trim();
  if (!typed) return { ok: true, customer: null };
  const email = labelEmail(typed);
  if (email) {
    const customer = await findCustomerByEmail(email, db);
    return customer ? { ok: true, customer } : { ok: false, reason: "customerNotFound" };
  }
  const matches = await listCustomers(typed, 2, db);
  if (matches.length === 0) return { ok: false, reason: "customerNotFound" };
  if (matches.length > 1) return { ok: false, reason: "customerAmbiguous" };
  return { ok: true, customer: matches[0] };
}
