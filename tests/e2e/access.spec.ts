import { createUser, expect, signInQuickly, test } from "./fixtures";

const GATED_PAGES = [
  "/products",
  "/margin-calculator",
  "/inventory",
  "/campaigns",
  "/customers",
  "/barcode-scanner",
  "/notifications",
  "/reports",
  "/categories",
  "/users",
];

const GATED_API = [
  ["GET", "/api/auth/user"],
  ["GET", "/api/products"],
  ["POST", "/api/products"],
  ["GET", "/api/products/1"],
  ["PUT", "/api/products/1"],
  ["DELETE", "/api/products/1"],
  ["GET", "/api/categories"],
  ["POST", "/api/categories"],
  ["POST", "/api/calculate-margin"],
  ["GET", "/api/dashboard/stats"],
  ["GET", "/api/inventory/low-stock"],
  ["GET", "/api/inventory/low-margin"],
  ["GET", "/api/alerts?isRead=false"],
  ["DELETE", "/api/alerts/1"],
  ["GET", "/api/notifications?unread=true"],
  ["POST", "/api/notifications/read"],
  ["GET", "/api/notification-settings"],
  ["PATCH", "/api/notification-settings/1"],
  ["GET", "/api/automation-rules"],
  ["POST", "/api/automation-rules"],
  ["GET", "/api/automation-rules/1"],
  ["PATCH", "/api/automation-rules/1"],
  ["DELETE", "/api/automation-rules/1"],
  ["GET", "/api/campaigns"],
  ["POST", "/api/campaigns"],
  ["PATCH", "/api/campaigns/1"],
  ["DELETE", "/api/campaigns/1"],
  ["GET", "/api/campaigns/1/products"],
  ["POST", "/api/campaigns/1/products"],
  ["DELETE", "/api/campaigns/1/products/1"],
  ["GET", "/api/customers"],
  ["POST", "/api/customers"],
  ["PATCH", "/api/customers/1"],
  ["DELETE", "/api/customers/1"],
  ["GET", "/api/users"],
  ["POST", "/api/users"],
  ["PUT", "/api/users/1"],
  ["DELETE", "/api/users/1"],
  ["PATCH", "/api/categories/1"],
  ["DELETE", "/api/categories/1"],
] as const;

test("every gated page sends a visitor to the sign-in page with the Unauthorized toast", async ({ page }) => {
  for (const path of GATED_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}`));
    await expect(page.getByTestId("toast"), path).toContainText("Unauthorized");
  }
});

test("every gated API route answers a visitor 401 with a JSON message", async ({ request }) => {
  for (const [method, path] of GATED_API) {
    const response = await request.fetch(path, { method, data: method === "GET" ? undefined : {} });
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect(await response.json(), `${method} ${path}`).toEqual({ message: "Unauthorized" });
  }
});

test("an unknown API path answers 404 JSON", async ({ request }) => {
  const response = await request.get("/api/no-such-thing");
  expect(response.status()).toBe(404);
  expect(await response.json()).toHaveProperty("message");
});

test("an unknown page answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("a salesperson sees no User Management and is turned away from /users", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "salesperson"));
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "User Management" })).toHaveCount(0);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("Access Denied");
  await expect(page.getByTestId("toast")).toContainText("Only administrators can access user management.");
});

test("an admin sees User Management and can open it; the current link is highlighted", async ({
  page,
  request,
}) => {
  await signInQuickly(page, await createUser(request, "admin"));
  await page.goto("/");
  await page.getByRole("link", { name: "User Management" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("link", { name: "User Management" })).toHaveAttribute("aria-current", "page");
});

test("the top-bar search opens the product list searched", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "salesperson"));
  await page.goto("/");
  await page.locator("#global-search").fill("lenovo");
  await page.locator("#global-search").press("Enter");
  await expect(page).toHaveURL(/\/products\?search=lenovo/);
});
