import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/**
 * Issue #15 item 4, the screens: purchase orders drafted, sent (e-mailed through the outbox),
 * received into stock and printed through plain forms (JavaScript off), the product search as one
 * types (JavaScript on), a salesperson who only reads, and Finnish on a phone.
 */

/** A demo supplier with an e-mail address (the e2e server seeds the demo shop). */
const MAILED_SUPPLIER = { name: "Elko", email: "sales@elko.example.fi" };

type Product = { id: number; sku: string; name: string; supplierId: number };

async function createProduct(
  api: APIRequestContext,
  fields: {
    supplier: string;
    purchasePrice: string;
    sellingPrice: string;
    stockLevel: number;
    name?: string;
    tracking?: "none" | "serial" | "imei";
  },
): Promise<Product> {
  const id = uniqueId();
  const response = await api.post("/api/products", {
    data: { name: `Purchase test ${id}`, sku: `PUR-${id}`.toUpperCase(), brand: "Brand", ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

type Order = { id: number; number: string; expectedDate: string; lines: { id: number }[] };

/** A purchase order of one line, made through the API; sent too when asked. */
async function orderOf(
  api: APIRequestContext,
  product: Product,
  quantity: number,
  { send = false, note }: { send?: boolean; note?: string } = {},
): Promise<Order> {
  const created = await api.post("/api/purchase-orders", {
    data: { supplierId: product.supplierId, lines: [{ productId: product.id, quantity }], note },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = await created.json();
  if (!send) return order;
  const sent = await api.post(`/api/purchase-orders/${order.id}/transition`, { data: { to: "sent" } });
  expect(sent.status(), await sent.text()).toBe(200);
  return sent.json();
}

async function stockOf(api: APIRequestContext, product: Product) {
  const response = await api.get(`/api/products/${product.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).stockLevel as number;
}

/** A request context signed in as a new manager (to make records beside a page of another role). */
async function managerApi(playwright: {
  request: { newContext: (o: object) => Promise<APIRequestContext> };
}): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const manager = await createUser(api, "manager");
  const login = await api.post("/api/auth/login", {
    data: { email: manager.email, password: manager.password },
  });
  expect(login.status()).toBe(200);
  return api;
}

async function inFinnish(page: Page) {
  await page.context().addCookies([
    {
      name: "lng",
      value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
      url: BASE_URL,
    },
  ]);
}

async function fillLine(page: Page, index: number, code: string, quantity: number, unitCost = "") {
  await page.locator(`[name="lines[${index}].code"]`).fill(code);
  await page.locator(`[name="lines[${index}].quantity"]`).fill(String(quantity));
  await page.locator(`[name="lines[${index}].unitCost"]`).fill(unitCost);
}

test.describe("a manager with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("creates a purchase order of two lines, sends it by e-mail, receives part of it and sees the stock and ledger move", async ({
    signedIn: { page },
    browser,
    request,
  }) => {
    const api = page.request;
    // 12.55 with 25.5 % VAT is 10.00 without it.
    const charger = await createProduct(api, {
      supplier: MAILED_SUPPLIER.name,
      purchasePrice: "12.55",
      sellingPrice: "29.90",
      stockLevel: 3,
    });
    const cable = await createProduct(api, {
      supplier: MAILED_SUPPLIER.name,
      purchasePrice: "6.00",
      sellingPrice: "14.90",
      stockLevel: 0,
    });

    await page.goto("/purchasing");
    await page.getByRole("link", { name: "New purchase order" }).click();
    await expect(page).toHaveURL(/\/purchasing\/new$/);
    await page.getByLabel("Supplier").selectOption({ label: MAILED_SUPPLIER.name });
    await fillLine(page, 0, charger.sku, 10);
    await page.getByRole("button", { name: "Add line" }).click();
    // The page came back with the first line resolved and costed, and a second row.
    await expect(page.getByTestId("purchase-editor-line")).toHaveCount(2);
    await expect(page.getByTestId("purchase-editor-line").first()).toContainText(charger.name);
    await expect(page.getByTestId("purchase-editor-line").first().getByTestId("line-total")).toHaveText(
      "€100.00",
    );
    await fillLine(page, 1, cable.sku.toLowerCase(), 4, "19,50");
    await page.getByRole("button", { name: "Save draft" }).click();

    await expect(page).toHaveURL(/\/purchasing\/\d+$/);
    await expect(page.getByTestId("toast")).toContainText(/Purchase order PO-\d{4}-\d{6} created as a draft/);
    const number = (await page.locator("main h1").textContent()) ?? "";
    expect(number).toMatch(/^PO-\d{4}-\d{6}$/);
    const path = new URL(page.url()).pathname;
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Draft");
    // 10 x 10.00 + 4 x 19.50 = 178.00 without VAT; 25.5 % VAT 45.39; 223.39 with it.
    await expect(page.getByTestId("subtotal")).toHaveText("€178.00");
    await expect(page.getByTestId("tax")).toHaveText("€45.39");
    await expect(page.getByTestId("total")).toHaveText("€223.39");

    // Sending asks first, naming the address.
    await page.getByTestId("purchase-order-moves").getByRole("link", { name: "Send to supplier" }).click();
    await expect(page.getByTestId("move-confirm")).toContainText(
      `Send ${number} to ${MAILED_SUPPLIER.email}`,
    );
    await page.getByTestId("move-confirm").getByRole("button", { name: "Send to supplier" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${number} sent to ${MAILED_SUPPLIER.email}`);
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Sent");
    await expect(page.getByTestId("purchase-order-sent")).toContainText(
      `by e-mail to ${MAILED_SUPPLIER.email} (in the outbox)`,
    );
    await expect(page.getByTestId("purchase-order-editor")).toHaveCount(0);
    await expect(page.getByTestId("purchase-order-line")).toHaveCount(2);

    // The outbox (an admin reads it) has the e-mail.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const admin = await context.newPage();
    try {
      await signInQuickly(admin, await createUser(request, "admin"));
      await admin.goto("/notifications/recent");
      await expect(admin.getByTestId("outbox-row").filter({ hasText: number })).toContainText(
        MAILED_SUPPLIER.email,
      );
    } finally {
      await context.close();
    }

    // Receive 8 of the 10 chargers and none of the cables.
    const receive = page.getByTestId("receive-form");
    await expect(receive.getByLabel(`Receive now: ${charger.name}`)).toHaveValue("10");
    await receive.getByLabel(`Receive now: ${charger.name}`).fill("8");
    await receive.getByLabel(`Receive now: ${cable.name}`).fill("0");
    await receive.getByRole("button", { name: "Receive" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      `8 units received on ${number}: partially received`,
    );
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Partially received");
    await expect(page.getByTestId("line-received")).toHaveText(["8", "0"]);
    expect(await stockOf(api, charger)).toBe(11);
    expect(await stockOf(api, cable)).toBe(0);

    await page.goto(`/products/${charger.id}`);
    const receipt = page.getByTestId("stock-movement").filter({ hasText: number });
    await expect(receipt).toHaveCount(1);
    await expect(receipt).toHaveAttribute("data-reason", "receipt");
    await expect(receipt.getByTestId("movement-quantity")).toHaveText("+8");
    await expect(receipt.getByTestId("movement-stock-after")).toHaveText("11");

    // The list finds it by number, partially received.
    await page.goto(`/purchasing?status=partially_received&q=${number}`);
    await expect(page.getByTestId("purchase-order-row")).toHaveCount(1);
    await expect(page.getByTestId("purchase-order-row")).toContainText(MAILED_SUPPLIER.name);
    await expect(page.getByTestId("purchase-order-total")).toHaveText("€178.00");
    await page.getByTestId("purchase-order-row").getByRole("link", { name: number }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });

  test("more than ordered needs a confirmation; a partly received order is closed, not cancelled", async ({
    signedIn: { page },
  }) => {
    const product = await createProduct(page.request, {
      supplier: `No mail ${uniqueId()}`,
      purchasePrice: "5.00",
      sellingPrice: "9.90",
      stockLevel: 0,
    });
    const order = await orderOf(page.request, product, 2);

    await page.goto(`/purchasing/${order.id}`);
    await page.getByRole("link", { name: "Send to supplier" }).click();
    // Without an address it is marked sent, and says so.
    await expect(page.getByTestId("move-confirm")).toContainText("has no e-mail address");
    await page.getByTestId("move-confirm").getByRole("button", { name: "Send to supplier" }).click();
    await expect(page.getByTestId("toast")).toContainText("marked sent without e-mail");
    await expect(page.getByTestId("purchase-order-sent")).toContainText("without e-mail");

    const receive = page.getByTestId("receive-form");
    await receive.getByLabel(`Receive now: ${product.name}`).fill("3");
    await receive.getByRole("button", { name: "Receive" }).click();
    await expect(page.getByTestId("receive-errors")).toContainText("more than was ordered");
    await expect(receive.getByText("More than ordered.")).toBeVisible();
    expect((await (await page.request.get(`/api/products/${product.id}`)).json()).stockLevel).toBe(0);
    await receive.getByLabel(`Receive now: ${product.name}`).fill("1");
    await receive.getByRole("button", { name: "Receive" }).click();
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Partially received");

    // Cancelling is not offered once goods came in; closing is, with a second question.
    const moves = page.getByTestId("purchase-order-moves");
    await expect(moves.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
    await moves.getByRole("link", { name: "Close: the rest will not come" }).click();
    await page
      .getByTestId("move-confirm")
      .getByRole("button", { name: "Close: the rest will not come" })
      .click();
    await expect(page.getByTestId("toast")).toContainText("closed: the rest will not come");
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Received");
    await expect(page.getByTestId("receive-form")).toHaveCount(0);
    await expect(page.getByTestId("purchase-order-moves")).toHaveCount(0);
  });

  test("the supplier moves a sent order's delivery: its expected day and note change, its lines do not", async ({
    signedIn: { page },
  }) => {
    const product = await createProduct(page.request, {
      supplier: `No mail ${uniqueId()}`,
      purchasePrice: "5.00",
      sellingPrice: "9.90",
      stockLevel: 0,
    });
    const order = await orderOf(page.request, product, 2, { send: true });

    await page.goto(`/purchasing/${order.id}`);
    const schedule = page.getByTestId("schedule-form");
    await schedule.getByLabel("Expected").fill("2031-02-03");
    await schedule.getByLabel("Note").fill("Supplier: week 6");
    await schedule.getByRole("button", { name: "Save date and note" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${order.number}: expected day and note saved`);
    await expect(page.getByTestId("purchase-order-facts")).toContainText("03/02/2031");
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Sent");
    await expect(page.getByTestId("purchase-order-line")).toHaveCount(1);
    await expect(page.getByTestId("schedule-form").getByLabel("Note")).toHaveValue("Supplier: week 6");

    // The API moves the date the same way; it does not change a sent order's lines.
    const patched = await page.request.patch(`/api/purchase-orders/${order.id}`, {
      data: { expectedDate: "2031-02-10" },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    expect(await patched.json()).toMatchObject({ expectedDate: "2031-02-10", note: "Supplier: week 6" });
    const refused = await page.request.patch(`/api/purchase-orders/${order.id}`, {
      data: { lines: [{ productId: product.id, quantity: 3 }] },
    });
    expect(refused.status()).toBe(409);
  });

  test("a product is found by part of its name; several matches are offered by SKU to choose from", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const supplier = `Search ${id}`;
    const fields = { supplier, purchasePrice: "5.00", sellingPrice: "9.90", stockLevel: 0 };
    const red = await createProduct(page.request, { ...fields, name: `Kaapeli ${id} punainen` });
    const blue = await createProduct(page.request, { ...fields, name: `Kaapeli ${id} sininen` });
    await page.goto("/purchasing/new");
    await fillLine(page, 0, `${id} punainen`, 2);
    await page.getByRole("button", { name: "Add line" }).click();
    await expect(page.getByTestId("purchase-editor-line").first()).toContainText(red.name);
    await expect(page.locator('[name="lines[0].code"]')).toHaveValue(red.sku);
    await fillLine(page, 1, `Kaapeli ${id}`, 1);
    await page.getByRole("button", { name: "Add line" }).click();
    const ambiguous = page.getByTestId("purchase-editor-line").nth(1);
    await expect(ambiguous).toContainText("Several products match");
    await expect(ambiguous.getByTestId("purchase-line-candidates")).toContainText(red.sku);
    await expect(ambiguous.getByTestId("purchase-line-candidates")).toContainText(blue.sku);
    // Saving with the line unresolved is refused; nothing is written.
    await page.getByLabel("Supplier").selectOption({ label: supplier });
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("form-errors")).toContainText("Check the marked lines");
    await expect(page).toHaveURL(/\/purchasing\/new$/);
    await page.locator('[name="lines[1].code"]').fill(blue.sku);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/purchasing\/\d+$/);
    await expect(page.getByTestId("purchase-editor-line")).toHaveCount(2);
  });

  test("the reorder list's one click makes one draft per supplier and names them", async ({
    signedIn: { page },
  }) => {
    const first = await createProduct(page.request, {
      supplier: `Reorder A ${uniqueId()}`,
      purchasePrice: "5.00",
      sellingPrice: "9.90",
      stockLevel: 1,
    });
    const second = await createProduct(page.request, {
      supplier: `Reorder B ${uniqueId()}`,
      purchasePrice: "7.00",
      sellingPrice: "12.90",
      stockLevel: 1,
    });
    const body = new URLSearchParams();
    for (const [product, quantity] of [
      [first, "6"],
      [second, "4"],
      [first, ""], // a row left empty is left out
    ] as const) {
      body.append("productId[]", String(product.id));
      body.append("quantity[]", quantity);
    }
    const posted = await page.request.post("/purchasing/from-reorder", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: body.toString(),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe("/purchasing");
    await page.goto("/purchasing?status=draft");
    await expect(page.getByTestId("toast")).toContainText(
      /2 draft purchase orders made: PO-\d{4}-\d{6} \(Reorder A/,
    );
    for (const product of [first, second]) {
      await page.goto(`/purchasing?supplier=${product.supplierId}`);
      await expect(page.getByTestId("purchase-order-row")).toHaveCount(1);
      await expect(page.getByTestId("purchase-order-row")).toContainText("Draft");
    }
  });
});

test.describe("a manager with JavaScript", () => {
  test.use({ role: "manager" });

  test("the product field suggests products as one types", async ({ signedIn: { page } }) => {
    const name = `Suggested charger ${uniqueId()}`;
    const product = await createProduct(page.request, {
      name,
      supplier: MAILED_SUPPLIER.name,
      purchasePrice: "12.55",
      sellingPrice: "29.90",
      stockLevel: 0,
    });
    await page.goto("/purchasing/new");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.locator('[name="lines[0].code"]').pressSequentially(name.slice(0, 24), { delay: 20 });
    await expect(page.locator(`#product-suggestions option[value="${product.sku}"]`)).toHaveCount(1);
    await page.locator('[name="lines[0].code"]').fill(product.sku);
    await page.getByLabel("Supplier").selectOption({ label: MAILED_SUPPLIER.name });
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/purchasing\/\d+$/);
    await expect(page.getByTestId("purchase-editor-line")).toContainText(name);
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson", javaScriptEnabled: false });

  test("reads purchase orders and prints them, but sees no action and is refused any", async ({
    signedIn: { page },
    playwright,
  }) => {
    const api = await managerApi(playwright);
    const product = await createProduct(api, {
      supplier: MAILED_SUPPLIER.name,
      purchasePrice: "12.55",
      sellingPrice: "29.90",
      stockLevel: 0,
    });
    const order = await orderOf(api, product, 5, { send: true, note: "Read me" });
    await api.dispose();

    await page.goto("/purchasing");
    await expect(page.getByRole("link", { name: "New purchase order" })).toHaveCount(0);
    await page.goto(`/purchasing/${order.id}`);
    await expect(page.locator("main h1")).toHaveText(order.number);
    await expect(page.getByTestId("purchase-order-line")).toHaveCount(1);
    await expect(page.getByTestId("purchase-order-moves")).toHaveCount(0);
    await expect(page.getByTestId("receive-form")).toHaveCount(0);
    await expect(page.getByTestId("purchase-order-editor")).toHaveCount(0);
    await expect(page.getByTestId("schedule-form")).toHaveCount(0);

    const forms: Record<string, string>[] = [
      { intent: "move", to: "cancelled" },
      { intent: "reschedule", expectedDate: "2031-01-01", note: "" },
      { intent: "receive", [`receive[${order.lines[0].id}].quantity`]: "5" },
    ];
    for (const form of forms) {
      const refused = await page.request.post(`/purchasing/${order.id}`, { form, maxRedirects: 0 });
      expect(refused.status()).toBe(302);
      expect(refused.headers().location).toBe("/");
    }
    const after = await page.request.get(`/api/purchase-orders/${order.id}`);
    expect(await after.json()).toMatchObject({
      status: "sent",
      expectedDate: order.expectedDate,
      lines: [{ quantityReceived: 0 }],
    });
    const newPage = await page.request.get("/purchasing/new", { maxRedirects: 0 });
    expect(newPage.status()).toBe(302);

    // The printed order: the shop's letterhead, the supplier, the lines without VAT and the totals.
    await page.getByTestId("print-link").click();
    await expect(page).toHaveURL(new RegExp(`/purchasing/${order.id}/print$`));
    const sheet = page.getByTestId("printed-purchase-order");
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Purchase order");
    await expect(page.getByTestId("printed-number")).toHaveText(order.number);
    await expect(sheet).toContainText("Sähkötukku Testinen Oy");
    await expect(page.getByTestId("printed-supplier")).toContainText(MAILED_SUPPLIER.email);
    await expect(page.getByTestId("printed-line")).toContainText([`${product.name}${product.sku}5€10.00`]);
    // 5 x 10.00 = 50.00; 25.5 % VAT 12.75; 62.75.
    await expect(page.getByTestId("printed-total")).toHaveText("€62.75");
    await expect(sheet).toContainText("Read me");
    await expect(page.locator('a[href="/products"]')).toHaveCount(0);
  });
});

test.describe("in Finnish on a phone", () => {
  test.use({ role: "manager", viewport: { width: 390, height: 844 } });

  test("the list, a sent order with its receive form, a new order and the print fit the screen", async ({
    signedIn: { page },
  }) => {
    const product = await createProduct(page.request, {
      name: "Erittäin pitkäniminen USB-C-latausasema kuudelle laitteelle, harmaa",
      supplier: MAILED_SUPPLIER.name,
      purchasePrice: "1234.56",
      sellingPrice: "2000.00",
      stockLevel: 0,
      // IMEI-tracked (issue #31): its receive line has the serials' box, which must fit too.
      tracking: "imei",
    });
    const order = await orderOf(page.request, product, 12345, { send: true });
    await inFinnish(page);
    for (const [screen, title] of [
      ["/purchasing", "Ostot"],
      [`/purchasing/${order.id}`, order.number],
      ["/purchasing/new", "Uusi ostotilaus"],
    ] as const) {
      await page.goto(screen);
      await expect(page.locator("main h1")).toHaveText(title);
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(width.scroll, `${screen} is wider than the phone`).toBeLessThanOrEqual(width.client + 1);
      await page.screenshot({ path: test.info().outputPath(`fi-390-${screen.replace(/\W+/g, "-")}.png`) });
    }
    await page.goto(`/purchasing/${order.id}`);
    await expect(page.getByTestId("purchase-order-status")).toHaveText("Lähetetty");
    await expect(page.getByRole("button", { name: "Vastaanota" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^IMEI-koodit, yksi riville: / })).toBeVisible();
    await page.goto(`/purchasing/${order.id}/print`);
    await expect(page.getByTestId("printed-purchase-order").getByRole("heading", { level: 1 })).toHaveText(
      "Ostotilaus",
    );
    // The sheet reflows on the phone: each line a block of labelled figures, nothing wider than it.
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll, "the print is wider than the phone").toBeLessThanOrEqual(width.client + 1);
    const quantity = page.getByTestId("printed-line").locator("td").nth(2);
    await expect(quantity).toHaveText("12\u00a0345");
    expect(await quantity.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Määrä"');
  });
});
