import { afterEach, describe, expect, test } from "vitest";
import { env, reloadEnv } from "./env.server";

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  reloadEnv();
});

function withEnvironment(values: Record<string, string | undefined>) {
  process.env = { ...saved, ...values };
  for (const [key, value] of Object.entries(values)) if (value === undefined) delete process.env[key];
  reloadEnv();
}

describe("the environment", () => {
  test("production on an external database refuses to start without SESSION_SECRET, saying so", () => {
    withEnvironment({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db.example/voltstock",
      SESSION_SECRET: undefined,
    });
    expect(() => env()).toThrow(/SESSION_SECRET: set it/);
    withEnvironment({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db.example/voltstock",
      SESSION_SECRET: "a-long-enough-secret",
    });
    expect(env().SESSION_SECRET).toBe("a-long-enough-secret");
  });

  test("production on the embedded database generates its secret; a bad value names its variable", () => {
    withEnvironment({ NODE_ENV: "production", DATABASE_URL: undefined, SESSION_SECRET: undefined });
    expect(env().SESSION_SECRET).toBeUndefined();
    withEnvironment({ API_TOKEN_RATE_LIMIT: "lots" });
    expect(() => env()).toThrow(/API_TOKEN_RATE_LIMIT/);
  });

  test("the reorder point defaults to the low-stock threshold and the reorder quantity to 10; a bad one names its variable", () => {
    withEnvironment({ LOW_STOCK_THRESHOLD: "7", REORDER_POINT: undefined, REORDER_QUANTITY: "" });
    expect(env()).toMatchObject({ REORDER_POINT: 7, REORDER_QUANTITY: 10 });
    withEnvironment({ LOW_STOCK_THRESHOLD: "7", REORDER_POINT: "0", REORDER_QUANTITY: "24" });
    expect(env()).toMatchObject({ REORDER_POINT: 0, REORDER_QUANTITY: 24 });
    withEnvironment({ REORDER_POINT: "-1" });
    expect(() => env()).toThrow(/REORDER_POINT/);
    withEnvironment({ REORDER_QUANTITY: "a dozen" });
    expect(() => env()).toThrow(/REORDER_QUANTITY/);
  });
});
