import { expect, test, uniqueId } from "./fixtures";

/**
 * Locations for a person without JavaScript (issue #32): a manager adds a store on /locations and
 * chooses it as their own on /account.
 */
test.describe("a manager without JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("adds a location and chooses it as their own on /account", async ({ signedIn: { page } }) => {
    const name = `Store ${uniqueId()}`;
    await page.goto("/locations");
    await page.getByRole("link", { name: "Add location" }).click();
    await expect(page).toHaveURL(/\/locations\/new$/);
    await page.locator("#location-new-name").fill(name);
    await page.locator("#location-new-kind").selectOption("store");
    await page.locator("#location-new-address").fill("Hämeenkatu 1, Tampere");
    await page.getByRole("button", { name: "Add location" }).click();
    await expect(page.getByTestId("toast")).toContainText("Location added");
    await expect(page.locator("main h1")).toHaveText(name);
    await expect(page.getByTestId("location-units")).toHaveText("0");

    await page.goto("/account");
    const choice = page.getByTestId("account-location");
    await choice.locator("select").selectOption({ label: name });
    await choice.getByRole("button", { name: "Change my location" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("toast")).toContainText("Your location is saved");
    await expect(choice.locator("select option:checked")).toHaveText(name);
    // The list shows it among the others, with the default flagged.
    await page.goto("/locations");
    await expect(page.locator(`[data-testid=location-row][data-name="${name}"]`)).toContainText("Store");
    await expect(page.getByTestId("location-default")).toHaveCount(1);
  });
});
