import type { Download, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, test, uniqueId } from "./fixtures";

/** The shop's day (Helsinki) now, as the file names carry it. */
function shopDay() {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Helsinki",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

async function downloaded(file: Download) {
  return Buffer.concat(await (await file.createReadStream()).toArray());
}

/** Waits for an import's page to say it is done: with JavaScript off the page reloads itself. */
async function expectDone(page: Page) {
  await expect(page.getByTestId("import-job")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
}

async function created(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("customers exported in Finnish Excel import back as nothing to change", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    await created(page, "/api/customers", {
      firstName: "Maija",
      lastName: `Vienti ${id}`,
      email: `maija-${id}@e2e.test`,
      phone: "0401234567",
      customerType: "business",
      company: `Vientikone ${id} Oy`,
      vatNumber: "0112038-9",
      postalCode: "00100",
      vipStatus: true,
      discountPercentage: "7.5",
      // The demo catalogue has products with thinner margins: the below-cost guard asks why.
      belowCostReason: "Framework agreement",
      creditLimit: "2000",
    });
    await created(page, "/api/customers", {
      firstName: "Matti",
      lastName: `Vienti ${id}`,
      email: `matti-${id}@e2e.test`,
      phone: "+358 40 765 4321",
      notes: "=1+1",
    });
    await page.request.post("/language", { form: { language: "fi", redirectTo: "/customers" } });

    await page.goto("/customers");
    const download = page.waitForEvent("download");
    const before = shopDay();
    await page.getByRole("link", { name: "Vie Exceliin" }).click();
    const file = await download;
    expect([`Asiakkaat ${before}.csv`, `Asiakkaat ${shopDay()}.csv`]).toContain(file.suggestedFilename());
    const bytes = await downloaded(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    const records = parse(bytes, { bom: true, delimiter: ";" }) as string[][];
    expect(records[0].slice(0, 4)).toEqual(["Etunimi", "Sukunimi", "Sähköposti", "Puhelin"]);
    const maija = records.find((row) => row[2] === `maija-${id}@e2e.test`) as string[];
    expect(maija.slice(3, 13)).toEqual([
      '="0401234567"',
      `Vientikone ${id} Oy`,
      '="FI01120389"',
      "",
      "",
      '="00100"',
      "",
      "Yritys",
      "VIP-asiakas",
      "7,50",
    ]);
    expect(records[records.length - 1][0]).toBe("Yhteensä");

    // The file as downloaded, narrowed to this test's customers (other tests change theirs meanwhile).
    const lines = text.split("\r\n");
    const mine = [lines[0], ...lines.filter((line) => line.includes(id)), lines.at(-2) as string, ""];
    expect(mine).toHaveLength(5);
    await page.getByRole("link", { name: "Tuo CSV" }).click();
    await expect(page).toHaveURL(/\/customers\/import$/);
    await expect(page.getByRole("heading", { name: "Tuo asiakkaita", level: 1 })).toBeVisible();
    await page.locator("#import-file").setInputFiles({
      name: file.suggestedFilename(),
      mimeType: "text/csv",
      buffer: Buffer.from(mine.join("\r\n")),
    });
    await page.getByRole("button", { name: "Tarkista tiedosto" }).click();
    await expect(page).toHaveURL(/\/customers\/import\/\d+$/);
    await expect(page.getByTestId("import-summary")).toHaveText(
      "2 riviä: 0 uutta, 0 muuttuu, 2 ennallaan, 0 virheellistä.",
    );
    await expect(page.getByTestId("import-job")).toContainText(
      "Ei tuotavaa: jokainen rivi vastaa asiakkaita sellaisinaan.",
    );
    await expect(page.getByTestId("import-group-unchanged")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("import-row")).toHaveCount(2);
    await expect(page.getByRole("button", { name: /^Tuo:/ })).toHaveCount(0);
  });

  test("a category file with a parent: an unknown parent is an error on its line; the fixed file imports, and the list shows the branch", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    await created(page, "/api/categories", { name: `Parent ${id}` });
    await page.goto("/categories");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page).toHaveURL(/\/categories\/import$/);

    await page
      .locator("#import-csv")
      .fill(
        [
          "name,description,parent",
          `Child ${id},Made by import,Parent ${id}`,
          `Stray ${id},,Nowhere ${id}`,
        ].join("\n"),
      );
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText(
      "2 rows: 1 new, 0 changed, 0 unchanged, 1 with errors.",
    );
    const stray = page.getByTestId("import-row").filter({ hasText: `Stray ${id}` });
    await expect(stray.getByTestId("import-line")).toHaveText("3");
    await expect(stray).toContainText(
      `Parent category: No category is named “Nowhere ${id}”: correct the name, or add the parent on an earlier line.`,
    );

    await page.getByRole("link", { name: "Check another file" }).click();
    await page
      .locator("#import-csv")
      .fill(
        [
          "name,description,parent",
          `Child ${id},Made by import,Parent ${id}`,
          `Grandchild ${id},,child ${id}`,
        ].join("\n"),
      );
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText(
      "2 rows: 2 new, 0 changed, 0 unchanged, 0 with errors.",
    );
    const rows = page.getByTestId("import-row");
    await expect(rows.filter({ hasText: `Grandchild ${id}` })).toContainText(`Child ${id}`);
    await page.getByRole("button", { name: "Import: 2 new, 0 changed" }).click();
    await expect(page.getByTestId("toast")).toContainText("The import has started.");
    await expectDone(page);
    await expect(page.getByTestId("import-job")).toContainText("Imported: 2 new and 0 changed categories.");

    await page.getByRole("link", { name: "Go to categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    const table = page.getByRole("table", { name: "Categories" });
    const child = table
      .getByRole("row")
      .filter({ hasText: `Child ${id}` })
      .filter({ hasText: "Made by import" });
    await expect(child).toContainText(`Parent ${id}`);
    const grandchild = table.getByRole("row").filter({ hasText: `Grandchild ${id}` });
    await expect(grandchild).toContainText(`Child ${id}`);
    await expect(grandchild).toContainText("└");
  });
});

test.describe("a salesperson, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "salesperson" });

  test("sees the lists' downloads but no import", async ({ signedIn: { page } }) => {
    for (const list of ["/customers", "/categories"]) {
      await page.goto(list);
      await expect(page.getByRole("link", { name: "Export to Excel" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Export as CSV" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Import CSV" })).toHaveCount(0);
    }
    const response = await page.request.get("/reports/export?type=categories&format=csv");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toContain(`filename="Categories ${shopDay()}.csv"`);
    expect((await response.text()).split("\n")[0]).toBe("name,description,parent,productCount");
  });
});
