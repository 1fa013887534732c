import { createUser, expect, signInQuickly, test } from "./fixtures";

const CASES = [
  { purchase: "80", vat: "true", selling: "100", profit: "€15.94", margin: "20.0%", category: "High" },
  { purchase: "80", vat: "false", selling: "100", profit: "-€0.32", margin: "-0.4%", category: "Low" },
  { purchase: "90", vat: "true", selling: "100", profit: "€7.97", margin: "10.0%", category: "Medium" },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the margin calculator with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "salesperson" });

    for (const c of CASES) {
      test(`purchase ${c.purchase} (${c.vat === "true" ? "incl." : "excl."} VAT), selling ${c.selling}: ${c.margin} ${c.category}`, async ({
        signedIn: { page },
      }) => {
        await page.goto("/margin-calculator");
        await page.locator("#purchasePrice").fill(c.purchase);
        await page.locator("#vatInclusive").selectOption(c.vat);
        await page.locator("#sellingPrice").fill(c.selling);
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Calculate" }).click();
        const result = page.getByTestId("margin-result");
        await expect(result.getByTestId("profit")).toHaveText(c.profit);
        await expect(result.getByTestId("margin-percentage")).toHaveText(c.margin);
        await expect(result.getByTestId("margin-category")).toHaveText(c.category);
      });
    }

    test("a selling price of 0 gives a validation message", async ({ signedIn: { page } }) => {
      await page.goto("/margin-calculator");
      await page.locator("#purchasePrice").fill("10");
      await page.locator("#sellingPrice").fill("0");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Calculate" }).click();
      await expect(page.getByText("The amount must be above zero")).toBeVisible();
    });

    test("a 15 % campaign discount shows the campaign price and its margin", async ({
      signedIn: { page },
    }) => {
      await page.goto("/margin-calculator");
      await page.locator("#purchasePrice").fill("80");
      await page.locator("#sellingPrice").fill("100");
      await page.locator("#discountValue").fill("15");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Calculate" }).click();
      const simulation = page.getByTestId("simulation-result");
      await expect(simulation.getByTestId("campaign-price")).toHaveText("€85.00");
      await expect(simulation.getByTestId("margin-percentage")).toHaveText("5.9%");
    });
  });
}

test("Calculate is disabled until both prices are entered", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "salesperson"));
  await page.goto("/margin-calculator");
  const calculate = page.getByRole("button", { name: "Calculate" });
  await expect(calculate).toBeDisabled();
  await page.locator("#purchasePrice").fill("10");
  await expect(calculate).toBeDisabled();
  await page.locator("#sellingPrice").fill("20");
  await expect(calculate).toBeEnabled();
});

test("POST /api/calculate-margin answers the margin and refuses bad input", async ({ request }) => {
  const user = await createUser(request, "salesperson");
  await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  const ok = await request.post("/api/calculate-margin", {
    data: { purchasePrice: "80", sellingPrice: "100", vatInclusive: true },
  });
  expect(await ok.json()).toEqual({
    profit: "15.94",
    marginPercentage: 20,
    marginCategory: "high",
    vatInclusive: true,
  });
  for (const data of [
    { purchasePrice: "80", sellingPrice: "0" },
    { purchasePrice: "80" },
    { purchasePrice: "x", sellingPrice: "1" },
  ]) {
    const response = await request.post("/api/calculate-margin", { data });
    expect(response.status()).toBe(400);
    expect(typeof (await response.json()).message).toBe("string");
  }
});

test("the margin bands read the same on the dashboard and in the calculator, in both languages", async ({
  page,
  request,
}) => {
  await signInQuickly(page, await createUser(request, "manager"));
  const bands = {
    en: ["Low: under 10 %", "Medium: 10 % to under 20 %", "High: 20 % or more"],
    fi: ["Matala: alle 10 %", "Keskitaso: 10 % – alle 20 %", "Hyvä: 20 % tai enemmän"],
  };
  for (const lng of ["en", "fi"] as const) {
    if (lng === "fi") {
      await page.goto("/");
      const saved = page.waitForResponse(
        (r) => r.url().includes("/language") && r.request().method() === "POST",
      );
      await page.locator("#language").selectOption("fi");
      await saved;
    }
    for (const path of ["/", "/margin-calculator"]) {
      await page.goto(path);
      for (const band of bands[lng])
        await expect(page.getByText(band, { exact: true }).first(), `${path} ${lng}`).toBeAttached();
    }
  }
});
