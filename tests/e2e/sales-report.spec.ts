import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { BASE_URL } from "../../playwright.config";
import { expect, test, uniqueId } from "./fixtures";

/**
 * The sales report (/reports/sales): an order confirmed today is in the table, the chart and the
 * download. Other tests sell today too, so the figures checked exactly are those of this test's
 * own brand (the report's brand breakdown); the day's and the file's totals are checked to hold it
 * and to add up.
 */

test.use({ role: "manager" });

/** Today in the shop's time zone, as the server decides it. */
function shopToday() {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Helsinki",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

const finnish = {
  name: "lng",
  value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
  url: BASE_URL,
};

/**
 * Sells two units of a product of a brand of its own (125.50 incl. 25.5 % VAT = 100.00 without,
 * bought at 60.00 without VAT) in an order confirmed today: sales 200.00, cost 120.00, margin
 * 80.00 = 40.0 %. A pending order of the same product is not a sale.
 */
async function sellToday(page: Page) {
  const brand = `Brand ${uniqueId()}`;
  const product = await page.request.post("/api/products", {
    data: {
      name: `Report speaker ${brand}`,
      sku: `REP-${uniqueId()}`,
      brand,
      purchasePrice: "60.00",
      vatInclusive: false,
      sellingPrice: "125.50",
      vatRate: "25.50",
      stockLevel: 20,
      supplier: "Supplier",
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const { id: productId } = await product.json();
  const order = async () => {
    const answer = await page.request.post("/api/orders", { data: { lines: [{ productId, quantity: 2 }] } });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()).id as number;
  };
  const sold = await order();
  const confirmed = await page.request.post(`/api/orders/${sold}/transition`, { data: { to: "confirmed" } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await order(); // pending: not counted
  return brand;
}

const text = async (locator: ReturnType<Page["locator"]>) =>
  ((await locator.textContent()) ?? "").replace(/\s/g, " ").trim();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an order confirmed today is in the table and the chart, in English and in Finnish", async ({
      signedIn: { page },
    }) => {
      const brand = await sellToday(page);
      const today = shopToday();
      await page.goto("/reports/sales");
      await expect(page.getByRole("heading", { name: "Sales over time" })).toBeVisible();
      // The filter form is a plain GET form: choose the brand breakdown and show.
      await page.locator("#sales-breakdown").selectOption("brand");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/breakdown=brand/);

      const row = page.getByTestId("sales-group-row").filter({ hasText: brand });
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute("data-period", today);
      expect(await text(row.getByTestId("sales-sales"))).toBe("€200.00");
      expect(await text(row.getByTestId("sales-margin"))).toBe("€80.00");
      expect(await text(row.getByTestId("sales-margin-percent"))).toBe("40.0%");
      expect(await text(row.getByTestId("sales-units"))).toBe("2");
      expect(await text(row.getByTestId("sales-orders"))).toBe("1");
      const day = page.locator(`[data-testid="sales-period-row"][data-period="${today}"]`);
      const euros = Number((await text(day.getByTestId("sales-sales"))).replace(/[^\d.]/g, ""));
      expect(euros).toBeGreaterThanOrEqual(200);
      await expect(page.getByTestId("sales-total-row")).toContainText("Total");

      // The chart is an image named by its title, with today's bar drawn.
      const chart = page.getByRole("img", { name: /^Sales and gross margin/ });
      await expect(chart).toBeVisible();
      const bar = chart.locator(`[data-testid="sales-chart-bar"][data-period="${today}"]`);
      expect(Number(await bar.locator("rect").getAttribute("height"))).toBeGreaterThan(0);
      await expect(bar.locator("title")).toContainText("sales €");
      await expect(chart.locator("[data-testid=sales-chart-margin]")).toBeAttached();
      await expect(chart.locator("text").filter({ hasText: /^€\d/ }).first()).toBeAttached();
      // Stock value over time has today's point.
      await expect(page.locator(`[data-testid="stock-value-row"][data-day="${today}"]`)).toHaveCount(1);

      await page.context().addCookies([finnish]);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Myynnin kehitys" })).toBeVisible();
      const rivi = page.getByTestId("sales-group-row").filter({ hasText: brand });
      expect(await text(rivi.getByTestId("sales-sales"))).toBe("200,00 €");
      expect(await text(rivi.getByTestId("sales-margin"))).toBe("80,00 €");
      expect(await text(rivi.getByTestId("sales-margin-percent"))).toBe("40,0 %");
      await expect(page.getByTestId("sales-total-row")).toContainText("Yhteensä");
      const kaavio = page.getByRole("img", { name: /^Myynti ja kate/ });
      await expect(kaavio).toBeVisible();
      await expect(kaavio.locator(`[data-period="${today}"] title`)).toContainText("myynti");
      // Axis labels in Finnish formats: "250 €" and "40 %".
      await expect(
        kaavio
          .locator("text")
          .filter({ hasText: /^\d[\d\s]*\s€$/ })
          .first(),
      ).toBeAttached();
      await expect(
        kaavio
          .locator("text")
          .filter({ hasText: /^-?\d+\s%$/ })
          .first(),
      ).toBeAttached();
      await expect(page.getByRole("img", { name: /^Varaston arvo/ })).toBeVisible();
    });

    test("the CSV download ends with a total line that adds up the rows", async ({ signedIn: { page } }) => {
      const brand = await sellToday(page);
      const today = shopToday();
      await page.goto("/reports/sales?breakdown=brand");
      const download = page.waitForEvent("download");
      await page.getByTestId("download-csv").click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Sales \d{4}-\d{2}-\d{2}–\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.suggestedFilename()).toContain(`–${today}.csv`);
      const body = Buffer.concat(await (await file.createReadStream()).toArray()).toString("utf8");
      const [header, ...rows] = parse(body) as string[][];
      expect(header).toEqual([
        "period",
        "brand",
        "salesExclVat",
        "costExclVat",
        "grossMargin",
        "marginPercent",
        "units",
        "orders",
      ]);
      expect(rows).toContainEqual([today, brand, "200.00", "120.00", "80.00", "40.0", "2", "1"]);
      const total = rows[rows.length - 1];
      expect(total[0]).toBe("Total");
      const cents = (value: string) => Math.round(Number(value) * 100);
      const sum = (column: number) => rows.slice(0, -1).reduce((acc, row) => acc + cents(row[column]), 0);
      expect(cents(total[2])).toBe(sum(2));
      expect(cents(total[3])).toBe(sum(3));
      expect(cents(total[2])).toBeGreaterThanOrEqual(20_000);
    });
  });
}

test("in Finnish the download is Excel's: BOM, semicolons, decimal commas and a Yhteensä line", async ({
  signedIn: { page },
}) => {
  const brand = await sellToday(page);
  await page.context().addCookies([finnish]);
  const answer = await page.request.get("/reports/sales/export?breakdown=brand");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-disposition"]).toContain(`filename*=UTF-8''Myynti%20`);
  const body = await answer.text();
  expect(body.startsWith("\uFEFFJakso;Merkki;Myynti (alv 0 %);")).toBe(true);
  const lines = body.trim().split("\r\n");
  expect(lines.find((line) => line.includes(brand))).toMatch(
    new RegExp(`^\\d{1,2}\\.\\d{1,2}\\.\\d{4};${brand};200,00;120,00;80,00;40,0;2;1$`),
  );
  expect(lines[lines.length - 1]).toMatch(/^Yhteensä;;\d+,\d{2};/);
});

test("filters that are not valid say so on the page and change nothing; the download answers 400", async ({
  signedIn: { page },
}) => {
  const response = await page.goto("/reports/sales?from=2026-02-30&to=2026-01-01&group=year");
  expect(response?.status()).toBe(200);
  const problems = page.getByTestId("sales-problems");
  await expect(problems).toContainText("Enter a real date, from the year 1900 on");
  await expect(problems).toContainText("Choose day, week or month");
  await expect(page.getByTestId("sales-chart")).toHaveCount(0);
  await expect(page.locator("#sales-group")).toHaveAttribute("aria-invalid", "true");
  await page.goto("/reports/sales?from=2026-11-10&to=2026-11-01");
  await expect(page.getByTestId("sales-problems")).toContainText("on or after the start date");
  const answer = await page.request.get("/reports/sales/export?from=2020-01-01&to=2026-01-01&group=day");
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("At most 400 days");
  expect((await page.request.get("/reports/sales/export?from=0000-01-01&group=month")).status()).toBe(400);
});

test("on a 390 px phone the page fits its width and shows the narrow chart, in Finnish", async ({
  signedIn: { page },
}) => {
  await sellToday(page);
  await page.context().addCookies([finnish]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/reports/sales?breakdown=category");
  const chart = page.getByRole("img", { name: /^Myynti ja kate/ });
  await expect(chart).toHaveCount(1);
  expect(await chart.getAttribute("viewBox")).toBe("0 0 400 260");
  expect((await chart.boundingBox())?.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole("img", { name: /^Varaston arvo/ })).toHaveAttribute("viewBox", "0 0 400 200");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
