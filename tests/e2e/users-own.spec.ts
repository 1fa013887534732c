import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ role: "admin" });

/**
 * With JavaScript, waits for hydration (root marks `<html data-hydrated>`): the edit
 * dialog moves into a modal when it hydrates, and a value typed before that would be lost.
 */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin saves their own account on the users screen", async ({ signedIn: { page, user } }) => {
      const me = await (await page.request.get("/api/auth/user")).json();
      await page.goto(`/users/${me.id}/edit`);
      await hydrated(page, javaScriptEnabled);
      await page.locator("form[id^=user-edit] [name=firstName]").fill("Renamed");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("toast")).toContainText("User updated successfully");
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.getByTestId("user-name")).toHaveText(`Renamed ${user.lastName}`);
      expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({
        firstName: "Renamed",
        role: "admin",
        isActive: true,
      });
    });
  });
}
