import { describe, expect, test } from "vitest";
import { campaignSchema } from "./campaign/campaign-schema";
import { passwordChangeSchema } from "./user/account-schema";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.map(String).join("."), issue.message]),
  );
}

describe("a rule across fields answers together with the fields' own errors", () => {
  test("a campaign without a name and ending before it starts is told both at once", () => {
    const result = campaignSchema.safeParse({ name: "", startDate: "2026-12-10", endDate: "2026-12-01" });
    expect(messages(result)).toEqual({
      name: "campaigns:errors.nameRequired",
      endDate: "campaigns:errors.endBeforeStart",
    });
  });

  test("a valid campaign parses to its fields", () => {
    const result = campaignSchema.safeParse({
      name: " Joulu ",
      startDate: "2026-12-01",
      endDate: "2026-12-24",
    });
    expect(result).toMatchObject({
      success: true,
      data: {
        name: "Joulu",
        startDate: "2026-12-01",
        endDate: "2026-12-24",
        isActive: true,
        description: null,
      },
    });
  });

  test("a password change without the current password and with two different new ones", () => {
    const result = passwordChangeSchema.safeParse({
      currentPassword: "",
      newPassword: "secret123",
      confirmPassword: "other123",
    });
    expect(messages(result)).toEqual({
      currentPassword: "account:errors.currentRequired",
      confirmPassword: "account:errors.mismatch",
    });
  });
});
