import type { APIRequestContext } from "@playwright/test";
import { documentChecker } from "./document-checker";
import { createUser, expect, type Role, test, uniqueId } from "./fixtures";

/**
 * The purchase orders API over real HTTP (issue #15 item 4): a draft changed, sent, received in
 * two receipts at a new cost, refusals with their statuses, who may do what; every answer checked
 * against the OpenAPI document's schema for its status.
 */

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

async function product(api: APIRequestContext, fields: Record<string, unknown>) {
  const id = uniqueId();
  const answer = await api.post("/api/products", {
    data: { name: `API purchase ${id}`, sku: `APIPUR-${id}`, brand: "Brand", ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return answer.json();
}

test.describe("the purchase orders API", () => {
  test("a manager drafts, changes, sends and receives an order in two receipts; a new cost reprices the product and raises a low-margin alert", async ({
    playwright,
    baseURL,
  }) => {
    const api = await signedInAs(playwright, baseURL as string, "manager");
    const check = await documentChecker(api);
    const supplierName = `API supplier ${uniqueId()}`;
    // 25.10 with VAT is 20.00 without; sold at 35.00 the margin is 28.3 %.
    const item = await product(api, {
      supplier: supplierName,
      purchasePrice: "25.10",
      sellingPrice: "35.00",
      stockLevel: 2,
    });
    const extra = await product(api, {
      supplier: supplierName,
      purchasePrice: "8.00",
      sellingPrice: "15.00",
      vatInclusive: false,
      vatRate: "13.5",
      stockLevel: 0,
    });

    const draft = await check(
      "post",
      "/api/purchase-orders",
      await api.post("/api/purchase-orders", {
        data: { supplierId: item.supplierId, lines: [{ productId: item.id, quantity: 10 }] },
      }),
      201,
    );
    expect(draft).toMatchObject({
      status: "draft",
      supplier: { id: item.supplierId, name: supplierName, email: null },
      subtotal: "200.00",
      taxAmount: "51.00",
      totalAmount: "251.00",
      lines: [
        { productId: item.id, quantityOrdered: 10, quantityReceived: 0, unitCost: "20.00", vatRate: "25.50" },
      ],
    });
    expect(draft.number).toMatch(/^PO-\d{4}-\d{6}$/);
    // Delivered into the manager's work location (issue #32): none of their own, the default one.
    expect(draft.location).toEqual({ id: expect.any(Number), name: expect.any(String), address: null });
    const path = `/api/purchase-orders/${draft.id}`;
    const nowhere = await check(
      "patch",
      "/api/purchase-orders/{id}",
      await api.patch(path, { data: { locationId: 2147480000 } }),
      400,
    );
    expect(nowhere.errors).toHaveProperty("locationId");

    // A draft's note and lines change (lines sent replace all lines).
    const changed = await check(
      "patch",
      "/api/purchase-orders/{id}",
      await api.patch(path, {
        data: {
          note: "Ring the bell",
          version: draft.version,
          lines: [
            { productId: item.id, quantity: 10 },
            { productId: extra.id, quantity: 3, unitCost: "7.50" },
          ],
        },
      }),
      200,
    );
    // 200.00 at 25.5 % (51.00) and 22.50 at 13.5 % (3.0375 -> 3.04).
    expect(changed).toMatchObject({ note: "Ring the bell", subtotal: "222.50", taxAmount: "54.04" });
    expect(changed.vatBreakdown).toEqual([
      { rate: "25.50", net: "200.00", vat: "51.00", gross: "251.00" },
      { rate: "13.50", net: "22.50", vat: "3.04", gross: "25.54" },
    ]);
    const stale = await api.patch(path, { data: { note: "Old", version: draft.version } });
    await check("patch", "/api/purchase-orders/{id}", stale, 409);

    // Receiving a draft, or closing it, is refused.
    const [line, extraLine] = changed.lines;
    await check(
      "post",
      "/api/purchase-orders/{id}/receive",
      await api.post(`${path}/receive`, { data: { lines: [{ lineId: line.id, quantity: 1 }] } }),
      409,
    );
    await check(
      "post",
      "/api/purchase-orders/{id}/transition",
      await api.post(`${path}/transition`, { data: { to: "received" } }),
      409,
    );

    const sent = await check(
      "post",
      "/api/purchase-orders/{id}/transition",
      await api.post(`${path}/transition`, { data: { to: "sent" } }),
      200,
    );
    // The supplier has no address: marked sent without an e-mail.
    expect(sent).toMatchObject({ status: "sent", sentTo: null, emailStatus: null });
    expect(sent.sentAt).not.toBeNull();
    // Sent: its note and expected day still change (the supplier moves a delivery), its lines do not.
    expect(
      await check(
        "patch",
        "/api/purchase-orders/{id}",
        await api.patch(path, { data: { note: "Late" } }),
        200,
      ),
    ).toMatchObject({ status: "sent", note: "Late" });
    await check(
      "patch",
      "/api/purchase-orders/{id}",
      await api.patch(path, { data: { lines: [{ productId: line.productId, quantity: 1 }] } }),
      409,
    );

    // 8 of 10 come in: partially received, the stock 8 higher.
    const partly = await check(
      "post",
      "/api/purchase-orders/{id}/receive",
      await api.post(`${path}/receive`, { data: { lines: [{ lineId: line.id, quantity: 8 }] } }),
      200,
    );
    expect(partly).toMatchObject({ status: "partially_received" });
    expect((await (await api.get(`/api/products/${item.id}`)).json()).stockLevel).toBe(10);
    const movements = await (await api.get(`/api/products/${item.id}/movements`)).json();
    expect(JSON.stringify(movements)).toContain(draft.number);

    // More than ordered is refused without allowOverReceipt; a partly received order is not cancelled.
    const over = await check(
      "post",
      "/api/purchase-orders/{id}/receive",
      await api.post(`${path}/receive`, { data: { lines: [{ lineId: line.id, quantity: 3 }] } }),
      409,
    );
    expect(over.message).toContain("allowOverReceipt");
    const cancel = await check(
      "post",
      "/api/purchase-orders/{id}/transition",
      await api.post(`${path}/transition`, { data: { to: "cancelled" } }),
      409,
    );
    expect(cancel.message).toContain("close it instead");

    // The rest at a new cost: 29.00 without VAT is 36.40 with it, over the 35.00 selling price.
    const done = await check(
      "post",
      "/api/purchase-orders/{id}/receive",
      await api.post(`${path}/receive`, {
        data: {
          lines: [
            { lineId: line.id, quantity: 2, unitCost: "29.00" },
            { lineId: extraLine.id, quantity: 3 },
          ],
        },
      }),
      200,
    );
    expect(done).toMatchObject({
      status: "received",
      lines: [{ quantityReceived: 10, unitCost: "29.00" }, {}],
    });
    const repriced = await (await api.get(`/api/products/${item.id}`)).json();
    expect(repriced).toMatchObject({ purchasePrice: "36.40", stockLevel: 12, marginCategory: "low" });
    // The other line's agreed cost (7.50, not the product's 8.00) became its purchase price too.
    expect((await (await api.get(`/api/products/${extra.id}`)).json()).purchasePrice).toBe("7.50");
    const alerts = (await (await api.get("/api/alerts?isRead=false")).json()) as {
      type: string;
      productId: number | null;
    }[];
    expect(alerts.some((alert) => alert.type === "low_margin" && alert.productId === item.id)).toBe(true);

    const list = await check(
      "get",
      "/api/purchase-orders",
      await api.get(`/api/purchase-orders?supplier=${item.supplierId}&status=received`),
      200,
    );
    expect(list).toMatchObject({
      total: 1,
      purchaseOrders: [
        {
          id: draft.id,
          supplierName,
          status: "received",
          locationId: draft.location.id,
          locationName: draft.location.name,
        },
      ],
    });
    const here = await check(
      "get",
      "/api/purchase-orders",
      await api.get(`/api/purchase-orders?supplier=${item.supplierId}&location=${draft.location.id}`),
      200,
    );
    expect(here.total).toBe(1);
    await check("get", "/api/purchase-orders", await api.get("/api/purchase-orders?location=abc"), 400);
    await api.dispose();
  });

  test("bad input is a 400 naming the field; a missing order is a 404; a salesperson reads and is refused writes", async ({
    playwright,
    baseURL,
  }) => {
    const api = await signedInAs(playwright, baseURL as string, "manager");
    const check = await documentChecker(api);
    const item = await product(api, {
      supplier: `API supplier ${uniqueId()}`,
      purchasePrice: "10.00",
      sellingPrice: "20.00",
      stockLevel: 0,
    });
    const noSupplier = await check(
      "post",
      "/api/purchase-orders",
      await api.post("/api/purchase-orders", { data: { lines: [] } }),
      400,
    );
    expect(noSupplier.errors.supplierId).toEqual(["Choose a supplier."]);
    const badLine = await check(
      "post",
      "/api/purchase-orders",
      await api.post("/api/purchase-orders", {
        data: { supplierId: item.supplierId, lines: [{ productId: item.id, quantity: 0, unitCost: "-1" }] },
      }),
      400,
    );
    expect(Object.keys(badLine.errors).sort()).toEqual(["lines.0.quantity", "lines.0.unitCost"]);
    const unknown = await check(
      "post",
      "/api/purchase-orders",
      await api.post("/api/purchase-orders", { data: { supplierId: 2147480000 } }),
      400,
    );
    expect(unknown.errors.supplierId).toBeDefined();
    const ghost = await api.post("/api/purchase-orders", {
      data: { supplierId: item.supplierId, lines: [{ productId: 2147480000, quantity: 1 }] },
    });
    await check("post", "/api/purchase-orders", ghost, 400);
    await check("get", "/api/purchase-orders/{id}", await api.get("/api/purchase-orders/2147480000"), 404);
    await check("get", "/api/purchase-orders", await api.get("/api/purchase-orders?status=shipped"), 400);
    const order = await check(
      "post",
      "/api/purchase-orders",
      await api.post("/api/purchase-orders", {
        data: { supplierId: item.supplierId, lines: [{ productId: item.id, quantity: 1 }] },
      }),
      201,
    );
    await check(
      "post",
      "/api/purchase-orders/{id}/transition",
      await api.post(`/api/purchase-orders/${order.id}/transition`, { data: { to: "shipped" } }),
      400,
    );
    await api.dispose();

    const salesperson = await signedInAs(playwright, baseURL as string, "salesperson");
    const read = await salesperson.get(`/api/purchase-orders/${order.id}`);
    expect(read.status()).toBe(200);
    for (const answer of [
      await salesperson.post("/api/purchase-orders", { data: { supplierId: item.supplierId } }),
      await salesperson.patch(`/api/purchase-orders/${order.id}`, { data: { note: "x" } }),
      await salesperson.post(`/api/purchase-orders/${order.id}/transition`, { data: { to: "cancelled" } }),
      await salesperson.post(`/api/purchase-orders/${order.id}/receive`, {
        data: { lines: [{ lineId: order.lines[0].id, quantity: 1 }] },
      }),
    ]) {
      expect(answer.status()).toBe(403);
    }
    expect((await (await salesperson.get(`/api/purchase-orders/${order.id}`)).json()).status).toBe("draft");
    await salesperson.dispose();
  });
});
