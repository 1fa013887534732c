import { createUser, expect, test, uniqueId } from "./fixtures";

test.describe("a manager with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, role: "manager" });

  test("creates, edits, searches and deletes a customer; a duplicate email is refused on the field", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const email = `aino.${id}@asiakas.test`;
    await page.goto("/customers");
    await page.getByRole("link", { name: "Add Customer" }).click();
    await page.locator("#customer-new-firstName").fill("Aino");
    await page.locator("#customer-new-lastName").fill(`Virtanen ${id}`);
    await page.locator("#customer-new-email").fill(email);
    await page.locator("#customer-new-customerType").selectOption("business");
    await page.locator("#customer-new-company").fill("Nordic Office Oy");
    await page.locator("#customer-new-vatNumber").fill("0112038-8");
    await page.locator("#customer-new-country").fill("Finland");
    await page.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("This business ID's check digit is wrong: check the number")).toBeVisible();
    await page.locator("#customer-new-vatNumber").fill("0112038-9");
    await page.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByTestId("toast")).toContainText("Customer created successfully");

    await page.getByRole("link", { name: "Add Customer" }).click();
    await page.locator("#customer-new-firstName").fill("Other");
    await page.locator("#customer-new-lastName").fill("Person");
    await page.locator("#customer-new-email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Create Customer" }).click();
    await expect(page.getByText("Another customer already has this email")).toBeVisible();

    await page.goto(`/customers?search=${id}`);
    const row = page.getByTestId("customer-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Business");
    await expect(row).toContainText("Regular");
    // The business ID typed is kept as the VAT number; the customer's page shows both.
    await row.getByRole("link", { name: `Aino Virtanen ${id}`, exact: true }).click();
    await expect(page.locator("main h1")).toHaveText(`Aino Virtanen ${id}`);
    await expect(page.getByTestId("customer-vat-number")).toHaveText("FI01120389");
    await expect(page.getByTestId("customer-business-id")).toHaveText("0112038-9");
    await page.goto(`/customers?search=${id}`);
    await row.getByRole("link", { name: /^Edit/ }).click();
    await page.locator("form[id^=customer-edit] [name=vipStatus]").selectOption("true");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Customer updated successfully");
    await page.goto(`/customers?search=${email}`);
    await expect(page.getByTestId("customer-row")).toContainText("VIP");

    await page
      .getByTestId("customer-row")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Customer deleted successfully");
    await page.goto(`/customers?search=${id}`);
    await expect(page.getByText("No customers found")).toBeVisible();
  });
});

test("bad customer input answers 400 or 409 with a message and stores nothing", async ({ request }) => {
  const user = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  const id = uniqueId();
  const bad = await request.post("/api/customers", {
    data: { firstName: "A", lastName: "B", email: `nope-${id}` },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors.email).toEqual(["Invalid email address"]);
  const checkDigit = await request.post("/api/customers", {
    data: {
      firstName: "A",
      lastName: "B",
      email: `check-${id}@asiakas.test`,
      customerType: "business",
      vatNumber: "FI12345678",
    },
  });
  expect(checkDigit.status()).toBe(400);
  expect((await checkDigit.json()).errors.vatNumber).toEqual([
    "This business ID's check digit is wrong: check the number",
  ]);
  const email = `dup-${id}@asiakas.test`;
  expect(
    (await request.post("/api/customers", { data: { firstName: "A", lastName: "B", email } })).status(),
  ).toBe(201);
  const dup = await request.post("/api/customers", { data: { firstName: "C", lastName: "D", email } });
  expect(dup.status()).toBe(409);
  expect(typeof (await dup.json()).message).toBe("string");
  const found = await (await request.get(`/api/customers?search=${id}`)).json();
  expect(found).toHaveLength(1);
});
