import type { APIRequestContext } from "@playwright/test";
import { createUser, expect, type Role, test, uniqueId } from "./fixtures";

async function signedInAs(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  role: Role,
) {
  const request = await playwright.request.newContext({ baseURL });
  const user = await createUser(request, role);
  const login = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  return request;
}

test.describe("the automation rules API", () => {
  test("a manager creates, reads, toggles, changes and deletes a rule", async ({ playwright, baseURL }) => {
    const manager = await signedInAs(playwright, baseURL as string, "manager");
    const name = `Reorder ${uniqueId()}`;
    const created = await manager.post("/api/automation-rules", {
      data: { name, type: "reorder", conditions: { stockBelow: 5 }, actions: { reorderQuantity: 12 } },
    });
    expect(created.status()).toBe(201);
    const rule = await created.json();
    expect(rule).toMatchObject({
      name,
      type: "reorder",
      isActive: true,
      conditions: { stockBelow: 5 },
      lastRun: null,
    });
    expect(rule.createdBy.name).toMatch(/^Manager /);

    const listed = await (await manager.get("/api/automation-rules")).json();
    expect(listed.map((r: { id: number }) => r.id)).toContain(rule.id);

    const off = await manager.patch(`/api/automation-rules/${rule.id}`, { data: { isActive: false } });
    expect(off.status()).toBe(200);
    expect(await off.json()).toMatchObject({ isActive: false, conditions: { stockBelow: 5 } });
    const changed = await manager.patch(`/api/automation-rules/${rule.id}`, {
      data: { conditions: { stockBelow: 3 } },
    });
    expect((await changed.json()).conditions).toEqual({ stockBelow: 3 });

    expect((await manager.delete(`/api/automation-rules/${rule.id}`)).status()).toBe(200);
    expect((await manager.get(`/api/automation-rules/${rule.id}`)).status()).toBe(404);
    expect((await manager.delete(`/api/automation-rules/${rule.id}`)).status()).toBe(404);
  });

  test("invalid JSON or a wrong field is refused with a message naming it, and nothing is stored", async ({
    playwright,
    baseURL,
  }) => {
    const manager = await signedInAs(playwright, baseURL as string, "manager");
    const name = `Broken ${uniqueId()}`;
    const cases: [object, string][] = [
      [{ conditions: "{stockBelow: 5" }, "conditions"],
      [{ conditions: { stockBelow: "five" } }, "conditions.stockBelow"],
      [{ conditions: { stokBelow: 5 } }, "conditions.stokBelow"],
      [{ conditions: { stockBelow: 5 }, actions: { sms: true } }, "actions.sms"],
    ];
    for (const [fields, field] of cases) {
      const answer = await manager.post("/api/automation-rules", {
        data: { name, type: "reorder", ...fields },
      });
      expect(answer.status(), field).toBe(400);
      const body = await answer.json();
      expect(body.message).toContain(`${field}:`);
      expect(Object.keys(body.errors)).toContain(field);
    }
    const malformed = await manager.post("/api/automation-rules", {
      headers: { "content-type": "application/json" },
      data: "{not json",
    });
    expect(malformed.status()).toBe(400);
    const all = await (await manager.get("/api/automation-rules")).json();
    expect(all.filter((r: { name: string }) => r.name === name)).toEqual([]);
  });

  test("a salesperson reads the rules but may not change them (403)", async ({ playwright, baseURL }) => {
    const manager = await signedInAs(playwright, baseURL as string, "manager");
    const rule = await (
      await manager.post("/api/automation-rules", {
        data: {
          name: `Kept ${uniqueId()}`,
          type: "price_update",
          conditions: { purchasePriceChangeAbove: 5 },
        },
      })
    ).json();
    const salesperson = await signedInAs(playwright, baseURL as string, "salesperson");
    expect((await salesperson.get("/api/automation-rules")).status()).toBe(200);
    const refused = [
      await salesperson.post("/api/automation-rules", {
        data: { name: "Mine", type: "reorder", conditions: { stockBelow: 5 } },
      }),
      await salesperson.patch(`/api/automation-rules/${rule.id}`, { data: { isActive: false } }),
      await salesperson.delete(`/api/automation-rules/${rule.id}`),
    ];
    expect(refused.map((r) => r.status())).toEqual([403, 403, 403]);
    expect((await (await manager.get(`/api/automation-rules/${rule.id}`)).json()).isActive).toBe(true);
  });
});

test.describe("the notification settings API", () => {
  test("each user reads and changes their own settings only", async ({ playwright, baseURL }) => {
    const anna = await signedInAs(playwright, baseURL as string, "manager");
    const ben = await signedInAs(playwright, baseURL as string, "salesperson");
    const annas = await (await anna.get("/api/notification-settings")).json();
    expect(annas.map((s: { type: string }) => s.type)).toEqual([
      "low_stock",
      "low_margin",
      "price_change",
      "campaign",
      "product_status",
      "daily_digest",
    ]);
    const lowStock = annas[0];
    expect(lowStock).toMatchObject({
      enabled: true,
      emailEnabled: false,
      smsEnabled: false,
      thresholdValue: 10,
    });

    const changed = await anna.patch(`/api/notification-settings/${lowStock.id}`, {
      data: { emailEnabled: true, thresholdValue: 4 },
    });
    expect(changed.status()).toBe(200);
    expect(await changed.json()).toMatchObject({ emailEnabled: true, thresholdValue: 4 });
    expect((await (await anna.get("/api/notification-settings")).json())[0]).toMatchObject({
      thresholdValue: 4,
    });

    // Not Ben's to change, nor to see.
    expect(
      (
        await ben.patch(`/api/notification-settings/${lowStock.id}`, { data: { emailEnabled: false } })
      ).status(),
    ).toBe(404);
    expect((await (await ben.get("/api/notification-settings")).json())[0]).toMatchObject({
      emailEnabled: false,
    });

    const bad = await anna.patch(`/api/notification-settings/${lowStock.id}`, {
      data: { thresholdValue: -1 },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("thresholdValue");
  });
});

test.describe("the notifications API", () => {
  test("lists the alert history, unread first filtered, and marks alerts read", async ({
    playwright,
    baseURL,
  }) => {
    const manager = await signedInAs(playwright, baseURL as string, "manager");
    const id = uniqueId().toUpperCase();
    const product = {
      name: `Bell Speaker ${id}`,
      sku: `BELL-${id}`,
      brand: "JBL",
      purchasePrice: "50.00",
      sellingPrice: "99.00",
      stockLevel: 40,
      supplier: "S",
    };
    const created = await (await manager.post("/api/products", { data: product })).json();
    await manager.put(`/api/products/${created.id}`, { data: { ...product, stockLevel: 8 } });

    const unread = await (await manager.get("/api/notifications?unread=true&limit=200")).json();
    const mine = unread.notifications.filter((n: { productId: number }) => n.productId === created.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: "low_stock",
      isRead: false,
      data: { stock: 8, sku: `BELL-${id}` },
    });
    expect(unread.total).toBeGreaterThanOrEqual(1);

    const marked = await manager.post("/api/notifications/read", { data: { ids: [mine[0].id] } });
    expect(await marked.json()).toEqual({ marked: 1 });
    const after = await (await manager.get("/api/notifications?limit=200")).json();
    expect(after.notifications.find((n: { id: number }) => n.id === mine[0].id).isRead).toBe(true);

    expect((await manager.get("/api/notifications?unread=maybe")).status()).toBe(400);
    expect((await manager.post("/api/notifications/read", { data: { ids: ["x"] } })).status()).toBe(400);
    // {"all": true} marks every alert of the shop read: other tests running at once need theirs
    // unread, so it is tested against a database of its own (alert.server.test.ts).
    expect((await manager.post("/api/notifications/read", { data: { all: "yes" } })).status()).toBe(400);
  });
});
