import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import {
  beginSignInAttempt,
  clearSignInFailures,
  recordSignInFailure,
  SIGN_IN_LIMITS,
  signInWait,
} from "./sign-in-limit.server";

const db = testDatabase();
const em = () => db.orm.em.fork();

async function fail(account: string, address: string, times = 1) {
  for (let i = 0; i < times; i++) await recordSignInFailure(account, address, em());
}

beforeEach(() => db.truncate("sign_in_failure"));

describe("the sign-in limit", () => {
  test("counts failures per account, whatever the addresses they come from", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++) await fail("Anna@Example.com", `10.0.0.${i}`);
    expect(await signInWait("anna@example.com", "10.0.1.1", em())).toBeNull();
    await fail("anna@example.com", "10.0.0.99");
    const wait = await signInWait("ANNA@example.com", "10.0.1.1", em());
    expect(wait).toBeGreaterThan(SIGN_IN_LIMITS.windowMinutes * 60 - 10);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowMinutes * 60);
    // Another account from the same addresses may still try.
    expect(await signInWait("ben@example.com", "10.0.0.1", em())).toBeNull();
  });

  test("counts failures per address, across accounts (a password spray)", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) await fail(`user${i}@example.com`, "203.0.113.7");
    expect(await signInWait("someone-else@example.com", "203.0.113.7", em())).toBeGreaterThan(0);
    expect(await signInWait("someone-else@example.com", "203.0.113.8", em())).toBeNull();
  });

  test("a successful sign-in forgets its own address's failures on the account, not another address's", async () => {
    await fail("anna@example.com", "10.0.0.1", 2);
    await fail("anna@example.com", "10.0.0.2", SIGN_IN_LIMITS.perAccount - 2);
    await clearSignInFailures("anna@example.com", "10.0.0.1", em());
    const left = await em().execute<{ address: string }[]>("select address from sign_in_failure");
    expect(new Set(left.map((row) => row.address))).toEqual(new Set(["10.0.0.2"]));
  });

  test("failures older than the window no longer count", async () => {
    await fail("anna@example.com", "10.0.0.1", SIGN_IN_LIMITS.perAccount);
    await em().execute(
      `update sign_in_failure set created_at = now() - interval '${SIGN_IN_LIMITS.windowMinutes} minutes' - interval '1 second'`,
    );
    expect(await signInWait("anna@example.com", "10.0.0.1", em())).toBeNull();
  });

  test("twenty attempts at the same moment on one account: only as many as the limit get their password checked", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => beginSignInAttempt("anna@example.com", `10.9.0.${i}`, em())),
    );
    expect(attempts.filter((attempt) => attempt.wait === null)).toHaveLength(SIGN_IN_LIMITS.perAccount);
    // The refused ones were not counted as failures of their own.
    const [{ count }] = await em().execute<{ count: number }[]>(
      "select count(*)::int as count from sign_in_failure",
    );
    expect(count).toBe(SIGN_IN_LIMITS.perAccount);
  });
});
