import type { APIRequestContext } from "@playwright/test";
import { documentChecker } from "./document-checker";
import { createUser, expect, type Role, test } from "./fixtures";
import { soldUnit } from "./sold-units";

/**
 * Customer returns over real HTTP (issue #31): a draft registered by a salesperson, a refusal
 * naming the serial, the list's search, a change, the completion (admins and managers only) and
 * what it moved; every answer checked against the OpenAPI document.
 */

async function signedInAs(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  role: Role,
) {
  const api = await playwright.request.newContext({ baseURL });
  const user = await createUser(api, role);
  expect((await api.post("/api/auth/login", { data: user })).status()).toBe(200);
  return api;
}

test("the returns API: a draft, a refusal naming the serial, the search, a change and the completion", async ({
  playwright,
  baseURL,
}) => {
  const manager = await signedInAs(playwright, baseURL as string, "manager");
  const clerk = await signedInAs(playwright, baseURL as string, "salesperson");
  const check = await documentChecker(manager);
  const { order, lineId, sold, inStock, customer } = await soldUnit(manager);

  // The unit in stock was not sold on the order: 409, named.
  const refused = await check(
    "post",
    "/api/returns",
    await clerk.post("/api/returns", {
      data: {
        orderId: order.id,
        lines: [{ orderLineId: lineId, serials: [inStock], reason: "defective", outcome: "refunded" }],
      },
    }),
    409,
  );
  expect(refused.message).toContain(`${inStock} was not sold on this order line`);
  await check(
    "post",
    "/api/returns",
    await clerk.post("/api/returns", { data: { orderId: order.id, lines: [] } }),
    400,
  );

  const draft = await check(
    "post",
    "/api/returns",
    await clerk.post("/api/returns", {
      data: {
        orderId: order.id,
        note: "Screen flickers",
        lines: [
          { orderLineId: lineId, serials: [sold.toLowerCase()], reason: "defective", outcome: "refunded" },
        ],
      },
    }),
    201,
  );
  // The goods come back where the order shipped from (issue #32); a salesperson cannot send them elsewhere.
  expect(draft.location).toEqual(order.location);
  const elsewhere = await check(
    "patch",
    "/api/returns/{id}",
    await clerk.patch(`/api/returns/${draft.id}`, { data: { locationId: 2147480000 } }),
    403,
  );
  expect(elsewhere.errors).toHaveProperty("locationId");
  const nowhere = await check(
    "patch",
    "/api/returns/{id}",
    await manager.patch(`/api/returns/${draft.id}`, { data: { locationId: 2147480000 } }),
    400,
  );
  expect(nowhere.errors).toHaveProperty("locationId");
  expect(draft).toMatchObject({
    status: "draft",
    customerId: customer.id,
    refundTotal: "499.00",
    refundTax: "101.39",
    lines: [{ quantity: 1, goesTo: "defective", units: [{ serial: sold, guaranteeEnded: false }] }],
  });
  const found = await check("get", "/api/returns", await clerk.get(`/api/returns?q=${sold}`), 200);
  expect(found).toMatchObject({ total: 1, returns: [{ id: draft.id, units: 1, status: "draft" }] });
  await check("get", "/api/returns", await clerk.get("/api/returns?status=nope"), 400);

  const changed = await check(
    "patch",
    "/api/returns/{id}",
    await clerk.patch(`/api/returns/${draft.id}`, {
      data: { note: "Flickers when warm", version: draft.version },
    }),
    200,
  );
  expect(changed).toMatchObject({ note: "Flickers when warm", lines: [{ units: [{ serial: sold }] }] });
  await check(
    "patch",
    "/api/returns/{id}",
    await clerk.patch(`/api/returns/${draft.id}`, { data: { note: "Late", version: draft.version } }),
    409,
  );

  // Completing is for admins and managers.
  expect(
    (await clerk.post(`/api/returns/${draft.id}/transition`, { data: { to: "completed" } })).status(),
  ).toBe(403);
  const done = await check(
    "post",
    "/api/returns/{id}/transition",
    await manager.post(`/api/returns/${draft.id}/transition`, {
      data: { to: "completed", version: changed.version },
    }),
    200,
  );
  expect(done).toMatchObject({ status: "completed", completedBy: expect.any(String) });
  await check(
    "post",
    "/api/returns/{id}/transition",
    await manager.post(`/api/returns/${draft.id}/transition`, { data: { to: "cancelled" } }),
    409,
  );
  await check("get", "/api/returns/{id}", await clerk.get(`/api/returns/${draft.id}`), 200);
  const unit = (await (await manager.get(`/api/serials?q=${sold}`)).json()).units[0];
  const timeline = await check("get", "/api/serials/{id}", await manager.get(`/api/serials/${unit.id}`), 200);
  expect(timeline).toMatchObject({ state: "defective", sale: null });
  expect(timeline.events.at(-1)).toMatchObject({
    kind: "returned",
    documentType: "return",
    documentId: draft.id,
  });
  const buyer = await (await manager.get(`/api/customers/${customer.id}`)).json();
  expect(buyer.totalSpent).toBe("0.00");
  await manager.dispose();
  await clerk.dispose();
});
