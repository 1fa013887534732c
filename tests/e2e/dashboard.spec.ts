import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, role: "manager" });

    // 7: under the shop's threshold of 10, above the demo's reorder rule (below 5), which would add its own.
    test("lowering a product's stock to 7 raises a low_stock alert; dismissing it removes it and the bell drops", async ({
      signedIn: { page },
    }) => {
      const id = uniqueId().toUpperCase();
      const product = {
        name: `Alert Speaker ${id}`,
        sku: `ALR-${id}`,
        brand: "JBL",
        purchasePrice: "50.00",
        sellingPrice: "99.00",
        stockLevel: 40,
        supplier: "S",
      };
      const created = await (await page.request.post("/api/products", { data: product })).json();

      const updated = await page.request.put(`/api/products/${created.id}`, {
        data: { ...product, stockLevel: 7 },
      });
      expect(updated.status()).toBe(200);
      await page.goto("/");
      const alert = page.getByTestId("alert").filter({ hasText: `Alert Speaker ${id}` });
      await expect(alert).toHaveCount(1);
      await expect(alert).toContainText("Low stock");
      await expect(alert).toContainText("7 in stock");
      await expect(page.getByTestId("alert-count")).toBeVisible();

      // With JavaScript the alert goes at once; the reload below must wait for the server's answer.
      const dismissed = page.waitForResponse((r) => r.request().method() === "POST");
      await alert.getByRole("button", { name: "Dismiss alert" }).click();
      await expect(alert).toHaveCount(0);
      await dismissed;
      await page.goto("/");
      await expect(page.getByTestId("alert").filter({ hasText: `Alert Speaker ${id}` })).toHaveCount(0);
      // Other tests raise alerts meanwhile: the bell must show the unread count as it is now.
      await expect
        .poll(async () => {
          await page.goto("/");
          const bell = (await page.getByTestId("alert-count").textContent()) ?? "0";
          const unread = (await (await page.request.get("/api/alerts?isRead=false")).json()).length;
          return bell === "99+" ? unread > 99 : Number(bell) === unread;
        })
        .toBe(true);
    });
  });
}

test("the dashboard's four figures are the API's figures, formatted", async ({ page, request }) => {
  await signInQuickly(page, await createUser(request, "salesperson"));
  // Other tests add products meanwhile: the page must show the figures as they are when it loads.
  await expect
    .poll(async () => {
      await page.goto("/");
      const shown = await Promise.all(
        ["stat-total", "stat-margin", "stat-low-stock", "stat-value"].map((id) =>
          page.getByTestId(id).textContent(),
        ),
      );
      const stats = await (await page.request.get("/api/dashboard/stats")).json();
      // In short: thousands (K), millions (M) or billions (B), one decimal.
      const value = Number(stats.inventoryValue);
      const [divisor, unit] = value >= 1e9 ? [1e9, "B"] : value >= 1e6 ? [1e6, "M"] : [1e3, "K"];
      const short = new Intl.NumberFormat("en-GB", {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(value / divisor);
      const expected = [
        new Intl.NumberFormat("en-GB").format(stats.totalProducts),
        `${stats.avgMargin.toFixed(1)}%`,
        String(stats.lowStockCount),
        `€${short}${unit}`,
      ];
      return JSON.stringify(shown) === JSON.stringify(expected);
    })
    .toBe(true);
  await expect(page.getByText("Welcome back! Here's what's happening with your inventory.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent Products" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Inventory value by category" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Products by margin" })).toBeVisible();
});

test("the alerts API lists unread alerts and DELETE dismisses one", async ({ request }) => {
  const user = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  const id = uniqueId().toUpperCase();
  await request.post("/api/products", {
    data: {
      name: `Cheap ${id}`,
      sku: `CHP-${id}`,
      brand: "B",
      purchasePrice: "99",
      sellingPrice: "100",
      stockLevel: 50,
      supplier: "S",
    },
  });
  const alerts = await (await request.get("/api/alerts?isRead=false")).json();
  const mine = alerts.find((a: { message: string }) => a.message.includes(`CHP-${id}`));
  expect(mine).toMatchObject({ type: "low_margin", isRead: false });
  expect(Object.keys(mine)).toEqual(
    expect.arrayContaining(["id", "type", "title", "message", "productId", "isRead"]),
  );
  expect((await request.delete(`/api/alerts/${mine.id}`)).status()).toBe(200);
  expect((await request.delete(`/api/alerts/${mine.id}`)).status()).toBe(404);
  expect((await request.get("/api/alerts?isRead=maybe")).status()).toBe(400);
});
