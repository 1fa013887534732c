import { describe, expect, test } from "vitest";
import { can } from "./permissions";

describe("role rules", () => {
  test("a salesperson may not change products, campaigns, customers or users", () => {
    for (const permission of [
      "product:write",
      "product:delete",
      "campaign:write",
      "customer:write",
      "user:manage",
    ] as const) {
      expect(can("salesperson", permission)).toBe(false);
    }
  });

  test("a manager edits the catalogue but deletes no product and manages no user", () => {
    expect(can("manager", "product:write")).toBe(true);
    expect(can("manager", "category:write")).toBe(true);
    expect(can("manager", "product:delete")).toBe(false);
    expect(can("manager", "user:manage")).toBe(false);
  });

  test("an admin may do everything", () => {
    expect(can("admin", "product:delete")).toBe(true);
    expect(can("admin", "user:manage")).toBe(true);
  });

  test("nobody signed in may do nothing", () => {
    expect(can(null, "product:write")).toBe(false);
  });
});
