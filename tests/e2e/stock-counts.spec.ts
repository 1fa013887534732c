import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { documentChecker } from "./document-checker";
import { createUser, expect, test, uniqueId } from "./fixtures";

/** A product of the test's own on a shelf of the test's own, made through the API by a manager. */
async function shelfProduct(request: APIRequestContext, values: Record<string, unknown>) {
  const id = uniqueId().toUpperCase();
  const answer = await request.post("/api/products", {
    data: {
      name: `Count Cable ${id}`,
      sku: `COUNT-${id}`,
      brand: "Anker",
      // 12.55 incl. 25.5 % VAT: 10.00 a unit at cost.
      purchasePrice: "12.55",
      sellingPrice: "19.90",
      supplier: "Tech Data",
      ...values,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; name: string; sku: string; stockLevel: number };
}

/** Three products on a new shelf: 10, 5 and 7 in stock. */
async function shelfOfThree(request: APIRequestContext) {
  const shelf = `E2E-${uniqueId().toUpperCase()}`;
  const box = `BOX-${uniqueId().toUpperCase()}`;
  return {
    shelf,
    box,
    a: await shelfProduct(request, { stockLevel: 10, location: shelf }),
    b: await shelfProduct(request, { stockLevel: 5, location: shelf, barcode: box }),
    // The shelf in another letter case is the same shelf.
    c: await shelfProduct(request, { stockLevel: 7, location: shelf.toLowerCase() }),
  };
}

async function finnish(page: import("@playwright/test").Page) {
  await page.context().addCookies([
    {
      name: "lng",
      value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
      url: BASE_URL,
    },
  ]);
}

test.describe("a manager without JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("counts a shelf of three products by typing codes and Enter, commits, and sees the stock and the ledger change", async ({
    signedIn: { page },
  }) => {
    const { shelf, box, a, b, c } = await shelfOfThree(page.request);
    await page.goto("/inventory");
    await page.getByRole("link", { name: "Stock counts" }).click();
    const form = page.getByTestId("new-count-form");
    await form.getByLabel("What to count").selectOption("shelf");
    // Where it counts (issue #32): the manager's work location, Main store, chosen.
    await expect(form.getByLabel("Location", { exact: true }).locator("option:checked")).toHaveText(
      "Main store",
    );
    await form.getByLabel("Shelf at the location (e.g. A-12)").fill(shelf);
    await form.getByRole("button", { name: "Start count" }).click();
    await expect(page).toHaveURL(/\/inventory\/count\/\d+$/);
    await expect(page.getByTestId("count-location")).toHaveText("At Main store");
    await expect(page.getByTestId("toast")).toContainText("started: scan the first product");
    await expect(page.getByTestId("count-scope")).toHaveText(`Shelf ${shelf}`);
    await expect(page.getByTestId("problem-not-counted")).toContainText(
      "3 products in the scope are not counted",
    );

    const code = page.getByLabel("Code (EAN, SKU or barcode)");
    const quantity = page.getByLabel("Quantity (empty: +1)");
    // The field is ready after every page, as a handheld scanner needs: type, then Enter.
    await expect(code).toBeFocused();
    await code.fill(a.sku.toLowerCase());
    await quantity.fill("8");
    await quantity.press("Enter");
    await expect(page.getByTestId("toast")).toContainText(`${a.name}: 8 counted`);
    for (const scanned of [box, b.sku, box, b.sku, b.sku]) {
      await expect(code).toBeFocused();
      await page.keyboard.type(scanned);
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("toast")).toContainText(`${b.name}:`);
    }
    await code.fill(c.sku);
    await quantity.fill("9");
    await code.press("Enter");
    // A code nobody has is kept and listed, not a dead end.
    await code.fill(`NOPE-${shelf}`);
    await code.press("Enter");
    await expect(page.getByTestId("toast")).toContainText(`Unknown code NOPE-${shelf}`);
    // A negative count and a barcode typed into the quantity are refused with what to do.
    await code.fill(c.sku);
    await quantity.fill("-2");
    await code.press("Enter");
    await expect(page.getByText("A count cannot be below zero: enter 0 or more").first()).toBeVisible();
    await code.fill(c.sku);
    await quantity.fill("6417000012345");
    await code.press("Enter");
    await expect(page.getByText("That looks like a barcode, not a quantity").first()).toBeVisible();

    await page.goto(page.url());
    const lines = page.getByTestId("count-line");
    await expect(lines).toHaveCount(4);
    const row = (sku: string) => lines.filter({ has: page.locator(`[title="${sku}"]`) });
    await expect(row(a.sku).getByTestId("line-difference")).toHaveText("−2");
    await expect(row(a.sku).getByTestId("line-value")).toHaveText("-€20.00");
    await expect(row(b.sku).getByTestId("line-counted").locator("input[name=quantity]")).toHaveValue("5");
    await expect(row(b.sku).getByTestId("line-difference")).toHaveText("0");
    await expect(row(c.sku).getByTestId("line-difference")).toHaveText("+2");
    await expect(page.getByTestId("count-units")).toHaveText("22 / 22");
    await expect(page.getByTestId("problem-unknown")).toContainText("1 code no product has");
    await expect(page.getByTestId("problem-not-counted")).toHaveCount(0);

    // Every problem is shown before the commit: the unknown code blocks it until removed.
    await page.getByRole("link", { name: "Review and commit" }).click();
    const step = page.getByTestId("commit-step");
    await expect(step).toContainText("2 products change: 0 units, €0.00 at cost");
    await expect(step.getByText("Fix the problems listed below before committing.")).toBeVisible();
    await expect(step.getByRole("button", { name: "Commit count" })).toHaveCount(0);
    await page
      .getByTestId("problem-unknown")
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Line removed");

    await page.goto(`${page.url().replace(/\?.*$/, "")}?step=confirm`);
    await expect(step.getByTestId("count-line")).toHaveCount(2);
    await step.getByRole("button", { name: "Commit count" }).click();
    await expect(page.getByTestId("toast")).toContainText("committed: 2 stock corrections recorded");
    await expect(page.getByTestId("count-status")).toHaveText("Committed");
    await expect(page.getByTestId("scan-form")).toHaveCount(0);

    // The stock moved by the differences, each a count correction in the ledger.
    await page.goto(`/products/${a.id}`);
    await expect(page.getByText("8 pcs", { exact: true })).toBeVisible();
    const ledger = page.getByTestId("stock-movement");
    await expect(ledger.first()).toContainText("Count correction");
    await expect(ledger.first().getByTestId("movement-quantity")).toHaveText("−2");
    await expect(page.getByText("Last counted")).toBeVisible();
    await page.goto(`/products/${b.id}`);
    await expect(page.getByTestId("stock-movement")).toHaveCount(1);
    await page.goto(`/products/${c.id}`);
    await expect(page.getByText("9 pcs", { exact: true })).toBeVisible();
  });

  test("a sale after a product was counted stays sold; what nobody counted is set to zero only when chosen", async ({
    signedIn: { page },
  }) => {
    const { shelf, a, b, c } = await shelfOfThree(page.request);
    const count = await (
      await page.request.post("/api/stock-counts", { data: { scope: "shelf", shelf } })
    ).json();
    await page.request.post(`/api/stock-counts/${count.id}/lines`, { data: { code: a.sku, quantity: 9 } });
    await page.request.post(`/api/stock-counts/${count.id}/lines`, { data: { code: b.sku, quantity: 5 } });
    // Three of A sold after it was counted.
    await page.request.post("/api/stock-movements", {
      data: { productId: a.id, quantity: -3, reason: "sale" },
    });
    await page.goto(`/inventory/count/${count.id}?step=confirm`);
    await page.getByLabel("Set the product in the scope that was not counted to zero").check();
    await page.getByRole("button", { name: "Commit count" }).click();
    await expect(page.getByTestId("count-closed")).toContainText(
      "Products in the scope that were not counted were set to zero.",
    );
    const stock = async (id: number) =>
      (await (await page.request.get(`/api/products/${id}`)).json()).stockLevel;
    // 10 - 3 sold - 1 missing; 5 as counted; C nobody counted: zero.
    expect([await stock(a.id), await stock(b.id), await stock(c.id)]).toEqual([6, 5, 0]);
  });
});

test.describe("a scanner app through the API", () => {
  test.use({ role: "manager" });

  test("clears an unknown code by removing its line, then commits; a closed count keeps its lines", async ({
    signedIn: { page },
  }) => {
    const { shelf, a } = await shelfOfThree(page.request);
    const api = page.request;
    const count = await (await api.post("/api/stock-counts", { data: { scope: "shelf", shelf } })).json();
    const lines = `/api/stock-counts/${count.id}/lines`;
    const counted = await (await api.post(lines, { data: { code: a.sku, quantity: 9 } })).json();
    const unknown = await (await api.post(lines, { data: { code: `NOPE-${shelf}` } })).json();
    expect(unknown).toMatchObject({ productId: null, code: `NOPE-${shelf}` });

    const refused = await api.post(`/api/stock-counts/${count.id}/commit`, { data: {} });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).errors.unknownCodes).toEqual([
      `No product has the code NOPE-${shelf}: remove its line`,
    ]);

    const removed = await api.delete(`${lines}/${unknown.id}`);
    expect(removed.status(), await removed.text()).toBe(200);
    expect(await removed.json()).toEqual({ message: "Line removed" });
    expect((await api.delete(`${lines}/${unknown.id}`)).status()).toBe(404);
    expect((await api.delete(`${lines}/not-a-line`)).status()).toBe(404);

    const committed = await api.post(`/api/stock-counts/${count.id}/commit`, { data: {} });
    expect(committed.status(), await committed.text()).toBe(200);
    expect((await (await api.get(`/api/products/${a.id}`)).json()).stockLevel).toBe(9);
    // Committed: its lines are the record of what was counted.
    expect((await api.delete(`${lines}/${counted.id}`)).status()).toBe(409);
  });
});

/** A manager's own HTTP client (no browser), signed in. */
async function managerClient() {
  const client = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const user = await createUser(client, "manager");
  const login = await client.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return client;
}

test.describe("two people on one count, over HTTP", () => {
  test("a scanner app naming a version the count no longer has gets 409 and changes nothing; a version that is not one, 400", async () => {
    const [scanner, other] = [await managerClient(), await managerClient()];
    const { shelf, a, b } = await shelfOfThree(scanner);
    const count = await (await scanner.post("/api/stock-counts", { data: { scope: "shelf", shelf } })).json();
    expect(count.version).toBe(1);
    const path = `/api/stock-counts/${count.id}`;
    const line = await scanner.post(`${path}/lines`, { data: { code: a.sku, quantity: 4, version: 1 } });
    expect(line.status(), await line.text()).toBe(200);
    const lineId = (await line.json()).id;

    for (const version of ["1", -1, 2_147_483_648, 1.5]) {
      const bad = await scanner.post(`${path}/lines`, { data: { code: b.sku, version } });
      expect(bad.status(), String(version)).toBe(400);
      expect((await bad.json()).errors.version).toEqual([
        "version is the count's version as you read it: a whole number from 1, or leave it out",
      ]);
    }
    expect((await scanner.delete(`${path}/lines/${lineId}`, { data: { version: "x" } })).status()).toBe(400);

    // Someone else commits the count: the scanner still holds version 1.
    const committed = await other.post(`${path}/commit`, { data: { version: 1 } });
    expect(committed.status(), await committed.text()).toBe(200);
    expect((await committed.json()).count).toMatchObject({ status: "committed", version: 2 });

    const stale = [
      await scanner.post(`${path}/lines`, { data: { code: a.sku, quantity: 9, version: 1 } }),
      await scanner.delete(`${path}/lines/${lineId}`, { data: { version: 1 } }),
      await scanner.post(`${path}/commit`, { data: { zeroUncounted: true, version: 1 } }),
    ];
    for (const answer of stale) {
      expect(answer.status()).toBe(409);
      expect(await answer.json()).toEqual({
        message: "The count has changed since you read it: read it again and make your change again",
      });
    }
    const after = await (await scanner.get(path)).json();
    expect(after).toMatchObject({ status: "committed", version: 2, lines: 1 });
    expect(after.countLines).toMatchObject([{ id: lineId, counted: 4 }]);
    const stock = async (id: number) => (await (await scanner.get(`/api/products/${id}`)).json()).stockLevel;
    expect([await stock(a.id), await stock(b.id)]).toEqual([4, 5]);
    await Promise.all([scanner.dispose(), other.dispose()]);
  });

  test("a count page's form posted after someone else committed the count is refused as stale and changes nothing", async () => {
    const [person, other] = [await managerClient(), await managerClient()];
    const { shelf, a } = await shelfOfThree(person);
    const count = await (await person.post("/api/stock-counts", { data: { scope: "shelf", shelf } })).json();
    const path = `/api/stock-counts/${count.id}`;
    const line = await (await person.post(`${path}/lines`, { data: { code: a.sku, quantity: 4 } })).json();
    const page = `/inventory/count/${count.id}`;
    // Every form of the page carries the version it read: the scan, the line's quantity and its
    // removal; the review's commit; the cancel.
    const versions = async (query: string) =>
      (await (await person.get(`${page}${query}`)).text()).match(/name="version" value="1"/g)?.length;
    expect([await versions(""), await versions("?step=confirm"), await versions("?step=cancel")]).toEqual([
      3, 1, 1,
    ]);

    expect((await other.post(`${path}/commit`, { data: {} })).status()).toBe(200);

    // As the other stale forms: back to the page with a toast; a scan answers where it was sent.
    const forms: [Record<string, string>, number][] = [
      [{ intent: "set", productId: String(a.id), quantity: "9", version: "1" }, 302],
      [{ intent: "remove", lineId: String(line.id), version: "1" }, 302],
      [{ intent: "scan", code: a.sku, version: "1" }, 409],
      [{ intent: "commit", zeroUncounted: "true", version: "1" }, 302],
      [{ intent: "cancel", version: "1" }, 302],
    ];
    for (const [form, status] of forms) {
      const posted = await person.post(page, { form, maxRedirects: 0 });
      expect(posted.status(), form.intent).toBe(status);
      const shown = posted.status() === 302 ? await (await person.get(page)).text() : await posted.text();
      expect(shown, form.intent).toContain(
        "Someone else changed this record meanwhile. Reload it and make your change again.",
      );
    }
    const after = await (await person.get(path)).json();
    expect(after).toMatchObject({ status: "committed", cancelledAt: null, version: 2 });
    expect(after.countLines).toMatchObject([{ productId: a.id, counted: 4 }]);
    expect((await (await person.get(`/api/products/${a.id}`)).json()).stockLevel).toBe(4);
    await Promise.all([person.dispose(), other.dispose()]);
  });
});

/** A valid IMEI: 14 digits and their Luhn check digit. */
function imei(first14: string) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let digit = Number(first14[13 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${first14}${(10 - (sum % 10)) % 10}`;
}

test.describe("a count's location, over HTTP (issue #32)", () => {
  test("a count is at the caller's work location unless it names an active one; its answer, list and file name the location; a location that is none is 400", async () => {
    const manager = await managerClient();
    const check = await documentChecker(manager);
    const { shelf, a } = await shelfOfThree(manager);
    // A manager without a location of their own works at the default location.
    const count = await check(
      "post",
      "/api/stock-counts",
      await manager.post("/api/stock-counts", { data: { scope: "shelf", shelf } }),
      201,
    );
    expect(count).toMatchObject({ locationName: "Main store", locationId: expect.any(Number) });
    const named = await check(
      "post",
      "/api/stock-counts",
      await manager.post("/api/stock-counts", { data: { scope: "shop", locationId: count.locationId } }),
      201,
    );
    expect(named.locationId).toBe(count.locationId);
    for (const locationId of [2_000_000_000, "B", 0, -1, 1.5]) {
      const refused = await manager.post("/api/stock-counts", { data: { scope: "shop", locationId } });
      expect(refused.status(), `${locationId}: ${await refused.text()}`).toBe(400);
      expect(Object.keys((await refused.json()).errors ?? {})).toEqual(["locationId"]);
    }
    // The shelf is the product's shelf at the count's location (the API's `location`: Main store's).
    await manager.post(`/api/stock-counts/${count.id}/lines`, { data: { code: a.sku, quantity: 9 } });
    const detail = await check(
      "get",
      "/api/stock-counts/{id}",
      await manager.get(`/api/stock-counts/${count.id}`),
      200,
    );
    expect(detail).toMatchObject({ locationName: "Main store", summary: { notCounted: 2 } });
    const list = await check(
      "get",
      "/api/stock-counts",
      await manager.get("/api/stock-counts?limit=500"),
      200,
    );
    expect(list.counts.find((row: { id: number }) => row.id === count.id)?.locationName).toBe("Main store");
    const file = await manager.get(`/inventory/count/${count.id}/variance.csv?format=csv`);
    expect(await file.text()).toContain(`Main store,${a.sku},${a.name},,10,9,-1,-10.00`);
    await manager.dispose();
  });
});

test.describe("an IMEI-tracked product counted by its serials, over HTTP (issue #31)", () => {
  test("the API and the page's box without JavaScript refuse bad IMEIs named, list the missing and the unexpected; the commit writes off and takes in", async () => {
    const manager = await managerClient();
    const check = await documentChecker(manager);
    const id = uniqueId().toUpperCase();
    const shelf = `IMEI-${id}`;
    const phone = await shelfProduct(manager, {
      name: `Count phone ${id}`,
      location: shelf,
      tracking: "imei",
    });
    // Unique to this run: the digits of its time.
    const digits = `${Date.now()}`.slice(-10);
    const [a, b, c, d] = ["3569", "4901", "8601", "3520"].map((prefix) => imei(`${prefix}${digits}`));
    // Three units in stock, received on a purchase order.
    const order = await (
      await manager.post("/api/purchase-orders", {
        data: {
          supplierId: (phone as typeof phone & { supplierId: number }).supplierId,
          lines: [{ productId: phone.id, quantity: 3 }],
        },
      })
    ).json();
    await manager.post(`/api/purchase-orders/${order.id}/transition`, { data: { to: "sent" } });
    const received = await manager.post(`/api/purchase-orders/${order.id}/receive`, {
      data: { lines: [{ lineId: order.lines[0].id, quantity: 3, serials: [a, b, c] }] },
    });
    expect(received.status(), await received.text()).toBe(200);

    const count = await check(
      "post",
      "/api/stock-counts",
      await manager.post("/api/stock-counts", { data: { scope: "shelf", shelf } }),
      201,
    );
    const lines = `/api/stock-counts/${count.id}/lines`;
    const byQuantity = await check(
      "post",
      "/api/stock-counts/{id}/lines",
      await manager.post(lines, { data: { productId: phone.id, quantity: 3 } }),
      400,
    );
    expect(byQuantity.message).toContain("counted by its serials");
    const bad = `${d.slice(0, 14)}${(Number(d[14]) + 1) % 10}`;
    const refused = await check(
      "post",
      "/api/stock-counts/{id}/lines",
      await manager.post(lines, { data: { productId: phone.id, serials: [a, a, bad] } }),
      400,
    );
    expect(refused.errors.serials).toEqual([
      `${a} is in the list twice`,
      `${bad} is not a valid IMEI: its check digit is wrong`,
    ]);
    const counted = await check(
      "post",
      "/api/stock-counts/{id}/lines",
      await manager.post(lines, { data: { productId: phone.id, serials: [` ${a.toLowerCase()} `, b, d] } }),
      200,
    );
    expect(counted).toMatchObject({
      counted: 3,
      expected: 3,
      tracking: "imei",
      serials: { counted: [a, b, d], missing: [c], unexpected: [{ serial: d, state: null }] },
    });
    const read = await check(
      "get",
      "/api/stock-counts/{id}",
      await manager.get(`/api/stock-counts/${count.id}`),
      200,
    );
    expect(read.countLines[0].serials).toEqual(counted.serials);

    // The page's box is a plain form: a refusal names the serial and keeps the list as typed.
    const page = `/inventory/count/${count.id}`;
    const form = (serials: string) => ({
      intent: "serials",
      productId: String(phone.id),
      previous: "3",
      version: String(count.version),
      serials,
    });
    const pageRefused = await manager.post(page, { form: form(`${a}\n${bad}`), maxRedirects: 0 });
    expect(pageRefused.status()).toBe(400);
    const refusedHtml = await pageRefused.text();
    expect(refusedHtml).toContain(`${bad} is not a valid IMEI: its check digit is wrong`);
    expect(refusedHtml).toContain(`${a}\n${bad}</textarea>`);
    const saved = await manager.post(page, { form: form(`${a}\n${b}\n${d}\n`), maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    expect(saved.headers().location).toBe(`${page}#line-${counted.id}-serials`);
    const html = await (await manager.get(page)).text();
    expect(html).toContain("Missing: 1 unit in stock not scanned");
    expect(html).toContain("taken into stock at the commit");

    const committed = await check(
      "post",
      "/api/stock-counts/{id}/commit",
      await manager.post(`/api/stock-counts/${count.id}/commit`, { data: {} }),
      200,
    );
    expect(committed).toMatchObject({ moved: 0, unitsMissing: 1, unitsFound: 1 });
    const units = async (serial: string) =>
      (await (await manager.get(`/api/serials?q=${serial}`)).json()).units;
    expect(await units(c)).toMatchObject([{ state: "scrapped" }]);
    expect(await units(d)).toMatchObject([{ state: "in_stock", productId: phone.id }]);
    const unit = await (await manager.get(`/api/serials/${(await units(c))[0].id}`)).json();
    expect(unit.events.at(-1)).toMatchObject({
      kind: "counted",
      documentNumber: count.number,
      note: "missing",
    });
    await manager.dispose();
  });
});

test.describe("a manager with JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: true });

  test("the scan field keeps its focus and the lines update without a page load, fast scans included", async ({
    signedIn: { page },
  }) => {
    const { shelf, box, a, b } = await shelfOfThree(page.request);
    const count = await (
      await page.request.post("/api/stock-counts", { data: { scope: "shelf", shelf } })
    ).json();
    await page.goto(`/inventory/count/${count.id}`);
    // Before hydration the field is the plain form (a page load a scan); from then on, none.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const code = page.getByLabel("Code (EAN, SKU or barcode)");
    await expect(code).toBeFocused();
    // A handheld scanner: the code and Enter, four times as fast as it types.
    for (const scanned of [box, box, b.sku, box]) {
      await page.keyboard.type(scanned);
      await page.keyboard.press("Enter");
      await expect(code).toHaveValue("");
      await expect(code).toBeFocused();
    }
    const lines = page.getByTestId("count-line");
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByTestId("line-counted").locator("input[name=quantity]")).toHaveValue("4");
    await expect(page.getByTestId("scan-answer")).toContainText(`${b.name}: 4 counted`);
    // A typed quantity sets the count; the focus goes back to the code.
    await code.fill(a.sku);
    await page.getByLabel("Quantity (empty: +1)").fill("12");
    await page.getByLabel("Quantity (empty: +1)").press("Enter");
    await expect(code).toBeFocused();
    await expect(lines).toHaveCount(2);
    await expect(lines.first().getByTestId("line-difference")).toHaveText("+2");
    await page.keyboard.type(`NOPE-${shelf}`);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("scan-answer")).toContainText(`Unknown code NOPE-${shelf}`);
    await expect(page.getByTestId("problem-unknown")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson", javaScriptEnabled: false });

  test("reads the counts and their lines but gets no form, and the server refuses their writes", async ({
    signedIn: { page },
  }) => {
    const manager = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const user = await createUser(manager, "manager");
    await manager.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    const { shelf, a } = await shelfOfThree(manager);
    const count = await (await manager.post("/api/stock-counts", { data: { scope: "shelf", shelf } })).json();
    await manager.post(`/api/stock-counts/${count.id}/lines`, { data: { code: a.sku, quantity: 3 } });
    await manager.dispose();

    await page.goto("/inventory/count");
    await expect(page.getByTestId("count-row").filter({ hasText: count.number })).toBeVisible();
    await expect(page.getByTestId("new-count-form")).toHaveCount(0);
    await page.getByRole("link", { name: count.number }).click();
    await expect(page.getByTestId("count-line")).toHaveCount(1);
    await expect(page.getByTestId("line-difference")).toHaveText("−7");
    await expect(page.getByTestId("scan-form")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Review and commit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    const variance = await page.request.get(`/inventory/count/${count.id}/variance.csv?format=csv`);
    expect(variance.status()).toBe(200);
    expect(await variance.text()).toContain(`${a.sku},${a.name},,10,3,-7,-70.00`);

    expect(
      (await page.request.post(`/api/stock-counts/${count.id}/lines`, { data: { code: a.sku } })).status(),
    ).toBe(403);
    expect((await page.request.post(`/api/stock-counts/${count.id}/commit`, { data: {} })).status()).toBe(
      403,
    );
    const post = await page.request.post(`/inventory/count/${count.id}`, {
      form: { intent: "commit" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toBe("/");
    expect((await (await page.request.get(`/api/products/${a.id}`)).json()).stockLevel).toBe(10);
  });
});

test.describe("in Finnish on a phone", () => {
  test.use({ role: "manager", javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the count, its problems and its review read in Finnish and fit 390 px", async ({
    signedIn: { page },
  }) => {
    const { shelf, a, b } = await shelfOfThree(page.request);
    const count = await (
      await page.request.post("/api/stock-counts", { data: { scope: "shelf", shelf } })
    ).json();
    await page.request.post(`/api/stock-counts/${count.id}/lines`, { data: { code: a.sku, quantity: 12 } });
    await page.request.post(`/api/stock-counts/${count.id}/lines`, { data: { code: b.sku, quantity: 1 } });
    await page.request.post(`/api/stock-counts/${count.id}/lines`, { data: { code: `TUNTEMATON-${shelf}` } });
    await finnish(page);
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto("/inventory/count");
    await expect(page.getByRole("heading", { name: "Inventoinnit", level: 1 })).toBeVisible();
    await expect(page.getByTestId("count-row").filter({ hasText: count.number })).toContainText(
      `Hyllypaikka ${shelf}`,
    );
    await fits();

    await page.goto(`/inventory/count/${count.id}`);
    await expect(page.getByRole("heading", { name: "Lue tai kirjoita koodi" })).toBeVisible();
    await expect(page.getByTestId("count-status")).toHaveText("Avoin");
    await expect(page.getByTestId("problem-unknown")).toContainText(
      "1 koodi, jota millään tuotteella ei ole",
    );
    await expect(page.getByTestId("problem-not-counted")).toContainText("1 rajauksen tuote on laskematta");
    const money = (value: number) =>
      new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR" }).format(value);
    // 12 against 10 and 1 against 5: +2 and −4 units, 20,00 € found and 40,00 € missing at cost.
    await expect(page.getByTestId("count-difference")).toHaveText("−2");
    await expect(page.getByTestId("count-value")).toHaveText(money(-20));
    const lineOf = page.getByTestId("count-line").filter({ has: page.locator(`[title="${b.sku}"]`) });
    await expect(lineOf.getByTestId("line-value")).toHaveText(money(-40));
    await expect(page.getByRole("heading", { name: "Lasketut tuotteet" })).toBeVisible();
    await fits();

    await page.goto(`/inventory/count/${count.id}?step=confirm`);
    await expect(page.getByRole("heading", { name: `Kirjaa ${count.number}` })).toBeVisible();
    await expect(page.getByTestId("commit-step")).toContainText(
      "Korjaa alla luetellut ongelmat ennen kirjausta.",
    );
    await fits();
  });
});
