import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
}

function scriptSources(policy: string) {
  return policy.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
}

test.describe("security headers", () => {
  test.use({ role: "manager" });

  test("a page allows only its own scripts and those with this request's nonce", async ({ request }) => {
    const first = await request.get("/login");
    const second = await request.get("/login");
    expectCommonHeaders(first);
    const policy = first.headers()["content-security-policy"];
    const scripts = scriptSources(policy);
    expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(scripts).not.toContain("unsafe-inline");
    expect(scripts).not.toContain("unsafe-eval");
    expect(policy).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(scripts)?.[1];
    expect(nonce).not.toBe(
      /'nonce-([^']+)'/.exec(scriptSources(second.headers()["content-security-policy"]))?.[1],
    );
    // Every inline script of the page carries it (JSON data blocks are not scripts a browser runs).
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test("signed-in pages hydrate and run under the policy, with no violation", async ({
    signedIn: { page },
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    for (const path of ["/", "/products", "/notifications", "/barcode-scanner"]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toContain("'nonce-");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    }
    await page.getByRole("link", { name: "Products" }).first().click();
    await expect(page).toHaveURL(/\/products/);
    expect(violations).toEqual([]);
  });

  test("API answers and downloads may do nothing in a browser", async ({ signedIn: { page } }) => {
    const json = await page.request.get("/api/products?limit=1");
    expectCommonHeaders(json);
    expect(json.headers()["content-security-policy"]).toContain("default-src 'none'");
    const csv = await page.request.get("/reports/export?type=low-stock");
    expect(csv.status()).toBe(200);
    expectCommonHeaders(csv);
    expect(csv.headers()["content-security-policy"]).toContain("default-src 'none'");
    const refused = await page.request.get("/api/products?limit=0");
    expect(refused.status()).toBe(400);
    expectCommonHeaders(refused);
  });

  test("HSTS is sent over HTTPS only (here: through the proxy on this host)", async ({ request }) => {
    const plain = await request.get("/login");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
    const proxied = await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } });
    expect(proxied.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  });
});

test("every answer names its request (X-Request-Id): the proxy's when sane, else a new one", async ({
  request,
}) => {
  const page = await request.get("/login");
  expect(page.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const api = await request.get("/api/auth/user");
  expect(api.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(api.headers()["x-request-id"]).not.toBe(page.headers()["x-request-id"]);
  const given = await request.get("/login", { headers: { "X-Request-Id": "proxy-1234abcd" } });
  expect(given.headers()["x-request-id"]).toBe("proxy-1234abcd");
  const insane = await request.get("/login", { headers: { "X-Request-Id": "<script>" } });
  expect(insane.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
