import { describe, expect, it } from "vitest";
import { type BelowCostFinding, belowCostAnswer, belowCostRefusal } from "./below-cost";
import { belowCostReasonSchema } from "./below-cost-schema";

const finding: BelowCostFinding = {
  productId: 1,
  label: "Cable (C-1)",
  price: "9.00",
  cost: "10.00",
  margin: -38.9,
};

describe("the below-cost guard", () => {
  it("lets through a write with no price below cost, whoever makes it", () => {
    expect(belowCostRefusal([], null)).toBeNull();
  });

  it("refuses a price below cost without a reason, and lets an admin or a manager confirm it with one", () => {
    expect(belowCostRefusal([finding], null)).toMatchObject({ reason: "belowCost", findings: [finding] });
    for (const role of ["admin", "manager"] as const)
      expect(belowCostRefusal([finding], { reason: "Clearance", userId: 1, role })).toBeNull();
  });

  it("refuses a salesperson's reason", () => {
    expect(
      belowCostRefusal([finding], { reason: "Clearance", userId: 1, role: "salesperson" }),
    ).toMatchObject({
      reason: "belowCostForbidden",
    });
  });

  it("reads a reason of 3 to 500 characters, empty as none", () => {
    expect(belowCostReasonSchema.safeParse("  Clearance  ").data).toBe("Clearance");
    expect(belowCostReasonSchema.safeParse("").data).toBeNull();
    expect(belowCostReasonSchema.safeParse(undefined).data).toBeNull();
    expect(belowCostReasonSchema.safeParse("ab").success).toBe(false);
    expect(belowCostReasonSchema.safeParse("x".repeat(501)).success).toBe(false);
    expect(belowCostReasonSchema.safeParse(12).success).toBe(false);
  });

  it("shows a form the first five of many", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...finding, productId: i }));
    const answer = belowCostAnswer({ ok: false, reason: "belowCost", findings: many });
    expect(answer).toMatchObject({ count: 8, forbidden: false });
    expect(answer.findings).toHaveLength(5);
  });
});
