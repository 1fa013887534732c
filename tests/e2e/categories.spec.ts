import type { Page } from "@playwright/test";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/** The table row whose Name cell holds this text. */
const row = (page: Page, name: string) =>
  page.getByTestId("category-row").filter({ has: page.locator("td:first-child", { hasText: name }) });

async function createByApi(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/categories", { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string; version: number };
}

for (const javaScriptEnabled of [true, false]) {
  const js = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;

  test.describe(`a manager with ${js}`, () => {
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
      await page.locator("#category-new-description").fill("Flying cameras");
      await page.locator("#category-new-parentId").selectOption({ label: `Gadgets ${id}` });
      await page.getByRole("button", { name: "Create Category" }).click();
      await expect(page.getByTestId("toast")).toContainText("Category created successfully");

      const child = row(page, `Drones ${id}`);
      await expect(child).toHaveAttribute("data-depth", "1");
      await expect(child.locator("td").nth(1)).toHaveText("Flying cameras");
      await expect(child.locator("td").nth(2)).toHaveText(`Gadgets ${id}`);
      await expect(row(page, `Gadgets ${id}`).locator("td").nth(2)).toHaveText("—");

      await child.getByRole("link", { name: /^Edit/ }).click();
      // The edit form offers no parent under the category itself.
      const parentOptions = page.locator("form[id^=category-edit] [name=parentId] option");
      await expect(parentOptions.filter({ hasText: `Gadgets ${id}` })).toHaveCount(1);
      await expect(parentOptions.filter({ hasText: `Drones ${id}` })).toHaveCount(0);
      await page.locator("form[id^=category-edit] [name=name]").fill(`Camera drones ${id}`);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("toast")).toContainText("Category updated successfully");
      const renamed = row(page, `Camera drones ${id}`);
      await expect(renamed).toHaveCount(1);
      await expect(renamed.locator("td").nth(2)).toHaveText(`Gadgets ${id}`);
      // A manager may not delete.
      await expect(page.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
    });

    test("an empty name is refused on the form", async ({ signedIn: { page } }) => {
      await page.goto("/categories/new");
      // Spaces pass the browser's own required check; the schema (in the browser with JavaScript,
      // on the server without) refuses them.
      await page.locator("#category-new-name").fill("   ");
      await page.getByRole("button", { name: "Create Category" }).click();
      await expect(page.getByText("Enter a name for the category")).toBeVisible();
      await expect(page).toHaveURL(/\/categories\/new$/);
    });
  });

  test.describe(`an admin with ${js}`, () => {
    test.use({ javaScriptEnabled, role: "admin" });

    test("cannot delete a parent that has children, and deletes a leaf after confirming", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId();
      const parent = await createByApi(page, { name: `Parent ${id}` });
      await createByApi(page, { name: `Leaf ${id}`, parentId: parent.id });
      await page.goto("/categories");
      await page.getByRole("link", { name: `Delete: Parent ${id}` }).click();
      await expect(page.getByText("Are you sure you want to delete this category?")).toBeVisible();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByTestId("toast")).toContainText(
        "This category has subcategories: move or delete them first.",
      );
      await expect(row(page, `Parent ${id}`)).toHaveCount(1);

      // Cancel leaves it alone.
      await page.getByRole("link", { name: `Delete: Leaf ${id}` }).click();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/categories$/);
      await expect(row(page, `Leaf ${id}`)).toHaveCount(1);

      await page.getByRole("link", { name: `Delete: Leaf ${id}` }).click();
      await expect(page.getByText("Are you sure you want to delete this category?")).toBeVisible();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByTestId("toast")).toContainText("Category deleted successfully");
      await expect(row(page, `Leaf ${id}`)).toHaveCount(0);
    });
  });
}

test.describe("an admin", () => {
  test.use({ role: "admin" });

  test("cannot delete a category that has products", async ({ signedIn: { page } }) => {
    const id = uniqueId();
    const category = await createByApi(page, { name: `Stocked ${id}` });
    const product = await page.request.post("/api/products", {
      data: {
        name: `Product ${id}`,
        sku: `CAT-${id}`,
        brand: "Brand",
        categoryId: category.id,
        purchasePrice: "10.00",
        sellingPrice: "19.90",
        supplier: "Supplier",
      },
    });
    expect(product.status(), await product.text()).toBe(201);
    await page.goto(`/categories/${category.id}/delete`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "This category has products: move them to another category first.",
    );
    await expect(row(page, `Stocked ${id}`).locator("td").nth(3)).toHaveText("1");
    const refused = await page.request.delete(`/api/categories/${category.id}`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toContain("has products");
  });

  test("the API refuses a cycle and a stale version, keeps fields a PATCH leaves out, deletes", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const top = await createByApi(page, { name: `Top ${id}`, description: "Kept" });
    const sub = await createByApi(page, { name: `Sub ${id}`, parentId: top.id });

    const moved = await page.request.patch(`/api/categories/${top.id}`, { data: { parentId: sub.id } });
    expect(moved.status()).toBe(409);
    expect((await moved.json()).message).toMatch(/under itself/);
    const self = await page.request.patch(`/api/categories/${top.id}`, { data: { parentId: top.id } });
    expect(self.status()).toBe(409);

    const renamed = await page.request.patch(`/api/categories/${top.id}`, {
      data: { name: `Top renamed ${id}`, version: top.version },
    });
    expect(renamed.status()).toBe(200);
    expect(await renamed.json()).toMatchObject({
      name: `Top renamed ${id}`,
      description: "Kept",
      parentId: null,
      version: top.version + 1,
    });
    const stale = await page.request.patch(`/api/categories/${top.id}`, {
      data: { name: "Overwritten", version: top.version },
    });
    expect(stale.status()).toBe(409);
    expect((await (await page.request.get(`/api/categories/${top.id}`)).json()).name).toBe(
      `Top renamed ${id}`,
    );

    const list = await (await page.request.get("/api/categories")).json();
    const listed = list.find((c: { id: number }) => c.id === sub.id);
    expect(listed).toMatchObject({ parentId: top.id, parentName: `Top renamed ${id}`, depth: 1 });
    expect(listed).toHaveProperty("productCount", 0);

    const deleted = await page.request.delete(`/api/categories/${sub.id}`);
    expect(deleted.status()).toBe(200);
    expect((await deleted.json()).message).toBe("Category deleted successfully");
    expect((await page.request.get(`/api/categories/${sub.id}`)).status()).toBe(404);
    expect((await page.request.delete(`/api/categories/${sub.id}`)).status()).toBe(404);
  });

  test("an edit form posted with a parent below the category shows the error", async ({
    signedIn: { page },
  }) => {
    const id = uniqueId();
    const top = await createByApi(page, { name: `Loop ${id}` });
    const sub = await createByApi(page, { name: `Loop child ${id}`, parentId: top.id });
    const response = await page.request.post(`/categories/${top.id}/edit`, {
      form: { name: `Loop ${id}`, description: "", parentId: String(sub.id), version: String(top.version) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("cannot be placed under itself");
  });
});

test("a salesperson sees no Add, Edit or Delete, and the API answers 403; a visitor 401", async ({
  page,
  request,
}) => {
  expect((await request.post("/api/categories", { data: { name: "Nope" } })).status()).toBe(401);
  expect((await request.get("/api/categories")).status()).toBe(401);
  await signInQuickly(page, await createUser(request, "salesperson"));
  await page.goto("/categories");
  await expect(page.getByTestId("category-row").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Category" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
  expect((await page.request.get("/api/categories")).status()).toBe(200);
  expect((await page.request.post("/api/categories", { data: { name: "Nope" } })).status()).toBe(403);
  expect((await page.request.patch("/api/categories/1", { data: { name: "Nope" } })).status()).toBe(403);
  expect((await page.request.delete("/api/categories/1")).status()).toBe(403);
  // The dialog routes are guarded too, not only hidden.
  await page.goto("/categories/new");
  await expect(page).not.toHaveURL(/\/categories\/new/);
});

test("bad category input answers 400 with a message; odd ids 404 and other methods 405", async ({
  request,
}) => {
  const user = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  for (const data of [
    {},
    { name: "   " },
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
  expect(typeof (await malformed.json()).message).toBe("string");

  const hundred = await request.post("/api/categories", { data: { name: "x".repeat(100) } });
  expect(hundred.status()).toBe(201);

  for (const path of ["/api/categories/abc", "/api/categories/1.5", "/api/categories/99999999"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect((await response.json()).message).toBe("Category not found");
  }
  expect((await request.put("/api/categories/1", { data: { name: "A" } })).status()).toBe(405);
  expect((await request.put("/api/categories", { data: { name: "A" } })).status()).toBe(405);
});
