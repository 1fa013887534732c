import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Nothing moves while a page loads (issue "Light pages": layout shift under 0.1): the server's HTML
 * is painted first, then the scripts arrive (held back a moment here, as on a slow link) and
 * hydrate it. Every shift is summed, which is stricter than the browser's CLS (its worst window).
 */

declare global {
  interface Window {
    __layoutShifts: { value: number; sources: string[] }[];
  }
}

async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? node.outerHTML.slice(0, 120) : String(node?.nodeName);
        });
        window.__layoutShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The scripts come a little after the HTML and CSS, so the page is painted before it hydrates.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

async function layoutShift(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => window.__layoutShifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

test("the sign-in page does not move while it loads", async ({ page }) => {
  await watchLayoutShifts(page);
  const { total, shifts } = await layoutShift(page, "/login");
  expect(total, JSON.stringify(shifts, null, 2)).toBeLessThan(0.1);
  expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
});

test("the landing page does not move while it loads", async ({ page }) => {
  await watchLayoutShifts(page);
  const { total, shifts } = await layoutShift(page, "/");
  expect(total, JSON.stringify(shifts, null, 2)).toBeLessThan(0.1);
});

test.describe("signed in", () => {
  test.use({ role: "admin" });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    // A route dialog: the server's inline card becomes a modal without moving the list under it.
    for (const path of ["/", "/products", "/products/new"]) {
      test(`${path} at ${viewport.width} px does not move while it loads and hydrates`, async ({
        signedIn: { page },
      }) => {
        await page.setViewportSize(viewport);
        await watchLayoutShifts(page);
        const { total, shifts } = await layoutShift(page, path);
        expect(total, JSON.stringify(shifts, null, 2)).toBeLessThan(0.1);
      });
    }
  }
});
