import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createUser, expect, test, uniqueId } from "./fixtures";
import { inParallel } from "./in-parallel";
import { DECLARED } from "./registry";

/**
 * Hostile input, generically: every route module with an action gets malformed posts; every text
 * field of every page form and of every /api body gets a NUL character; every list takes %00 in
 * its query. Never a 500, nothing written, and the server keeps answering.
 */

const ROUTES_DIR = path.resolve("app/routes");
const NUL_MESSAGE = "Remove the invisible control characters from this text";
// What a page shows: the field message, or the import's message for the file as a whole.
const NUL_PAGE_TEXT = "invisible control characters";

type Route = {
  file: string;
  path: string;
  /** An index route (`_index`): its action is reached with ?index, as Remix's forms do. */
  index: boolean;
  hasAction: boolean;
  hasPage: boolean;
  isApi: boolean;
};

/** The app's routes, read from app/routes (Remix flat routes), so a new route is covered at once. */
function routes(): Route[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
    .map((file) => {
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      const segments = file
        .replace(/\.tsx?$/, "")
        .split(".")
        .filter((s) => !s.startsWith("_"))
        .map((s) => s.replace(/_$/, ""))
        .map((s) => (s === "$" ? "anything" : s.startsWith("$") ? `:${s.slice(1)}` : s));
      return {
        file,
        path: `/${segments.join("/")}`,
        index: /(^|\.)_index\.tsx?$/.test(file),
        hasAction: /export (async function |function |const |\{[^}]*\b)action\b/.test(source),
        hasPage: /export default function/.test(source),
        isApi: file.startsWith("api."),
      };
    });
}

function withIds(routePath: string, ids: Record<string, number | string>) {
  return routePath.replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? ids.id));
}

async function serverStillAnswers(request: APIRequestContext) {
  expect((await request.get("/login")).status()).toBe(200);
}

const MALFORMED: { label: string; contentType?: string; body: string | Buffer }[] = [
  { label: "an empty body", contentType: "application/x-www-form-urlencoded", body: "" },
  { label: "an unknown intent", contentType: "application/x-www-form-urlencoded", body: "intent=bogus" },
  {
    label: "an intent without its id",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=plus&intent=remove",
  },
  {
    label: "broken percent-encoding",
    contentType: "application/x-www-form-urlencoded",
    body: "%%%&&==%ZZ=%",
  },
  {
    label: "NUL and huge numbers",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=scan&code=%00&productId=99999999999999999999&id=-1&version=1e309&name=%00",
  },
  { label: "malformed JSON", contentType: "application/json", body: '{"name":' },
  { label: "a JSON array", contentType: "application/json", body: "[1,2,3]" },
  { label: "JSON null", contentType: "application/json", body: "null" },
  {
    label: "JSON of wrong types",
    contentType: "application/json",
    body: '{"name":["a"],"version":{},"sku":1e400}',
  },
  { label: "plain text", contentType: "text/plain", body: "\u0000\u0001hello" },
  { label: "broken multipart", contentType: "multipart/form-data; boundary=xyz", body: "--xyz\r\nbroken" },
  { label: "binary", contentType: "application/octet-stream", body: Buffer.from([0, 255, 0, 254, 13, 10]) },
];

test.describe("malformed posts", () => {
  test.use({ role: "admin" });
  // The /api routes and the page routes are two tests, so that the two workers can share the walk.
  test.describe.configure({ mode: "parallel" });

  for (const api of [true, false]) {
    test(`every ${api ? "/api" : "page"} route action answers them below 500 and the server keeps answering`, async ({
      signedIn: { page },
    }) => {
      test.setTimeout(120_000);
      const request = page.request;
      // Records that do not exist: nothing real can be changed or deleted by these posts.
      const targets = routes().filter((r) => r.hasAction && r.isApi === api);
      expect(targets.length).toBeGreaterThan(20);
      const postMalformed = async (route: Route) => {
        const url = `${withIds(route.path, { id: 999999, productId: 999999 })}${route.index ? "?index" : ""}`;
        for (const method of route.isApi ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"]) {
          for (const { label, contentType, body } of MALFORMED) {
            const response = await request.fetch(url, {
              method,
              data: body,
              headers: contentType ? { "Content-Type": contentType } : {},
              maxRedirects: 0,
            });
            expect(response.status(), `${method} ${url} with ${label}`).toBeLessThan(500);
          }
        }
        await serverStillAnswers(request);
      };
      // Six routes at a time (each route's posts one after another), and signing out last, so that
      // everything before runs signed in.
      const signsOut = (route: Route) => route.path.includes("logout");
      await inParallel(
        targets.filter((route) => !signsOut(route)),
        6,
        postMalformed,
      );
      for (const route of targets.filter(signsOut)) await postMalformed(route);
    });
  }
});

/** The post-forms of the page as the server renders them (JavaScript off), with their fields. */
async function postForms(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLFormElement>("form")]
      .filter((form) => form.method.toLowerCase() === "post")
      .map((form) => ({
        action: form.action,
        fields: [...form.elements].flatMap((element) => {
          const field = element as HTMLInputElement;
          if (!field.name || field.disabled) return [];
          const type = element.tagName === "INPUT" ? field.type : element.tagName.toLowerCase();
          if ((type === "checkbox" || type === "radio") && !field.checked) return [];
          if (type === "file" || type === "submit" || type === "button") {
            // The submit button's own name and value (intent) go with the form, as a browser sends them.
            return type === "submit" &&
              field.value &&
              form.querySelectorAll("button[name],input[type=submit][name]").length === 1
              ? [{ name: field.name, value: field.value, type }]
              : [];
          }
          return [{ name: field.name, value: field.value, type }];
        }),
        intents: [...form.querySelectorAll<HTMLButtonElement>("button[name=intent]")].map((b) => b.value),
      })),
  );
}

/** Whether the page's form field of this name is marked invalid (`aria-invalid="true"`). */
function markedInvalid(html: string, name: string) {
  const tags = html.match(/<(?:input|textarea|select)\b[^>]*>/g) ?? [];
  return tags.some((tag) => tag.includes(`name="${name}"`) && tag.includes('aria-invalid="true"'));
}

const TEXT_TYPES = new Set([
  "text",
  "email",
  "search",
  "tel",
  "url",
  "password",
  "number",
  "textarea",
  "date",
]);

test.describe("a NUL character in a text field", () => {
  test.use({ role: "admin", javaScriptEnabled: false });

  test("of any page form answers 400 on that field (or is cleaned), never 500, and writes nothing", async ({
    signedIn: { page },
    browser,
  }) => {
    test.setTimeout(180_000);
    const marker = `nul${uniqueId()}`;
    const api = page.request;
    const victim = await createUser(api, "salesperson");
    const users = (await (await api.get("/api/users")).json()) as { id: number; email: string }[];
    // Records of this test's own: other tests running beside it change and delete theirs.
    const made = async (path: string, data: object) => {
      const answer = await api.post(path, { data });
      expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const today = new Date().toISOString().slice(0, 10);
    // Named apart from the marker, which must be found nowhere afterwards.
    const own = `own${uniqueId()}`;
    const categoryId = await made("/api/categories", { name: `${own} category` });
    const ids = {
      products: await made("/api/products", {
        name: `${own} product`,
        sku: `${own}-P`,
        brand: "Brand",
        purchasePrice: "10.00",
        sellingPrice: "20.00",
        supplier: "Supplier",
        categoryId,
      }),
      categories: categoryId,
      campaigns: await made("/api/campaigns", {
        name: `${own} campaign`,
        startDate: today,
        endDate: today,
      }),
      customers: await made("/api/customers", {
        firstName: "Nul",
        lastName: own,
        email: `${own}@e2e.test`,
      }),
      users: users.find((u) => u.email === victim.email)?.id ?? 0,
    };
    const recordUrl = (area: keyof typeof ids) => `/api/${area}/${ids[area]}`;
    const before = Object.fromEntries(
      await Promise.all(
        (Object.keys(ids) as (keyof typeof ids)[]).map(async (area) => [
          area,
          await (await api.get(recordUrl(area))).json(),
        ]),
      ),
    );

    const pages = routes()
      .filter((r) => r.hasPage && !r.isApi && r.path !== "/anything")
      .map((r) => {
        const area = r.path.split("/")[1] as keyof typeof ids;
        return withIds(r.path, { id: ids[area] ?? 1 });
      });
    expect(pages.length).toBeGreaterThan(20);

    const visitor = await browser.newContext({ javaScriptEnabled: false });
    let posted = 0;
    for (const url of pages) {
      // /login is for visitors; everything else as the admin.
      const asVisitor = url === "/login";
      const tab = asVisitor ? await visitor.newPage() : page;
      const response = await tab.goto(url);
      expect(response?.status(), url).toBeLessThan(500);
      for (const form of await postForms(tab)) {
        const textFields = form.fields.filter((f) => TEXT_TYPES.has(f.type));
        for (const intent of form.intents.length ? form.intents : [null]) {
          for (const target of textFields) {
            const body = new URLSearchParams();
            for (const field of form.fields) {
              body.append(field.name, field.name === target.name ? `${marker}\u0000x` : field.value || "1");
            }
            if (intent) body.set("intent", intent);
            const answer: APIResponse = await tab.request.post(form.action, {
              data: body.toString(),
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              maxRedirects: 0,
            });
            posted++;
            const where = `${url} -> ${form.action} [${intent ?? ""}] field ${target.name}`;
            expect(answer.status(), where).toBeLessThan(500);
            // The scanner cleans a scanned code (it finds nothing) rather than refusing it.
            if (!form.action.includes("/barcode-scanner")) {
              expect(answer.status(), where).toBe(400);
              // The answer names what is wrong: the control characters, or that field's own rule
              // (a number field says it wants a number) beside the field marked invalid; or the
              // value is gone from the form (removing a line removes its code).
              const text = await answer.text();
              const refused = text.includes(NUL_PAGE_TEXT) || markedInvalid(text, target.name);
              expect(refused || !text.includes(marker), where).toBe(true);
            }
          }
        }
      }
    }
    await visitor.close();
    expect(posted).toBeGreaterThan(40);

    // Nothing was written: the records edited are as they were, and no record carries the marker.
    for (const area of Object.keys(ids) as (keyof typeof ids)[]) {
      expect(await (await api.get(recordUrl(area))).json(), area).toEqual(before[area]);
    }
    for (const list of ["/api/categories", "/api/campaigns", "/api/customers", "/api/users"]) {
      expect(await (await api.get(list)).text(), list).not.toContain(marker);
    }
    expect((await (await api.get(`/api/products?search=${marker}`)).json()).total).toBe(0);
    await serverStillAnswers(api);
  });
});

test.describe("a NUL character in an /api body", () => {
  test.use({ role: "admin" });

  test("answers 400 naming the field, for every string field of every mutating call", async ({
    signedIn: { page },
  }) => {
    test.setTimeout(90_000);
    const api = page.request;
    const id = uniqueId();
    const product = await (
      await api.post("/api/products", {
        data: {
          name: `Nul ${id}`,
          sku: `NUL-${id}`,
          brand: "B",
          purchasePrice: "1.00",
          sellingPrice: "2.00",
          supplier: "S",
        },
      })
    ).json();
    const category = await (await api.post("/api/categories", { data: { name: `Nul ${id}` } })).json();
    const campaign = await (
      await api.post("/api/campaigns", {
        data: { name: `Nul ${id}`, startDate: "2026-01-01", endDate: "2026-02-01" },
      })
    ).json();
    const customer = await (
      await api.post("/api/customers", {
        data: { firstName: "N", lastName: "Ul", email: `nul-${id}@e2e.test` },
      })
    ).json();
    const user = await createUser(api, "salesperson");
    const userId = ((await (await api.get("/api/users")).json()) as { id: number; email: string }[]).find(
      (u) => u.email === user.email,
    )?.id;

    const productBody = {
      name: "P",
      sku: `NUL2-${id}`,
      brand: "B",
      purchasePrice: "1.00",
      sellingPrice: "2.00",
      supplier: "S",
      ean: "",
      barcode: "",
      imageUrl: "",
      status: "active",
    };
    const calls: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/products", productBody],
      ["PUT", `/api/products/${product.id}`, { ...productBody, version: product.version }],
      ["POST", "/api/categories", { name: "C", description: "D" }],
      ["PATCH", `/api/categories/${category.id}`, { name: "C", description: "D" }],
      [
        "POST",
        "/api/campaigns",
        { name: "C", description: "D", startDate: "2026-01-01", endDate: "2026-02-01" },
      ],
      ["PATCH", `/api/campaigns/${campaign.id}`, { name: "C", description: "D", startDate: "2026-01-01" }],
      ["POST", `/api/campaigns/${campaign.id}/products`, { sku: product.sku, discountPrice: "1.50" }],
      [
        "POST",
        "/api/customers",
        {
          firstName: "F",
          lastName: "L",
          email: `c-${id}@e2e.test`,
          phone: "1",
          address: "A",
          city: "C",
          postalCode: "1",
          country: "FI",
          company: "Co",
          vatNumber: "",
        },
      ],
      [
        "PATCH",
        `/api/customers/${customer.id}`,
        { firstName: "F", lastName: "L", phone: "1", address: "A", city: "C" },
      ],
      [
        "POST",
        "/api/users",
        {
          email: `u-${id}@e2e.test`,
          password: "secret123",
          firstName: "F",
          lastName: "L",
          role: "salesperson",
          isActive: true,
        },
      ],
      [
        "PUT",
        `/api/users/${userId}`,
        { email: user.email, firstName: "F", lastName: "L", role: "salesperson", isActive: true },
      ],
      [
        "POST",
        "/api/auth/register",
        {
          email: `r-${id}@e2e.test`,
          password: "secret123",
          firstName: "F",
          lastName: "L",
          role: "salesperson",
        },
      ],
      ["POST", "/api/auth/login", { email: user.email, password: user.password }],
      ["POST", "/api/calculate-margin", { purchasePrice: "1.00", sellingPrice: "2.00" }],
    ];
    let checked = 0;
    for (const [method, url, body] of calls) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== "string") continue;
        const response = await api.fetch(url, { method, data: { ...body, [field]: `${value}\u0000` } });
        const where = `${method} ${url} ${field}`;
        expect(response.status(), where).toBe(400);
        const answer = await response.json();
        expect(answer.errors?.[field], where).toEqual([NUL_MESSAGE]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    // Nothing changed.
    // (The product's page adds its stock by location to what its creation answered.)
    const { stockByLocation: _places, ...read } = await (await api.get(`/api/products/${product.id}`)).json();
    expect(read).toEqual(product);
    expect(await (await api.get(`/api/categories/${category.id}`)).json()).toMatchObject({
      name: `Nul ${id}`,
    });
    await serverStillAnswers(api);
  });
});

test.describe("a NUL character in a query string", () => {
  test.use({ role: "admin" });

  test("is cleaned: every list page and API answers 200", async ({ signedIn: { page } }) => {
    const paths = [
      "/products?search=%00",
      "/products?search=gal%00axy&category=%00&status=%00&sort=%00",
      "/api/products?search=%00",
      "/api/products?search=%00&category=%00&status=%00",
      "/customers?search=%00",
      "/api/customers?search=%00",
      "/inventory?tab=%00",
      "/campaigns?%00=%00",
      "/categories?search=%00",
      "/users?search=%00",
      "/barcode-scanner?scanner=%00",
      "/reports?%00",
      "/api/alerts?isRead=%00",
      "/?search=%00",
      "/orders?q=%00&status=%00&from=%00",
      "/quotes?q=a%00b%01",
      "/api/orders?q=%00",
      "/api/quotes?q=%7F",
      "/audit?q=%00",
      "/reports/sales?from=%00&group=%00",
      "/reports/returns?from=%00&by=%00",
      "/customers?search=%01%1F",
      // Every sidebar screen an aggregate declares, with the list parameters a screen may read.
      ...DECLARED.flatMap(({ aggregate }) => aggregate.sidebar ?? []).map(
        (entry) => `${entry.to}?search=%00&q=%00&page=%00`,
      ),
    ];
    for (const url of paths) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
    }
    const found = await (await page.request.get("/api/products?search=gal%00axy")).json();
    expect(found.total).toBeGreaterThan(0);
  });
});

/** A raw request, headers exactly as given (a browser or Playwright would fix the Host itself). */
function rawRequest(headers: Record<string, string>, method = "GET", pathname = "/login") {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path: pathname, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

test("a Host, X-Forwarded-Host or Origin that names no host is refused with 4xx, never a 500", async () => {
  for (const host of ["a b", "[", "shop:99999999", "%zz"]) {
    expect(await rawRequest({ Host: host }), host).toBe(400);
    expect(await rawRequest({ Host: "127.0.0.1", "X-Forwarded-Host": `${host}:x` }), host).toBe(400);
  }
  const origin = await rawRequest(
    { Host: new URL(BASE_URL).host, Origin: "not a url", "Content-Type": "application/json" },
    "POST",
    "/api/auth/login",
  );
  expect(origin).toBe(403);
  expect(await rawRequest({ Host: new URL(BASE_URL).host })).toBe(200);
});
