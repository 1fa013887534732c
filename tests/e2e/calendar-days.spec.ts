import { expect, test } from "./fixtures";

/**
 * Days at PostgreSQL's edge (it has no year 0) and at ours (from 1900, app/models/calendar-day.ts),
 * wherever a day is taken: a write refuses one with the field named and changes nothing, a list
 * filter ignores one. None answers 500.
 */
const EDGE_DAYS = ["0000-01-01", "0001-01-01", "1899-12-31", "10000-01-01", "2026-02-29"];

test.describe("days at the edge of the calendar", () => {
  test.use({ role: "admin" });

  test("list filters ignore them; writes refuse them naming the field", async ({ signedIn: { page } }) => {
    const api = page.request;
    for (const day of EDGE_DAYS) {
      for (const url of [
        `/orders?from=${day}&to=${day}`,
        `/quotes?from=${day}`,
        `/audit?from=${day}&to=${day}`,
      ]) {
        const answer = await api.get(url, { maxRedirects: 0 });
        expect(answer.status(), url).toBe(200);
      }
      for (const url of [`/api/orders?from=${day}`, `/api/quotes?to=${day}`, `/reports/sales?from=${day}`]) {
        const answer = await api.get(url, { maxRedirects: 0 });
        expect([200, 400], `${url}: ${answer.status()}`).toContain(answer.status());
      }

      const quote = await api.post("/api/quotes", { data: { validUntil: day } });
      expect(quote.status(), `quote ${day}`).toBe(400);
      expect((await quote.json()).errors).toHaveProperty("validUntil");
      const order = await api.post("/api/purchase-orders", { data: { supplierId: 1, expectedDate: day } });
      expect(order.status(), `purchase order ${day}`).toBe(400);
      expect((await order.json()).errors).toHaveProperty("expectedDate");
      const campaign = await api.post("/api/campaigns", {
        data: {
          name: `Edge ${day}`,
          discountType: "percentage",
          discountValue: "10",
          startDate: day,
          endDate: day,
        },
      });
      expect(campaign.status(), `campaign ${day}`).toBe(400);
      expect((await campaign.json()).errors).toHaveProperty("startDate");
    }
  });

  test("an open purchase order's Delivery card refuses them and keeps its day", async ({
    signedIn: { page },
  }) => {
    const api = page.request;
    const product = await (await api.get("/api/products?limit=1")).json();
    const { id, supplierId } = product.products[0];
    const created = await api.post("/api/purchase-orders", {
      data: { supplierId, lines: [{ productId: id, quantity: 1 }] },
    });
    expect(created.status()).toBe(201);
    const order = await created.json();
    expect(
      (await api.post(`/api/purchase-orders/${order.id}/transition`, { data: { to: "sent" } })).status(),
    ).toBe(200);
    for (const day of EDGE_DAYS) {
      const posted = await api.post(`/purchasing/${order.id}`, {
        form: { intent: "reschedule", expectedDate: day, note: "" },
        maxRedirects: 0,
      });
      expect(posted.status(), day).toBe(400);
      const patched = await api.patch(`/api/purchase-orders/${order.id}`, { data: { expectedDate: day } });
      expect(patched.status(), day).toBe(400);
    }
    expect((await (await api.get(`/api/purchase-orders/${order.id}`)).json()).expectedDate).toBe(
      order.expectedDate,
    );
  });
});
