import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a manager with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    test("creates a category and a child, sees it indented under its parent, renames it", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId();
      await page.goto("/categories");
      await page.getByRole("link", { name: "Add Category" }).click();
      await page.locator("#category-new-name").fill(`Gadgets ${id}`);
      await page.getByRole("button", { name: "Create Category" }).click();
      await expect(page.getByTestId("toast")).toContainText("Category created successfully");

      await page.getByRole("link", { name: "Add Category" }).click();
      await page.locator("#category-new-name").fill(`Drones ${id}`);
      await page.locator("#category-new-parentId").selectOption({ label: `Gadgets ${id}` });
      await page.getByRole("button", { name: "Create Category" }).click();
      await expect(page.getByTestId("toast")).toContainText("Category created successfully");

      const child = page.getByTestId("category-row").filter({ hasText: `Drones ${id}` });
      await expect(child).toHaveAttribute("data-depth", "1");
      await expect(child.locator("td").nth(2)).toHaveText(`Gadgets ${id}`);

      await child.getByRole("link", { name: /^Edit/ }).click();
      await page.locator("form[id^=category-edit] [name=name]").fill(`Camera drones ${id}`);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("toast")).toContainText("Category updated successfully");
      await expect(page.getByTestId("category-row").filter({ hasText: `Camera drones ${id}` })).toHaveCount(
        1,
      );
      // A manager may not delete.
      await expect(page.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
    });
  });
}

test.describe("an admin", () => {
  test.use({ role: "admin" });

  test("cannot delete a parent that has children, and deletes a leaf after confirming", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const parent = await (
      await page.request.post("/api/categories", { data: { name: `Parent ${id}` } })
    ).json();
    await page.request.post("/api/categories", { data: { name: `Leaf ${id}`, parentId: parent.id } });
    await page.goto("/categories");
    await page.getByRole("link", { name: `Delete: Parent ${id}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("This category has subcategories");
    const named = (name: string) =>
      page.getByTestId("category-row").filter({ has: page.locator("td:first-child", { hasText: name }) });
    await expect(named(`Parent ${id}`)).toHaveCount(1);

    await page.getByRole("link", { name: `Delete: Leaf ${id}` }).click();
    await expect(page.getByText("Are you sure you want to delete this category?")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Category deleted successfully");
    await expect(named(`Leaf ${id}`)).toHaveCount(0);
  });

  test("a cycle is refused by the API", async ({ signedIn: { page } }) => {
    const id = uniqueId();
    const top = await (await page.request.post("/api/categories", { data: { name: `Top ${id}` } })).json();
    const sub = await (
      await page.request.post("/api/categories", { data: { name: `Sub ${id}`, parentId: top.id } })
    ).json();
    const moved = await page.request.patch(`/api/categories/${top.id}`, { data: { parentId: sub.id } });
    expect(moved.status()).toBe(409);
    expect(typeof (await moved.json()).message).toBe("string");
  });
});

test("a salesperson sees no Add, Edit or Delete, and the API answers 403; a visitor 401", async ({
  page,
  request,
}) => {
  expect((await request.post("/api/categories", { data: { name: "Nope" } })).status()).toBe(401);
  await signInQuickly(page, await createUser(request, "salesperson"));
  await page.goto("/categories");
  await expect(page.getByTestId("category-row").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Category" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  expect((await page.request.post("/api/categories", { data: { name: "Nope" } })).status()).toBe(403);
  expect((await page.request.delete("/api/categories/1")).status()).toBe(403);
});

test("bad category input answers 400 with a message", async ({ request }) => {
  const user = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  for (const data of [
    {},
    { name: "x".repeat(101) },
    { name: "A", parentId: "abc" },
    { name: "A", parentId: 999999 },
  ]) {
    const response = await request.post("/api/categories", { data });
    expect(response.status(), JSON.stringify(data).slice(0, 40)).toBe(400);
    expect(typeof (await response.json()).message).toBe("string");
  }
  const malformed = await request.post("/api/categories", {
    data: Buffer.from("{"),
    headers: { "Content-Type": "application/json" },
  });
  expect(malformed.status()).toBe(400);
});
