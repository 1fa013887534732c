import { readFileSync } from "node:fs";
import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Shelf labels (issue #30). Over HTTP: a new product waits in the reprint queue; a salesperson
 * prints its label from its page's form, a PDF or ZPL; the print takes it off the queue. A person,
 * without JavaScript: a campaign's labels for its first day, previewed and printed to a PDF. The
 * rendering itself is tested in app/models/label (barcodes read back from the page), the
 * selections in label-print.server.test.ts.
 */
function day(offset: number) {
  return new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", {
    timeZone: "Europe/Helsinki",
  });
}

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

  // ZPL for a Zebra roll: a text file of one label; an A4 sheet has none, refused with a message.
  const zpl = await request.post("/labels/print", {
    form: { product: String(product.id), layout: "roll-62x29", dpi: "300", language: "en", format: "zpl" },
  });
  expect(zpl.status()).toBe(200);
  expect(zpl.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(zpl.headers()["content-disposition"]).toBe('attachment; filename="labels.zpl"');
  const text = await zpl.text();
  expect(text.startsWith("^XA")).toBe(true);
  expect(text).toContain(`^FDLBL-${id}`);
  const sheet = await request.post("/labels/print", {
    form: { product: String(product.id), layout: "a4-3x8", language: "en", format: "zpl" },
    maxRedirects: 0,
  });
  expect(sheet.status()).toBe(302);
  expect(sheet.headers().location).toBe("/labels");
});

test.describe("without JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("a campaign's labels for its first day: previewed with the campaign price, printed to a PDF", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const api = page.request;
    const created = await api.post("/api/products", {
      data: {
        name: `Preview lamp ${id}`,
        sku: `PRV-${id}`,
        brand: "Lumo",
        ean: ean13(`642${Date.now()}`.slice(0, 12)),
        purchasePrice: "10.00",
        sellingPrice: "24.90",
        supplier: "S",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = await (
      await api.post("/api/campaigns", { data: { name: `Spring ${id}`, startDate: day(2), endDate: day(9) } })
    ).json();
    const added = await api.post(`/api/campaigns/${campaign.id}/products`, {
      data: { sku: `PRV-${id}`, discountPrice: "19.90" },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole("link", { name: "Labels for its first day" }).click();
    await expect(page).toHaveURL(new RegExp(`/labels/new\\?from=campaign&id=${campaign.id}&moment=start$`));
    await expect(page.getByTestId("label-preview-count")).toContainText("1 label");
    const row = page.getByTestId("label-preview-row");
    await expect(row).toContainText(`Preview lamp ${id}`);
    await expect(row).toContainText("€19.90");
    await expect(row).toContainText("EAN-13");

    await page.locator("#label-layout").selectOption("a4-2x7");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Print 1 label" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("labels.pdf");
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});

test("a preview's address naming nothing readable goes back to /labels with a message; a missing record is a 404", async ({
  request,
}) => {
  const seller = await createUser(request, "salesperson");
  await request.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
  for (const query of [
    "",
    "from=elsewhere",
    "from=campaign&id=1e5&moment=start",
    "from=campaign&id=5&moment=%00",
    "from=purchase-order&id=-1",
    "product=abc",
  ]) {
    const answer = await request.get(`/labels/new?${query}`, { maxRedirects: 0 });
    expect(answer.status(), query).toBe(302);
    expect(answer.headers().location, query).toBe("/labels");
  }
  for (const query of ["from=campaign&id=999999999&moment=end", "from=purchase-order&id=999999999"]) {
    expect((await request.get(`/labels/new?${query}`)).status(), query).toBe(404);
  }
  // Filters the products page ignores are ignored here too; the scanned list of a new session is empty.
  for (const query of ["from=filters&search=%00&category=x&status=%00&sort=%00", "from=scanned"]) {
    expect((await request.get(`/labels/new?${query}`)).status(), query).toBe(200);
  }
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
