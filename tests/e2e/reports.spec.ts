import type { Download, Page } from "@playwright/test";
import { parse as parseCsv } from "csv-parse/sync";
import {
  type FileColumn,
  PRODUCT_COLUMNS,
  VALUE_WORDS,
  valueCode,
} from "../../app/models/report/file-columns";
import { documentChecker } from "./document-checker";
import { expect, test, uniqueId } from "./fixtures";

function parse(csv: string) {
  const [header, ...lines] = csv.trim().split("\n");
  return { header: header.split(","), lines };
}

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

/**
 * A cell of the Excel (Finnish) file as the standard file writes it: a code unwrapped from its
 * ="..." formula, a decimal comma made a point, a word made its code.
 */
function standardCell(column: FileColumn, cell: string) {
  if (column.kind === "code" && cell.startsWith('="')) return cell.slice(2, -1).replaceAll('""', '"');
  if (column.kind === "decimal") return cell.replace(",", ".");
  if (VALUE_WORDS[column.key]) return valueCode(column.key, cell);
  return cell;
}

/** A category of the test's own with three products, so that its report holds only these. */
async function categoryWithProducts(page: Page) {
  const id = uniqueId().toUpperCase();
  const category = await page.request.post("/api/categories", { data: { name: `Äänentoisto ${id}` } });
  expect(category.status(), await category.text()).toBe(201);
  const { id: categoryId, name } = (await category.json()) as { id: number; name: string };
  const products = [
    { name: `Kuulokkeet; "Pro" ${id}`, sku: `0${id}-A`, purchasePrice: "1234.50", sellingPrice: "1999.90" },
    {
      name: `Kaiutin ${id}`,
      sku: `0${id}-B`,
      purchasePrice: "10.01",
      sellingPrice: "10.50",
      vatInclusive: false,
      vatRate: "13.5",
      ean: "0012345678905",
      stockLevel: 3,
      status: "eol",
      // Sold under its net cost (9,25 without VAT): the manager confirms it.
      belowCostReason: "End-of-life speaker sold off",
    },
    { name: `Kaapeli ${id}`, sku: `0${id}-C`, purchasePrice: "0.99", sellingPrice: "4.90", stockLevel: 250 },
  ];
  for (const product of products) {
    const response = await page.request.post("/api/products", {
      data: { brand: "Äänimestari", supplier: "Tukku Oy", stockLevel: 7, ...product, categoryId },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return { categoryId, name, skus: products.map((p) => p.sku) };
}

test.describe("reports", () => {
  test.use({ role: "manager" });

  test("the low-stock report lists exactly the low-stock products, with the keys of a row as its header", async ({
    signedIn: { page },
  }) => {
    const response = await page.request.get("/reports/export?type=low-stock");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toMatch(
      /filename="Low Stock Products \d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, lines: all } = parse(await response.text());
    // The last line is the total line: "Total", the number of products, their units and values.
    const total = all[all.length - 1].split(",");
    const lines = all.slice(0, -1);
    expect(total[0]).toBe("Total");
    expect(Number(total[1])).toBe(lines.length);
    expect(header).toEqual([
      "name",
      "sku",
      "brand",
      "category",
      "purchasePrice",
      "sellingPrice",
      "vatInclusive",
      "vatRate",
      "marginPercentage",
      "marginCategory",
      "stockLevel",
      "status",
      "supplier",
      "ean",
      "unit",
      "netQuantity",
      "tracking",
      "guaranteeMonths",
      "inventoryValue",
      "valueAtCost",
    ]);
    const stock = header.indexOf("stockLevel");
    for (const line of lines.filter((l) => !l.includes('"')))
      expect(Number(line.split(",")[stock])).toBeLessThanOrEqual(10);
    expect(lines.length).toBeGreaterThan(0);
  });

  test("a cell that would run as a formula is neutralised", async ({ signedIn: { page } }) => {
    const id = uniqueId().toUpperCase();
    await page.request.post("/api/products", {
      data: {
        name: `=HYPERLINK("http://evil.example","${id}")`,
        sku: `FORMULA-${id}`,
        brand: "+Brand",
        purchasePrice: "1",
        sellingPrice: "2",
        supplier: "@Supplier",
      },
    });
    const csv = await (await page.request.get("/reports/export?type=products")).text();
    const line = csv.split("\n").find((l) => l.includes(`FORMULA-${id}`)) ?? "";
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""${id}"")"`);
    expect(line).toContain("'+Brand");
    expect(line).toContain("'@Supplier");
    // The Excel file keeps the SKU text with ="...": only a string literal, whatever it holds.
    const excel = await (await page.request.get("/reports/export?type=products&format=excel")).text();
    const cells = parseCsv(excel.split("\r\n").find((l) => l.includes(`FORMULA-${id}`)) ?? "", {
      delimiter: ";",
    })[0] as string[];
    expect(cells[0]).toBe(`'=HYPERLINK("http://evil.example","${id}")`);
    expect(cells[1]).toBe(`="FORMULA-${id}"`);
    expect(cells[2]).toBe("'+Brand");
  });

  test("a bad report type, category or format answers 400 with what to send", async ({
    signedIn: { page },
  }) => {
    expect((await page.request.get("/reports/export?type=secret")).status()).toBe(400);
    expect((await page.request.get("/reports/export?type=products&category=abc")).status()).toBe(400);
    const format = await page.request.get("/reports/export?type=products&format=xlsx");
    expect(format.status()).toBe(400);
    expect(await format.text()).toBe(
      "Unknown file format: choose excel (Excel, Finnish) or csv (CSV, standard).",
    );
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("the export form downloads the inventory value report of one category", async ({
        signedIn: { page },
      }) => {
        await page.goto("/reports");
        await expect(page.getByTestId("reports-products")).toBeVisible();
        // The accountant's figure beside the value at selling price: lower, since it excludes VAT and margin.
        const euros = async (testId: string) =>
          Number((await page.getByTestId(testId).textContent())?.replace(/[^\d.]/g, ""));
        expect(await euros("reports-value-at-cost")).toBeGreaterThan(0);
        expect(await euros("reports-value-at-cost")).toBeLessThan(await euros("reports-value"));
        await page.locator("#report-type").selectOption("inventory-value");
        await page.locator("#report-category").selectOption({ label: "\u2003Laptops" });
        // An English user's default is the standard CSV.
        await expect(page.locator("#report-format")).toHaveValue("csv");
        const download = page.waitForEvent("download");
        // The file is named for the shop's day when it was asked for (either side of midnight).
        const before = shopDay();
        await page.getByRole("button", { name: "Export" }).click();
        const file = await download;
        expect([`Inventory Value ${before}.csv`, `Inventory Value ${shopDay()}.csv`]).toContain(
          file.suggestedFilename(),
        );
        const { header, lines } = parse((await downloaded(file)).toString("utf8"));
        expect(header).toEqual([
          "name",
          "sku",
          "brand",
          "category",
          "stockLevel",
          "sellingPrice",
          "inventoryValue",
          "valueAtCost",
          "marginPercentage",
        ]);
        expect(lines[lines.length - 1]).toMatch(/^Total,\d+,/);
        for (const line of lines.slice(0, -1)) expect(line).toContain(",Laptops,");
      });

      test("in Finnish, the Excel export has the standard export's rows in Finnish", async ({
        signedIn: { page },
      }) => {
        const { categoryId, name, skus } = await categoryWithProducts(page);
        await page.request.post("/language", { form: { language: "fi", redirectTo: "/reports" } });
        await page.goto("/reports");
        await expect(page.getByRole("heading", { name: "Raportit ja vienti", level: 1 })).toBeVisible();
        // Each report's totals, in a table of its own.
        const totals = page.getByRole("table", { name: "Raporttien yhteissummat" });
        await expect(totals.getByTestId("report-totals")).toHaveCount(4);
        await expect(totals.getByRole("columnheader", { name: "Arvo ostohintaan (alv 0 %)" })).toBeVisible();

        await page.locator("#report-category").selectOption({ label: name });
        // A Finnish user's default is Excel (Finnish).
        await expect(page.locator("#report-format")).toHaveValue("excel");
        await expect(page.locator("#report-format option:checked")).toHaveText("Excel (suomi)");
        const download = page.waitForEvent("download");
        const before = shopDay();
        await page.getByRole("button", { name: "Vie", exact: true }).click();
        const file = await download;
        expect([`Tuoteluettelo ${before}.csv`, `Tuoteluettelo ${shopDay()}.csv`]).toContain(
          file.suggestedFilename(),
        );
        const bytes = await downloaded(file);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const excel = parseCsv(bytes, { bom: true, delimiter: ";" }) as string[][];
        expect(excel[0].slice(0, 6)).toEqual([
          "Nimi",
          "Tuotekoodi (SKU)",
          "Merkki",
          "Tuoteryhmä",
          "Ostohinta",
          "Myyntihinta",
        ]);
        expect(excel[0]).toEqual(PRODUCT_COLUMNS.map((c) => c.header.fi));
        const at = (row: string[], key: string) => row[PRODUCT_COLUMNS.findIndex((c) => c.key === key)];
        const first = excel.find((row) => at(row, "sku") === `="${skus[0]}"`) as string[];
        expect(at(first, "purchasePrice")).toBe("1234,50");
        expect(at(first, "vatInclusive")).toBe("kyllä");
        expect(at(first, "status")).toBe("Aktiivinen");
        expect(at(first, "vatRate")).toBe("25,5");
        expect(excel[excel.length - 1][0]).toBe("Yhteensä");

        // The same report for an English user: the standard CSV, by default.
        await page.request.post("/language", { form: { language: "en", redirectTo: "/reports" } });
        const response = await page.request.get(`/reports/export?type=products&category=${categoryId}`);
        expect(response.headers()["content-disposition"]).toMatch(
          /filename="Product List \d{4}-\d{2}-\d{2}\.csv"/,
        );
        const standard = parseCsv(await response.body()) as string[][];
        expect(standard[0]).toEqual(PRODUCT_COLUMNS.map((c) => c.key));
        const bySku = (rows: string[][]) =>
          new Map(rows.slice(1, -1).map((row) => [at(row, "sku"), row] as const));
        const asStandard = excel.map((row) => row.map((cell, i) => standardCell(PRODUCT_COLUMNS[i], cell)));
        expect([...bySku(standard).keys()].sort()).toEqual([...skus].sort());
        expect(bySku(asStandard)).toEqual(bySku(standard));
        // And the same totals: 3 products, 260 units.
        const standardTotal = standard[standard.length - 1];
        expect(standardTotal.slice(0, 2)).toEqual(["Total", "3"]);
        expect(at(standardTotal, "stockLevel")).toBe("260");
        expect(asStandard[asStandard.length - 1].slice(1)).toEqual(standardTotal.slice(1));
      });
    });
  }
  // Return figures (issue #31 item 7): the returns themselves and their figures are the integration
  // test's (returns-report.server.test.ts); here the page without JavaScript, the file and the API.
  test.describe("return figures, with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the page's form groups the figures; the file and the API give the same, the units shipped counted", async ({
      signedIn: { page },
    }) => {
      // Three units of a brand of the test's own, shipped today: sold units of the period.
      const brand = `Palautus ${uniqueId()}`;
      const made = await page.request.post("/api/products", {
        data: {
          name: `Return ${brand}`,
          sku: `RR-${uniqueId()}`,
          brand,
          purchasePrice: "10.00",
          sellingPrice: "19.90",
          stockLevel: 5,
          supplier: "Tukku Oy",
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      const order = await page.request.post("/api/orders", {
        data: { lines: [{ productId: (await made.json()).id, quantity: 3 }] },
      });
      const orderId = (await order.json()).id;
      for (const to of ["confirmed", "shipped"]) {
        const moved = await page.request.post(`/api/orders/${orderId}/transition`, { data: { to } });
        expect(moved.status(), await moved.text()).toBe(200);
      }

      await page.goto("/reports");
      await expect(page.getByTestId("returns-export")).toHaveAttribute("href", "/reports/returns/export");
      await page.getByTestId("reports-returns").click();
      await expect(page.getByRole("heading", { name: "Return figures" })).toBeVisible();
      await page.locator("#returns-by").selectOption("brand");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/by=brand/);
      await expect(page.getByTestId("returns-total-rate")).toHaveText(/^(\d+\.\d%|–)$/);
      await expect(page.getByTestId("returns-definition")).toContainText(
        "units sold are the quantities on the lines of orders shipped on the same days",
      );

      // The API, against its document: the units shipped today are in the total's sold units.
      const check = await documentChecker(page.request);
      const api = await check(
        "get",
        "/api/reports/returns",
        await page.request.get("/api/reports/returns?by=brand"),
        200,
      );
      expect(api).toMatchObject({ by: "brand", to: shopDay() });
      expect(api.total.soldUnits).toBeGreaterThanOrEqual(3);
      const refused = await check(
        "get",
        "/api/reports/returns",
        await page.request.get("/api/reports/returns?by=category&from=2026-02-30"),
        400,
      );
      expect(refused.errors).toEqual({
        from: ["Enter a real date, from the year 1900 on"],
        by: ["Choose by product, by brand, by supplier or by return reason"],
      });

      // The file: the API's figures, a row per brand with returns, then the total line.
      const csv = await page.request.get("/reports/returns/export?by=brand&format=csv");
      expect(csv.headers()["content-disposition"]).toMatch(
        /filename="Returns by brand \d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const rows = parseCsv(await csv.body()) as string[][];
      expect(rows[0]).toEqual([
        "brand",
        "returnedUnits",
        "sharePercent",
        "refunded",
        "soldUnits",
        "returnRatePercent",
      ]);
      expect(rows.length).toBe(api.rows.length + 2);
      const { total } = api;
      expect(rows[rows.length - 1]).toEqual([
        "Total",
        String(total.returnedUnits),
        total.sharePercent === null ? "" : total.sharePercent.toFixed(1),
        total.refunded,
        String(total.soldUnits),
        total.returnRatePercent === null ? "" : total.returnRatePercent.toFixed(1),
      ]);
      expect((await page.request.get("/reports/returns/export?by=year")).status()).toBe(400);

      // In Finnish: Excel's file by default, and the page fits a phone.
      await page.request.post("/language", { form: { language: "fi", redirectTo: "/reports" } });
      const excel = await (await page.request.get("/reports/returns/export?by=reason")).text();
      expect(
        excel.startsWith(
          "\uFEFFPalautuksen syy;Palautetut kappaleet;Osuus palautuksista %;Hyvitetty (sis. ALV)\r\n",
        ),
      ).toBe(true);
      expect(excel.trimEnd().split("\r\n").at(-1)).toMatch(/^Yhteensä;\d+;[\d,]*;\d+,\d{2}$/);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/reports/returns?by=supplier");
      await expect(page.getByRole("heading", { name: "Palautusraportti" })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Palautusprosentti" })).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});
