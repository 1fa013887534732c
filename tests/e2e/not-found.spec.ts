import { BASE_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";

/** A missing record is told by name inside the app, with the sidebar and a way back. */

const MISSING: [string, string, string, string][] = [
  ["/products/999999", "Product not found", "Tuotetta ei löytynyt", "/products"],
  ["/products/999999/edit", "Product not found", "Tuotetta ei löytynyt", "/products"],
  ["/products/999999/delete", "Product not found", "Tuotetta ei löytynyt", "/products"],
  ["/customers/999999/edit", "Customer not found", "Asiakasta ei löytynyt", "/customers"],
  ["/campaigns/999999", "Campaign not found", "Kampanjaa ei löytynyt", "/campaigns"],
  ["/campaigns/999999/edit", "Campaign not found", "Kampanjaa ei löytynyt", "/campaigns"],
  ["/categories/999999/edit", "Category not found", "Tuoteryhmää ei löytynyt", "/categories"],
  ["/users/999999/edit", "User not found", "Käyttäjää ei löytynyt", "/users"],
];

test.use({ role: "admin" });

/** The `lng` cookie as the server writes it (a Remix cookie: base64 JSON, URL-encoded). */
function languageCookieValue(lng: string) {
  return encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a missing record says which, inside the shell, in English and Finnish, with status 404", async ({
      signedIn: { page },
    }) => {
      for (const lng of ["en", "fi"] as const) {
        await page.context().addCookies([{ name: "lng", value: languageCookieValue(lng), url: BASE_URL }]);
        for (const [path, en, fi, back] of MISSING) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(404);
          await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(lng === "en" ? en : fi);
          await expect(
            page.getByRole("navigation", { name: lng === "en" ? "Main navigation" : "Päävalikko" }),
          ).toBeVisible();
          await expect(page.getByTestId("screen-error").getByRole("link")).toHaveAttribute("href", back);
        }
      }
    });
  });
}

test("an unknown path keeps the plain 404 page", async ({ signedIn: { page } }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByTestId("screen-error")).toHaveCount(0);
});
