import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Printed quotes and orders: the letterhead, the customer, the lines priced as the customer reads
 * them (without VAT for a business, with it for anyone else), the VAT per rate and the total, on
 * one A4 page that nothing overflows.
 */

const A4_WIDTH_PX = 794; // 210 mm at 96 dpi
const nbsp = "\u00a0";

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

async function created(api: APIRequestContext, path: string, data: object) {
  const answer = await api.post(path, { data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
  return answer.json();
}

const product = (api: APIRequestContext, name: string, sellingPrice: string, vatRate: string) => {
  const id = uniqueId();
  return created(api, "/api/products", {
    name: `${name} ${id}`,
    sku: `PRN-${id}-LONG-CODE`,
    brand: "Brand",
    purchasePrice: "5.00",
    sellingPrice,
    vatRate,
    stockLevel: 50,
    supplier: "Supplier",
  });
};

async function inFinnish(page: Page) {
  await page.context().addCookies([
    {
      name: "lng",
      value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
      url: BASE_URL,
    },
  ]);
}

/** The pages of a PDF Chromium wrote: its page objects (`/Type /Page`, not `/Pages`). */
function pdfPages(pdf: Buffer) {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** Nothing wider than an A4 page in print, and no table cell's text wider than its column. */
async function expectFitsA4(page: Page) {
  await page.setViewportSize({ width: A4_WIDTH_PX, height: 1123 });
  await page.emulateMedia({ media: "print" });
  const fits = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    overflowing: [...document.querySelectorAll("td, th, p, dd, dt, h1")]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent),
  }));
  expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
  expect(fits.overflowing).toEqual([]);
}

/**
 * On a 390 px phone the sheet reflows: nothing wider than the screen, each line a block whose
 * figures carry their own labels (the column headings are there for screen readers only).
 */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(fits.scrollWidth).toBeLessThanOrEqual(fits.clientWidth + 1);
  const total = page.getByTestId("printed-line").first().locator("td").last();
  const box = await total.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await total.evaluate((cell) => getComputedStyle(cell, "::before").content)).toMatch(/\S/);
  await page.screenshot({ path: test.info().outputPath("printed-390.png"), fullPage: true });
}

test.describe("printed quotes and orders", () => {
  test.use({ role: "salesperson" });

  test("a salesperson prints a business customer's 3-line order in Finnish: net prices, VAT per rate, the total, one A4 page", async ({
    signedIn: { page },
    playwright,
  }) => {
    const api = await managerApi(playwright);
    const laptop = await product(
      api,
      "Kannettava tietokone, erittäin pitkä tuotenimi jonka täytyy rivittyä tulosteessa siististi",
      "1240.00",
      "25.50",
    );
    const book = await product(api, "Sähköasennusten käsikirja", "49.90", "14.00");
    const cable = await product(
      api,
      "Maadoitusjohdinliitinkiinnikesarjapakkaus-asennustarvikekokonaisuus",
      "12.90",
      "25.50",
    );
    const id = uniqueId();
    const customer = await created(api, "/api/customers", {
      firstName: "Paula",
      lastName: `Printtinen ${id}`,
      email: `print-${id}@e2e.test`,
      customerType: "business",
      company: "Rakennusliike Esimerkki Oy",
      vatNumber: "0112038-9",
      address: "Työmaantie 12 B 4",
      postalCode: "33100",
      city: "Tampere",
    });
    const order = await created(api, "/api/orders", {
      customerId: customer.id,
      lines: [
        { productId: laptop.id, quantity: 2 },
        { productId: book.id, quantity: 1 },
        { productId: cable.id, quantity: 3 },
      ],
    });

    await inFinnish(page);
    await page.goto(`/orders/${order.id}`);
    await page.getByTestId("print-link").click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/print$`));
    // Outside the app shell: no sidebar links.
    await expect(page.locator('a[href="/products"]')).toHaveCount(0);

    const sheet = page.getByTestId("printed-document");
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Myyntitilaus");
    await expect(page.getByTestId("printed-number")).toHaveText(order.number);
    await expect(sheet).toContainText("Sähkötukku Testinen Oy");
    await expect(sheet).toContainText("Y-tunnus 1234567-1");
    const customerBlock = page.getByTestId("printed-customer");
    await expect(customerBlock).toContainText("Rakennusliike Esimerkki Oy");
    await expect(customerBlock).toContainText(`Paula Printtinen ${id}`);
    await expect(customerBlock).toContainText("33100 Tampere");
    await expect(customerBlock).toContainText("0112038-9");

    // A business reads prices without VAT: 1 240,00 / 1,255 = 988,05 a unit, 2 480,00 / 1,255 =
    // 1 976,10 the line; 49,90 / 1,14 = 43,77; 12,90 / 1,255 = 10,28, 38,70 / 1,255 = 30,84.
    await expect(page.getByRole("columnheader", { name: "Yksikköhinta alv 0 %" })).toBeVisible();
    const lines = page.getByTestId("printed-line");
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText(`988,05${nbsp}€`);
    await expect(lines.nth(0)).toContainText(`1${nbsp}976,10${nbsp}€`);
    await expect(lines.nth(0)).toContainText("25,5 %");
    await expect(lines.nth(1)).toContainText(`43,77${nbsp}€`);
    await expect(lines.nth(1)).toContainText("14 %");
    await expect(lines.nth(2)).toContainText(`10,28${nbsp}€`);
    await expect(lines.nth(2)).toContainText(`30,84${nbsp}€`);

    // By rate: 25,5 %: 2 518,70 incl. 511,77 VAT, net 2 006,93; 14 %: 49,90 incl. 6,13, net 43,77.
    const vat = page.getByTestId("printed-vat-row");
    await expect(vat).toHaveCount(2);
    await expect(vat.nth(0)).toHaveText(
      ["25,5 %", `2${nbsp}006,93${nbsp}€`, `511,77${nbsp}€`, `2${nbsp}518,70${nbsp}€`].join(""),
    );
    await expect(vat.nth(1)).toHaveText(["14 %", `43,77${nbsp}€`, `6,13${nbsp}€`, `49,90${nbsp}€`].join(""));
    await expect(page.getByTestId("printed-vat")).toContainText("ALV-erittely");
    const totals = page.getByTestId("printed-totals");
    await expect(totals).toContainText("Yhteensä");
    await expect(page.getByTestId("printed-total")).toHaveText(`2${nbsp}568,60${nbsp}€`);

    await expectFitsA4(page);
    const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfPages(pdf)).toBe(1);
  });

  test("a consumer's quote prints in English with prices including VAT and its last valid day", async ({
    signedIn: { page },
    playwright,
  }) => {
    const api = await managerApi(playwright);
    const cable = await product(api, "Extension cable", "12.90", "25.50");
    const id = uniqueId();
    const customer = await created(api, "/api/customers", {
      firstName: "Olli",
      lastName: `Ostaja ${id}`,
      email: `consumer-${id}@e2e.test`,
      customerType: "individual",
    });
    const quote = await created(api, "/api/quotes", {
      customerId: customer.id,
      validUntil: "2030-06-30",
      lines: [{ productId: cable.id, quantity: 3 }],
    });

    const response = await page.goto(`/quotes/${quote.id}/print`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote");
    await expect(page.getByTestId("printed-number")).toHaveText(quote.number);
    await expect(page.getByTestId("printed-document")).toContainText("Valid until30/06/2030");
    await expect(page.getByRole("columnheader", { name: "Unit price incl. VAT" })).toBeVisible();
    const line = page.getByTestId("printed-line");
    await expect(line).toContainText("€12.90");
    await expect(line).toContainText("€38.70");
    await expect(page.getByTestId("printed-total")).toHaveText("€38.70");
    await expectFitsPhone(page);
    await expectFitsA4(page);
  });

  test("a visitor is sent to sign in, and a missing document is a 404", async ({
    signedIn: { page },
    browser,
  }) => {
    // The server's answer (a page of the root's error boundary, which has no hydration mark for
    // the page fixture to wait on).
    expect((await page.request.get("/orders/999999999/print")).status()).toBe(404);
    const visitor = await browser.newPage();
    await visitor.goto(`${BASE_URL}/quotes/1/print`);
    await expect(visitor).toHaveURL(/\/login\?redirectTo=%2Fquotes%2F1%2Fprint/);
    await visitor.close();
  });
});
