import { describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { createCustomer } from "./customer.server";
import { customerLabel, labelEmail } from "./customer-label";
import { pickCustomer } from "./customer-pick.server";
import { customerSchema } from "./customer-schema";

const db = testDatabase();

async function customer(firstName: string, lastName: string, company?: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const made = await db.inRequest(() =>
    createCustomer(
      customerSchema.parse({
        firstName,
        lastName,
        company,
        customerType: company ? "business" : "individual",
        email: `${tag}@pick.test`,
      }),
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.customer;
}

describe("a document's customer field", () => {
  test("picks by label, by e-mail in any case, or by a name that matches one customer", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const aino = await customer("Aino", `Pick${tag}`, `Oy ${tag}`);
    const label = customerLabel(aino);
    expect(label).toBe(`Aino Pick${tag} (Oy ${tag}) <${aino.email}>`);
    for (const text of [label, aino.email.toUpperCase(), ` aino pick${tag} `]) {
      const pick = await db.inRequest(() => pickCustomer(text));
      expect(pick, text).toMatchObject({ ok: true, customer: { id: aino.id } });
    }
    expect(await db.inRequest(() => pickCustomer("  "))).toEqual({ ok: true, customer: null });
  });

  test("refuses text that matches nobody or several customers, and a label of an unknown e-mail", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    await customer("Eino", `Twin${tag}`);
    await customer("Eeva", `Twin${tag}`);
    expect(await db.inRequest(() => pickCustomer(`Twin${tag}`))).toEqual({
      ok: false,
      reason: "customerAmbiguous",
    });
    expect(await db.inRequest(() => pickCustomer(`Nobody ${tag}`))).toEqual({
      ok: false,
      reason: "customerNotFound",
    });
    expect(await db.inRequest(() => pickCustomer(`Eino Twin${tag} <gone-${tag}@pick.test>`))).toEqual({
      ok: false,
      reason: "customerNotFound",
    });
    // % and _ are plain characters, not wildcards.
    expect(await db.inRequest(() => pickCustomer("%"))).toMatchObject({ ok: false });
  });

  test("reads the e-mail out of a label", () => {
    expect(labelEmail("Aino Virtanen (Oy Ab) <Aino@Example.fi>")).toBe("aino@example.fi");
    expect(labelEmail("aino@example.fi")).toBe("aino@example.fi");
    expect(labelEmail("Aino Virtanen")).toBeNull();
  });
});
