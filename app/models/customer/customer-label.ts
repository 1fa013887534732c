/**
 * How a customer field shows a customer: name, company in brackets, and the e-mail in angle
 * brackets, which is what picks the customer back out (e-mails are unique). Shared by the server
 * and the browser's suggestions.
 */
export function customerLabel(customer: {
  firstName?: string;
  lastName?: string;
  name?: string;
  company?: string | null;
  email: string;
}): string {
  const name = customer.name ?? `${customer.firstName ?? ""} ${customer.lastName ?? ""}`.trim();
  return `${name}${customer.company ? ` (${customer.company})` : ""} <${customer.email}>`;
}

/** The e-mail a customer field names: in angle brackets (a label), or the whole text. */
export function labelEmail(text: string): string | null {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text);
  if (bracketed) return bracketed[1].toLowerCase();
  return /^[^<>\s]+@[^<>\s]+$/.test(text) ? text.toLowerCase() : null;
}
