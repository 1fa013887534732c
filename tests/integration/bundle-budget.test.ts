import { describe, expect, test } from "vitest";
import {
  BUDGETS,
  formatTable,
  MissingBuildError,
  measurePages,
  overBudget,
} from "../../scripts/bundle-sizes";

/**
 * What each page makes the browser download, gzip, against its budget (scripts/bundle-sizes.ts):
 * JavaScript 90 KB on /login, 130 KB elsewhere; CSS 15 KB. It reads the build: `npm test` builds
 * first; alone, run `npm run build` before it.
 */
async function pages() {
  try {
    return await measurePages();
  } catch (error) {
    if (error instanceof MissingBuildError) {
      throw new Error(`${error.message} This test measures the production build of the browser code.`);
    }
    throw error;
  }
}

describe("page weight", () => {
  test("every page's JavaScript and CSS stay within their gzip budgets", async () => {
    const measured = await pages();
    expect(measured.length).toBeGreaterThan(20);
    const over = overBudget(measured).map((page) => page.id);
    expect(
      over,
      `Pages over their budget (KB gzip, 1 KB = 1,024 bytes):\n${formatTable(measured)}\n`,
    ).toEqual([]);
  });

  test("the sign-in page is not hydrated: it loads no JavaScript", async () => {
    const login = (await pages()).find((page) => page.id === "routes/login");
    expect(login).toMatchObject({ hydration: "never", js: 0 });
    expect(login?.budget).toEqual(BUDGETS.login);
  });
});
