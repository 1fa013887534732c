import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { createCustomer, getCustomer, updateCustomer } from "./customer.server";
import { customerSchema } from "./customer-schema";

const db = testDatabase();

const input = (overrides: Record<string, unknown> = {}) =>
  customerSchema.parse({
    firstName: "Aino",
    lastName: "Virtanen",
    email: "aino@example.fi",
    customerType: "business",
    company: "Nordic Office Oy",
    creditLimit: "1 000,00",
    ...overrides,
  });

async function create(overrides: Record<string, unknown> = {}) {
  const result = await db.inRequest(() => createCustomer(input(overrides)));
  if (!result.ok) throw new Error(result.reason);
  return result.customer;
}

beforeEach(() => db.truncate("customer"));

describe("the customer write path", () => {
  test("creates a customer; an individual keeps no company or VAT number", async () => {
    const business = await create();
    expect(business).toMatchObject({ company: "Nordic Office Oy", creditLimit: "1000.00", version: 1 });
    const individual = await create({ email: "b@example.fi", customerType: "individual", vatNumber: "FI1" });
    expect(individual).toMatchObject({ company: null, vatNumber: null });
  });

  test("an address another customer has, in any letter case, is refused on create and on change", async () => {
    const first = await create();
    const other = await create({ email: "other@example.fi" });
    expect(await db.inRequest(() => createCustomer(input({ email: "AINO@example.fi" })))).toEqual({
      ok: false,
      reason: "emailTaken",
    });
    expect(await db.inRequest(() => updateCustomer(other.id, input({ email: first.email })))).toEqual({
      ok: false,
      reason: "emailTaken",
    });
  });

  test("a stale version is refused and changes nothing; changes without one apply in turn", async () => {
    const customer = await create();
    const change = (overrides: Record<string, unknown>) =>
      db.inRequest(() => updateCustomer(customer.id, input(overrides)));
    expect((await change({ firstName: "First", version: customer.version })).ok).toBe(true);
    expect(await change({ firstName: "Second", version: customer.version })).toEqual({
      ok: false,
      reason: "stale",
    });
    const both = await Promise.all([change({ city: "Oulu" }), change({ city: "Turku" })]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    const now = await db.inRequest(() => getCustomer(customer.id));
    expect(now).toMatchObject({ firstName: "Aino", version: customer.version + 3 });
    expect(await db.inRequest(() => updateCustomer(999_999, input()))).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});
