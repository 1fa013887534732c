import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { expect, test, uniqueId } from "./fixtures";

/** Waits for an import's page to say it is done: with JavaScript off the page reloads itself. */
async function expectDone(page: Page) {
  await expect(page.getByTestId("import-job")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
}

/** A valid EAN-13 no other test uses (rows without a SKU match are matched by EAN). */
function uniqueEan() {
  const digits = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10)).join("");
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

async function product(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/products", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; version: number };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    test("a file is checked row by row, refused while a row is wrong, then imported as a server job", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId().toUpperCase();
      const header = "name;sku;brand;category;purchasePrice;sellingPrice;stockLevel;supplier;ean";
      const good = [
        `Import Mouse ${id};IMP-${id}-1;Logitech;Accessories;10,00;24,90;30;Tech Data;${uniqueEan()}`,
        `Import Cable ${id};IMP-${id}-2;Belkin;Cables;3,00;9,90;100;Tech Data;`,
      ];
      const bad = `Import Broken ${id};IMP-${id}-3;Belkin;No Such Category;abc;9,90;-1;Tech Data;4006381333932`;

      await page.goto("/");
      await page.getByRole("link", { name: "Bulk Import" }).click();
      await expect(page).toHaveURL(/\/products\/import$/);
      await page.locator("#import-csv").fill([header, ...good, bad].join("\n"));
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page).toHaveURL(/\/products\/import\/\d+$/);
      await expect(page.getByTestId("import-summary")).toHaveText(
        "3 rows: 2 new, 0 changed, 0 unchanged, 1 with errors.",
      );
      // The errors come first, each with its line, the column's name and what to fix.
      const broken = page.getByTestId("import-row").filter({ hasText: `IMP-${id}-3` });
      await expect(broken.getByTestId("import-line")).toHaveText("4");
      await expect(broken).toContainText(
        "Category: No category is named “No Such Category”: correct the name, or create the category first.",
      );
      await expect(broken).toContainText("Purchase price: Enter an amount in euros, for example 12,50");
      await expect(broken).toContainText("Stock level: Enter the stock as a whole number, 0 or more");
      await expect(broken).toContainText("EAN: This EAN is not valid");
      await expect(broken).not.toContainText("purchasePrice");
      await expect(page.getByRole("button", { name: /^Import:/ })).toHaveCount(0);
      expect((await (await page.request.get(`/api/products?search=IMP-${id}`)).json()).total).toBe(0);

      await page.getByRole("link", { name: "Check another file" }).click();
      await page.locator("#import-csv").fill([header, ...good].join("\n"));
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page.getByTestId("import-group-create")).toHaveText("New (2)");
      await expect(page.getByTestId("import-group-error")).toHaveText("Errors (0)");
      await page.getByRole("button", { name: "Import: 2 new, 0 changed" }).click();
      await expect(page.getByTestId("toast")).toContainText("The import has started.");
      await expectDone(page);
      await expect(page.getByTestId("import-job")).toContainText("Imported: 2 new and 0 changed products.");
      const imported = await (await page.request.get(`/api/products?search=IMP-${id}`)).json();
      expect(imported.total).toBe(2);
      expect(imported.products.map((p: { sellingPrice: string }) => p.sellingPrice).sort()).toEqual([
        "24.90",
        "9.90",
      ]);
    });
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("an Excel (Finnish) file updates, creates and leaves unchanged; the preview groups them; the job page shows it done", async ({
    signedIn: { page },
  }) => {
    await page.context().addCookies([
      {
        name: "lng",
        value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
        url: BASE_URL,
      },
    ]);
    const id = uniqueId().toUpperCase();
    const base = { brand: "Lenovo", purchasePrice: "600.00", supplier: "Tech Data", stockLevel: 20 };
    const changed = await product(page, {
      ...base,
      name: `Läppäri ${id}`,
      sku: `UPD-${id}-1`,
      sellingPrice: "999.00",
    });
    await product(page, {
      ...base,
      name: `Telakka ${id}`,
      sku: `UPD-${id}-2`,
      sellingPrice: "199.00",
      purchasePrice: "100.00",
    });
    const csv = [
      "\uFEFFNimi;Tuotekoodi (SKU);Merkki;Ostohinta;Myyntihinta;Hinnat sis. ALV;Kateprosentti;Varastosaldo;Tila;Toimittaja",
      // The price falls: the margin with it, from 39,9 % (high) to 9,9 % (low).
      `Läppäri ${id};="upd-${id}-1";Lenovo;600,00;666,00;kyllä;39,9;20;Aktiivinen;Tech Data`,
      `Telakka ${id};="UPD-${id}-2";Lenovo;100,00;199,00;kyllä;49,7;20;Aktiivinen;Tech Data`,
      `Hiiri ${id};="UPD-${id}-3";Logitech;10,00;24,90;kyllä;59,8;5;Aktiivinen;Tech Data`,
    ].join("\r\n");
    await page.goto("/products/import");
    await page
      .locator("#import-file")
      .setInputFiles({ name: "tuotteet.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Tarkista tiedosto" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText(
      "3 riviä: 1 uutta, 1 muuttuu, 1 ennallaan, 0 virheellistä.",
    );
    await expect(page.getByTestId("import-group-update")).toHaveText("Muutokset (1)");
    await expect(page.getByTestId("import-group-update")).toHaveAttribute("aria-current", "page");
    const row = page.getByTestId("import-row");
    await expect(row).toHaveCount(1);
    // The SKU's letter case is the file's: a change too.
    await expect(row).toContainText(`Tuotekoodi (SKU): UPD-${id}-1 → upd-${id}-1`);
    await expect(row).toContainText("Myyntihinta: 999,00 € → 666,00 €");
    const margins = row.getByTestId("margin-badge");
    await expect(margins).toHaveText(["39,9 %", "9,9 %"]);
    await expect(margins.nth(0)).toHaveAttribute("data-tone", "success");
    await expect(margins.nth(1)).toHaveAttribute("data-tone", "danger");

    await page.getByTestId("import-group-unchanged").click();
    await expect(page.getByTestId("import-row")).toContainText(`UPD-${id}-2`);
    await page.getByRole("button", { name: "Tuo: 1 uutta, 1 muuttuu" }).click();
    await expectDone(page);
    await expect(page.getByTestId("import-progress")).toHaveAttribute("value", "2");
    const url = page.url();

    // The result stays: reopened from the import page's list of the latest imports.
    await page.goto("/products/import");
    await page
      .getByTestId("recent-import")
      .filter({ hasText: "tuotteet.csv" })
      .first()
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId("import-job")).toHaveAttribute("data-status", "done");

    const after = await (await page.request.get(`/api/products/${changed.id}`)).json();
    expect(after).toMatchObject({ sku: `upd-${id}-1`, sellingPrice: "666.00", version: changed.version + 1 });
    const history = await (await page.request.get(`/api/products?search=UPD-${id}`)).json();
    expect(history.total).toBe(3);
  });

  test("a CSV syntax error names its line and keeps the pasted text", async ({ signedIn: { page } }) => {
    const csv = ["sku,name,sellingPrice", "A-1,One,1.00", 'A-2,Monitor 24",2.00'].join("\n");
    await page.goto("/products/import");
    await page.locator("#import-csv").fill(csv);
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("import-file-error")).toHaveText(
      'Line 3: a quote mark (") stands inside a cell. Put the whole cell in quotes and double the quote mark inside it ("").',
    );
    await expect(page.locator("#import-csv")).toHaveValue(csv);
  });
});

test.describe("a large file", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("10,000 rows are checked and imported in one go, through the page", async ({ signedIn: { page } }) => {
    test.setTimeout(180_000);
    const id = uniqueId().toUpperCase();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `Bulk Item ${id} ${i};BULK-${id}-${i};Brand ${i % 40};;${(i % 90) + 5},50;${(i % 90) + 9},90;${i % 60};Supplier`,
    );
    const csv = ["name;sku;brand;category;purchasePrice;sellingPrice;stockLevel;supplier", ...rows].join(
      "\n",
    );
    await page.goto("/products/import");
    await page
      .locator("#import-file")
      .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText(
      "10,000 rows: 10,000 new, 0 changed, 0 unchanged, 0 with errors.",
      { timeout: 60_000 },
    );
    await page.getByRole("button", { name: "Import: 10,000 new, 0 changed" }).click();
    await expect(page.getByTestId("import-job")).toHaveAttribute("data-status", "done", { timeout: 120_000 });
    const imported = await (await page.request.get(`/api/products?search=BULK-${id}&limit=1`)).json();
    expect(imported.total).toBe(10_000);
    const stats = await (await page.request.get("/api/dashboard/stats")).json();
    expect(stats.totalProducts).toBeGreaterThanOrEqual(10_000);
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson" });

  test("cannot open the import", async ({ signedIn: { page } }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Bulk Import" })).toHaveCount(0);
    await page.goto("/products/import");
    await expect(page.getByTestId("toast")).toContainText("Access Denied");
    await page.goto("/products/import/1");
    await expect(page.getByTestId("toast")).toContainText("Access Denied");
  });
});
