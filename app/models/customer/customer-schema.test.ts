import { describe, expect, test } from "vitest";
import { customerSchema } from "./customer-schema";

const business = (overrides: Record<string, unknown> = {}) =>
  customerSchema.safeParse({
    firstName: "Aino",
    lastName: "Virtanen",
    email: "aino@example.fi",
    customerType: "business",
    company: "Nordic Office Oy",
    ...overrides,
  });

function vatNumberOf(overrides: Record<string, unknown>) {
  const parsed = business(overrides);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data.vatNumber;
}

function vatErrors(overrides: Record<string, unknown>) {
  const parsed = business(overrides);
  if (parsed.success) return [];
  return parsed.error.issues.filter((issue) => issue.path[0] === "vatNumber").map((issue) => issue.message);
}

describe("a Finnish business customer's VAT number", () => {
  test("the business ID or the VAT number is kept as the EU VAT number", () => {
    expect(vatNumberOf({ vatNumber: "0112038-9" })).toBe("FI01120389");
    expect(vatNumberOf({ vatNumber: " fi01120389 " })).toBe("FI01120389");
    expect(vatNumberOf({ vatNumber: "112038-9", country: "Suomi" })).toBe("FI01120389");
    expect(vatNumberOf({ vatNumber: "1234567-1", country: "finland" })).toBe("FI12345671");
  });

  test("no VAT number at all is allowed", () => {
    expect(vatNumberOf({})).toBeNull();
    expect(vatNumberOf({ vatNumber: "" })).toBeNull();
  });

  test("a wrong check digit and a wrong format each have their own message", () => {
    expect(vatErrors({ vatNumber: "FI12345678" })).toEqual(["customers:errors.businessIdCheckDigit"]);
    expect(vatErrors({ vatNumber: "0112038-8" })).toEqual(["customers:errors.businessIdCheckDigit"]);
    expect(vatErrors({ vatNumber: "12345" })).toEqual(["customers:errors.businessIdFormat"]);
    expect(vatErrors({ vatNumber: "SE556123456701", country: "Finland" })).toEqual([
      "customers:errors.businessIdFormat",
    ]);
  });

  test("the check is reported together with other fields' errors", () => {
    const parsed = business({ firstName: "", vatNumber: "FI12345678" });
    expect(parsed.success).toBe(false);
    const fields = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["firstName", "vatNumber"]));
  });

  test("outside Finland, and for individuals, the VAT number is free text", () => {
    expect(vatNumberOf({ vatNumber: "SE556123456701", country: "Sweden" })).toBe("SE556123456701");
    expect(vatNumberOf({ vatNumber: "FI12345678", country: "Estonia" })).toBe("FI12345678");
    expect(vatNumberOf({ vatNumber: "anything", customerType: "individual" })).toBe("anything");
  });
});
