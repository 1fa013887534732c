import { createUser, expect, test } from "./fixtures";
import { soldUnit } from "./sold-units";

/**
 * A customer return at the counter, without JavaScript (issue #31): a salesperson registers a draft
 * from the order's page (the unit's guarantee has ended: the page says liability for defects may
 * still apply, and takes the claim), a manager completes it; the units follow.
 */
test("a salesperson registers a return from the order's page, a manager completes it (JavaScript off)", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const manager = await createUser(api, "manager");
  expect((await api.post("/api/auth/login", { data: manager })).status()).toBe(200);
  const { order, sold, inStock, customer } = await soldUnit(api, 0);

  const signedIn = async (user: { email: string; password: string }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const login = await page.request.post("/api/auth/login", { data: user });
    expect(login.status()).toBe(200);
    return page;
  };

  const clerk = await signedIn(await createUser(null, "salesperson"));
  await clerk.goto(`/orders/${order.id}`);
  await clerk.getByTestId("register-return").click();
  await expect(clerk).toHaveURL(new RegExp(`/returns/new\\?order=${order.id}$`));
  const line = clerk.getByTestId("return-line");
  await expect(line.getByTestId("guarantee-ended")).toHaveText(
    "Outside the guarantee: liability for defects may still apply",
  );
  // Saved without a unit ticked: nothing comes back, said on the page.
  await clerk.getByRole("button", { name: "Save draft" }).click();
  await expect(clerk.getByTestId("form-errors")).toContainText("Nothing comes back");
  await line.getByRole("checkbox").check();
  await line.getByLabel("Reason").selectOption("guarantee_claim");
  await line.getByLabel("Outcome").selectOption("replaced");
  await line.getByLabel("Replacement serials").fill(inStock.toLowerCase());
  await clerk.getByRole("button", { name: "Save draft" }).click();
  await expect(clerk).toHaveURL(/\/returns\/\d+$/);
  await expect(clerk.getByRole("status")).toContainText("registered as a draft");
  await expect(clerk.getByTestId("return-status")).toHaveText("Draft");
  // A salesperson drafts; completing is for admins and managers.
  await expect(clerk.getByTestId("return-moves")).toHaveCount(0);
  const address = clerk.url();

  const boss = await signedIn(manager);
  await boss.goto(address);
  await expect(boss.getByTestId("return-guarantees")).toContainText(sold);
  await boss.getByTestId("return-moves").getByRole("link", { name: "Complete return" }).click();
  await expect(boss.getByTestId("move-confirm")).toContainText(
    "Stock, the units and the customer's totals move now",
  );
  await boss.getByTestId("move-confirm").getByRole("button", { name: "Complete return" }).click();
  await expect(boss.getByRole("status")).toContainText("completed");
  await expect(boss.getByTestId("return-status")).toHaveText("Completed");
  await expect(boss.getByTestId("return-line-row")).toContainText(`replaced by ${inStock}`);

  const unit = async (serial: string) => (await (await api.get(`/api/serials?q=${serial}`)).json()).units[0];
  expect(await unit(sold)).toMatchObject({ state: "defective" });
  expect(await unit(inStock)).toMatchObject({ state: "sold" });
  // The customer's page lists the return.
  await boss.goto(`/customers/${customer.id}`);
  await expect(boss.getByTestId("customer-returns").getByTestId("return-row")).toHaveCount(1);
  await api.dispose();
});
