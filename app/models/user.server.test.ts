import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { reloadEnv } from "~/utils/env.server";
import { testDatabase } from "../../tests/setup/database";
import { registerSchema } from "./auth-schema";
import { registerUser, verifyLogin } from "./user.server";

const db = testDatabase();

function input(email: string, role: "admin" | "manager" | "salesperson") {
  return registerSchema.parse({ email, password: "secret1", firstName: "Test", lastName: "User", role });
}

describe("registration policy", () => {
  beforeEach(() => db.truncate("user"));
  afterEach(() => {
    delete process.env.OPEN_REGISTRATION;
    reloadEnv();
  });

  test("the first account is an active admin whatever role it asked for", async () => {
    const result = await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    expect(result).toMatchObject({ ok: true, user: { role: "admin", isActive: true } });
  });

  test("a later admin or manager awaits approval, a salesperson is active at once", async () => {
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    const admin = await db.inRequest(() => registerUser(input("boss@example.com", "admin")));
    const manager = await db.inRequest(() => registerUser(input("manager@example.com", "manager")));
    const seller = await db.inRequest(() => registerUser(input("seller@example.com", "salesperson")));
    expect(admin).toMatchObject({ ok: true, user: { role: "admin", isActive: false } });
    expect(manager).toMatchObject({ ok: true, user: { role: "manager", isActive: false } });
    expect(seller).toMatchObject({ ok: true, user: { role: "salesperson", isActive: true } });
  });

  test("OPEN_REGISTRATION=true makes any role active at once", async () => {
    process.env.OPEN_REGISTRATION = "true";
    reloadEnv();
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    const manager = await db.inRequest(() => registerUser(input("manager@example.com", "manager")));
    expect(manager).toMatchObject({ ok: true, user: { role: "manager", isActive: true } });
  });

  test("an email is taken whatever its letter case", async () => {
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    const again = await db.inRequest(() => registerUser(input("FIRST@Example.COM", "salesperson")));
    expect(again).toEqual({ ok: false, reason: "emailTaken" });
  });

  test("two simultaneous first sign-ups make exactly one admin", async () => {
    const results = await Promise.all(
      ["a@example.com", "b@example.com", "c@example.com"].map((email) =>
        db.inRequest(() => registerUser(input(email, "salesperson"))),
      ),
    );
    const admins = results.filter((r) => r.ok && r.user.role === "admin");
    expect(admins).toHaveLength(1);
  });
});

describe("sign-in", () => {
  beforeEach(async () => {
    await db.truncate("user");
    await db.inRequest(() => registerUser(input("first@example.com", "salesperson")));
    await db.inRequest(() => registerUser(input("pending@example.com", "manager")));
  });

  test("the right password signs in and the answer has no password hash", async () => {
    const result = await db.inRequest(() => verifyLogin("First@example.com", "secret1"));
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain("password");
  });

  test("a wrong password or unknown email is refused alike", async () => {
    expect(await db.inRequest(() => verifyLogin("first@example.com", "wrong-one"))).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await db.inRequest(() => verifyLogin("nobody@example.com", "secret1"))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  test("an account awaiting approval cannot sign in", async () => {
    expect(await db.inRequest(() => verifyLogin("pending@example.com", "secret1"))).toEqual({
      ok: false,
      reason: "inactive",
    });
  });
});
