import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Shelf labels over HTTP (issue #30; no person's flow here yet): a new product waits in the
 * reprint queue; a salesperson prints its label from its page's form, a PDF; the print takes it off
 * the queue. The rendering itself is tested in app/models/label (barcodes read back from the page).
 */
/** Twelve digits and their EAN-13 check digit. */
function ean13(digits: string) {
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

test("a product's label is queued, printed as a PDF by a salesperson, and leaves the queue; a bad layout is refused", async ({
  request,
}) => {
  const manager = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: manager.email, password: manager.password } });
  const id = uniqueId();
  const created = await request.post("/api/products", {
    data: {
      name: `Label lamp ${id}`,
      sku: `LBL-${id}`,
      brand: "Lumo",
      ean: ean13(`641${Date.now()}`.slice(0, 12)),
      purchasePrice: "10.00",
      sellingPrice: "24.90",
      supplier: "S",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();

  const seller = await createUser(request, "salesperson");
  await request.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
  // The queue's rows for this product (the address itself is in the page too: the language form's).
  const queue = async () =>
    (await (await request.get(`/labels?search=LBL-${id}`)).text()).includes('data-testid="queued-label"');
  expect(await queue()).toBe(true);

  const refused = await request.post("/labels/print", {
    form: { product: String(product.id), layout: "a5-1x1", language: "en" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/labels");
  expect(await queue()).toBe(true);

  const printed = await request.post("/labels/print", {
    form: { product: String(product.id), layout: "a4-3x8", language: "fi" },
  });
  expect(printed.status()).toBe(200);
  expect(printed.headers()["content-type"]).toBe("application/pdf");
  expect((await printed.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(await queue()).toBe(false);
});

test.describe("the shop's default label layout", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("a manager sets it on /labels without JavaScript and the print form starts from it; a salesperson may not; the dashboard counts the labels out of date", async ({
    signedIn: { page },
    request,
  }) => {
    const before = await (await page.request.get("/api/label-settings")).json();
    try {
      await page.goto("/labels");
      const form = page.getByTestId("label-defaults");
      await form.locator("select[name=layout]").selectOption("roll-62x29");
      await form.locator("select[name=dpi]").selectOption("300");
      await form.getByRole("button").click();
      await expect(page).toHaveURL(/\/labels$/);
      await expect(page.getByTestId("toast")).toContainText("The default label layout is saved.");
      await expect(page.locator("#label-layout")).toHaveValue("roll-62x29");
      await expect(page.locator("#label-dpi")).toHaveValue("300");
      expect(await (await page.request.get("/api/label-settings")).json()).toEqual({
        layout: "roll-62x29",
        dpi: 300,
      });
      // An unknown layout: back with its message, nothing changed.
      const refused = await page.request.post("/labels/settings", {
        form: { layout: "a5-1x1", dpi: "203" },
        maxRedirects: 0,
      });
      expect(refused.headers().location).toBe("/labels");
      await page.goto("/labels");
      await expect(page.getByTestId("toast")).toContainText("Choose a label layout from the list.");
      await expect(page.locator("#label-layout")).toHaveValue("roll-62x29");

      const seller = await createUser(request, "salesperson");
      await request.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
      const labels = await (await request.get("/labels")).text();
      expect(labels).toContain('id="label-layout"');
      expect(labels).not.toContain('data-testid="label-defaults"');
      const denied = await request.post("/labels/settings", {
        form: { layout: "a4-2x7", dpi: "203" },
        maxRedirects: 0,
      });
      expect(denied.headers().location).toBe("/");
      const put = await request.put("/api/label-settings", { data: { layout: "a4-2x7", dpi: 203 } });
      expect(put.status()).toBe(403);
      expect((await (await request.get("/api/label-settings")).json()).layout).toBe("roll-62x29");

      // Every role's dashboard shows the count, linking to the queue; the API answers it too.
      const dashboard = await (await request.get("/")).text();
      const shown = /data-testid="labels-out-of-date" data-count="(\d+)"/.exec(dashboard);
      expect(shown).not.toBeNull();
      expect(dashboard).toContain('href="/labels"');
      const stats = await (await request.get("/api/dashboard/stats")).json();
      expect(Number.isInteger(stats.labelsOutOfDate)).toBe(true);
    } finally {
      // Other tests print from the form's defaults: the default goes back as it was.
      await page.request.put("/api/label-settings", { data: before });
    }
  });
});
