import { describe, expect, test } from "vitest";
import { hydrationOf, shouldHydrate } from "./hydration";

describe("hydration flag", () => {
  test("a page hydrates unless one of its routes says no", () => {
    expect(shouldHydrate([{ handle: { i18n: ["common"] } }, { handle: undefined }])).toBe(true);
    expect(shouldHydrate([{ handle: { i18n: ["common"] } }, { handle: { hydrate: false } }])).toBe(false);
    expect(shouldHydrate([{}, { handle: { hydrate: true } }])).toBe(true);
  });

  test("a route may decide from its loader data", () => {
    const handle = { hydrate: (data: unknown) => Boolean((data as { signedIn?: boolean }).signedIn) };
    expect(shouldHydrate([{}, { handle, data: { signedIn: true } }])).toBe(true);
    expect(shouldHydrate([{}, { handle, data: { signedIn: false } }])).toBe(false);
  });

  test("without data, the handles tell whether a page ever hydrates", () => {
    expect(hydrationOf([undefined, { i18n: ["common"] }])).toBe("always");
    expect(hydrationOf([undefined, { hydrate: false }])).toBe("never");
    expect(hydrationOf([undefined, { hydrate: () => true }])).toBe("sometimes");
  });
});
