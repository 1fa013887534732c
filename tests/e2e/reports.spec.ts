import { expect, test, uniqueId } from "./fixtures";

function parse(csv: string) {
  const [header, ...lines] = csv.trim().split("\n");
  return { header: header.split(","), lines };
}

test.describe("reports", () => {
  test.use({ role: "manager" });

  test("the low-stock report lists exactly the low-stock products, with the keys of a row as its header", async ({
    signedIn: { page },
  }) => {
    const response = await page.request.get("/reports/export?type=low-stock");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toContain('filename="Low Stock Products.csv"');
    const { header, lines } = parse(await response.text());
    expect(header).toEqual([
      "name",
      "sku",
      "brand",
      "category",
      "purchasePrice",
      "sellingPrice",
      "vatInclusive",
      "marginPercentage",
      "marginCategory",
      "stockLevel",
      "status",
      "supplier",
      "ean",
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
  });

  test("a bad report type or category answers 400", async ({ signedIn: { page } }) => {
    expect((await page.request.get("/reports/export?type=secret")).status()).toBe(400);
    expect((await page.request.get("/reports/export?type=products&category=abc")).status()).toBe(400);
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
        const download = page.waitForEvent("download");
        await page.getByRole("button", { name: "Export" }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe("Inventory Value.csv");
        const text = await (await file.createReadStream()).toArray();
        const { header, lines } = parse(Buffer.concat(text).toString("utf8"));
        expect(header).toEqual([
          "name",
          "sku",
          "brand",
          "category",
          "stockLevel",
          "sellingPrice",
          "inventoryValue",
        ]);
        for (const line of lines) expect(line).toContain(",Laptops,");
      });
    });
  }
});
