import { between, pick, type Rng } from "~/models/demo-random";
import type { DemoStep } from "~/models/demo-shop";
import { fromCents } from "~/models/money";
import { UNGUARDED } from "~/models/price/below-cost";
import { checkDigit } from "./business-id";
import { insertCustomers } from "./customer.server";
import { customerSchema } from "./customer-schema";
import { CUSTOMERS } from "./demo-data";

/** "Päivi Hämäläinen" -> "paivi.hamalainen" */
function emailLocalPart(first: string, last: string): string {
  return `${first}.${last}`
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9.]/g, "");
}

function companyDomain(company: string): string {
  const name = company.replace(/\s+(Oy|AB|OÜ)$/u, "");
  return `${emailLocalPart(name, "").replace(/\./g, "")}.example`;
}

function demoPhone(rng: Rng, country: string): string {
  const digits = (n: number) => String(between(rng, 10 ** (n - 1), 10 ** n - 1));
  if (country === "Sweden") return `+46 70 ${digits(3)} ${digits(2)} ${digits(2)}`;
  if (country === "Estonia") return `+372 5${digits(3)} ${digits(4)}`;
  return `+358 ${pick(rng, ["40", "44", "45", "50"])} ${digits(3)} ${digits(4)}`;
}

/** A Finnish business ID (Y-tunnus) with a valid check digit, as a VAT number "FI12345678". */
function finnishVatNumber(rng: Rng): string {
  for (;;) {
    const body = String(between(rng, 1_000_000, 3_499_999));
    const check = checkDigit(body);
    // Seven digits whose remainder is 1 have no check digit: such numbers are never issued.
    if (check !== null) return `FI${body}${check}`;
  }
}

function vatNumber(rng: Rng, country: string): string {
  if (country === "Sweden") return `SE556${between(rng, 1_000_000, 9_999_999)}01`;
  if (country === "Estonia") return `EE10${between(rng, 1_000_000, 9_999_999)}`;
  return finnishVatNumber(rng);
}

function buildDemoCustomers(rng: Rng) {
  const topLevel: Record<string, string> = { Finland: "fi", Sweden: "se", Estonia: "ee" };
  return CUSTOMERS.map(([first, last, address, postalCode, city, country, company, vip]) => {
    const business = company !== null;
    const email = business
      ? `${emailLocalPart(first, last)}@${companyDomain(company)}`
      : `${emailLocalPart(first, last)}@example.${topLevel[country]}`;
    return {
      firstName: first,
      lastName: last,
      email,
      phone: demoPhone(rng, country),
      company,
      vatNumber: business ? vatNumber(rng, country) : null,
      address,
      city,
      postalCode,
      country,
      customerType: business ? "business" : "individual",
      vipStatus: vip,
      discountPercentage: vip ? "5.00" : business ? "3.00" : "0.00",
      creditLimit: business ? fromCents(between(rng, 1, 4) * 500_000) : "0.00",
    };
  });
}

/** The demo customers, through the customers' write path, their fields checked as the form checks them. */
export const demoCustomers: DemoStep = {
  place: 40,
  seed: async (tx, shop) => {
    const customers = await insertCustomers(
      tx,
      buildDemoCustomers(shop.rng).map((customer) => customerSchema.parse(customer)),
      // The demo's discounts and low margins are on purpose: no person sets them.
      UNGUARDED,
    );
    if (!customers.ok) throw new Error(`The demo customers were refused: ${customers.reason}`);
  },
};
