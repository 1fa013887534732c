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
});
