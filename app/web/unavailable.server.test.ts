import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError } from "./unavailable.server";

describe("isDatabaseUnavailableError", () => {
  it("a database that refuses, drops, shuts down or is still starting up is unavailable", () => {
    expect(isDatabaseUnavailableError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailableError(Object.assign(new Error("starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error("shutdown"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailableError(new Error("query failed", { cause: { code: "08006", message: "lost" } })),
    ).toBe(true);
  });

  it("a fault of the request itself is not", () => {
    expect(isDatabaseUnavailableError(Object.assign(new Error("duplicate"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailableError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
  });
});
