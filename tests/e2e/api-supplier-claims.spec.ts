import { documentChecker } from "./document-checker";
import { createUser, defaultLocation, expect, test, uniqueId } from "./fixtures";

/**
 * Defective stock and supplier claims over real HTTP (issue #31 item 6): a unit marked defective on
 * its page (a plain form, as without JavaScript) and a quantity through the API are gathered on a
 * claim of their supplier, the draft is changed, sent from its page, and settled through the API
 * (refused, credited). Answers checked against the OpenAPI document.
 */
test("defective units and quantities are gathered per supplier, claimed, sent and settled", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const manager = await createUser(api, "manager");
  expect(
    (
      await api.post("/api/auth/login", { data: { email: manager.email, password: manager.password } })
    ).status(),
  ).toBe(200);
  const check = await documentChecker(api);
  const id = uniqueId();
  const email = `claims-${id}@supplier.example`;
  const supplier = await check(
    "post",
    "/api/suppliers",
    await api.post("/api/suppliers", { data: { name: `Claim supplier ${id}`, email } }),
    201,
  );
  const product = (data: object) =>
    api.post("/api/products", {
      data: {
        brand: "Acme",
        supplierId: supplier.id,
        purchasePrice: "10.00",
        vatInclusive: false,
        sellingPrice: "29.00",
        ...data,
      },
    });
  const laptop = await check(
    "post",
    "/api/products",
    await product({
      name: `Claim laptop ${id}`,
      sku: `CLL-${id}`,
      tracking: "serial",
      purchasePrice: "300.00",
      sellingPrice: "599.00",
    }),
    201,
  );
  const cable = await check(
    "post",
    "/api/products",
    await product({ name: `Claim cable ${id}`, sku: `CLC-${id}`, stockLevel: 5 }),
    201,
  );
  // Two laptops received at 250.00 each (not the product's 300.00).
  const order = await check(
    "post",
    "/api/purchase-orders",
    await api.post("/api/purchase-orders", {
      data: { supplierId: supplier.id, lines: [{ productId: laptop.id, quantity: 2, unitCost: "250.00" }] },
    }),
    201,
  );
  await api.post(`/api/purchase-orders/${order.id}/transition`, { data: { to: "sent" } });
  // As stored and shown: upper case.
  const serials = [`CLS-${id}-1`, `CLS-${id}-2`].map((serial) => serial.toUpperCase());
  await check(
    "post",
    "/api/purchase-orders/{id}/receive",
    await api.post(`/api/purchase-orders/${order.id}/receive`, {
      data: { lines: [{ lineId: order.lines[0].id, quantity: 2, serials }] },
    }),
    200,
  );
  const [unit] = (await (await api.get(`/api/serials?q=${serials[0]}`)).json()).units;

  // The unit's page marks it defective with a plain form post.
  const marked = await api.post(`/serials/${unit.id}`, {
    form: { intent: "mark-defective", note: "Hinge cracked" },
    maxRedirects: 0,
  });
  expect(marked.status()).toBe(302);
  expect(marked.headers().location).toBe(`/serials/${unit.id}`);
  const defectiveUnit = await check(
    "get",
    "/api/serials/{id}",
    await api.get(`/api/serials/${unit.id}`),
    200,
  );
  expect(defectiveUnit.state).toBe("defective");
  expect(defectiveUnit.events.at(-1)).toMatchObject({ kind: "defective", note: "Hinge cracked" });
  // Not in stock any more: refused by name, on the page and in the API.
  const again = await api.post(`/serials/${unit.id}`, {
    form: { intent: "mark-defective" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain(`${serials[0]} is not in stock`);
  const apiAgain = await check(
    "post",
    "/api/serials/{id}/defective",
    await api.post(`/api/serials/${unit.id}/defective`, { data: {} }),
    409,
  );
  expect(apiAgain.message).toContain(`${serials[0]} is defective`);

  // A quantity of the cable through the API; the laptop is marked unit by unit, not by quantity.
  const cableMarked = await check(
    "post",
    "/api/products/{id}/defective",
    await api.post(`/api/products/${cable.id}/defective`, { data: { quantity: 2, note: "Crushed" } }),
    200,
  );
  expect(cableMarked).toMatchObject({ productId: cable.id, stockLevel: 3, defectiveStock: 2 });
  await check(
    "post",
    "/api/products/{id}/defective",
    await api.post(`/api/products/${laptop.id}/defective`, { data: { quantity: 1 } }),
    409,
  );
  const short = await check(
    "post",
    "/api/products/{id}/defective",
    await api.post(`/api/products/${cable.id}/defective`, { data: { quantity: 9 } }),
    409,
  );
  // It leaves the location it was found in (issue #32): the message names it; one not active is a 400.
  expect(short.message).toContain(`has 3 in ${(await defaultLocation()).name}`);
  await check(
    "post",
    "/api/products/{id}/defective",
    await api.post(`/api/products/${cable.id}/defective`, { data: { quantity: 1, locationId: 999999999 } }),
    400,
  );

  const stock = await check("get", "/api/defective-stock", await api.get("/api/defective-stock"), 200);
  const ours = stock.suppliers.find((row: { supplierId: number }) => row.supplierId === supplier.id);
  expect(ours).toMatchObject({ units: 3, value: "270.00" });

  const draft = await check(
    "post",
    "/api/supplier-claims",
    await api.post("/api/supplier-claims", { data: { supplierId: supplier.id } }),
    201,
  );
  expect(draft.number).toMatch(/^CL-\d{4}-\d{6}$/);
  expect(draft).toMatchObject({ status: "draft", totalValue: "270.00" });
  const unitLine = draft.lines.find((line: { serial: string | null }) => line.serial === serials[0]);
  const cableLine = draft.lines.find((line: { productId: number }) => line.productId === cable.id);
  expect(unitLine).toMatchObject({ quantity: 1, unitCost: "250.00" });
  expect(cableLine).toMatchObject({ quantity: 2, unitCost: "10.00" });
  const nothing = await check(
    "post",
    "/api/supplier-claims",
    await api.post("/api/supplier-claims", { data: { supplierId: supplier.id } }),
    409,
  );
  expect(nothing.message).toContain("Nothing to claim");
  await check(
    "post",
    "/api/supplier-claims/{id}/outcomes",
    await api.post(`/api/supplier-claims/${draft.id}/outcomes`, {
      data: { lines: [{ lineId: unitLine.id, outcome: "credited" }] },
    }),
    409,
  );

  // The draft keeps one cable; the other goes on a second draft, which is deleted again.
  const changed = await check(
    "patch",
    "/api/supplier-claims/{id}",
    await api.patch(`/api/supplier-claims/${draft.id}`, {
      data: {
        lines: [
          { id: unitLine.id, note: "Hinge cracked" },
          { id: cableLine.id, quantity: 1 },
        ],
        version: draft.version,
      },
    }),
    200,
  );
  expect(changed.totalValue).toBe("260.00");
  await check(
    "patch",
    "/api/supplier-claims/{id}",
    await api.patch(`/api/supplier-claims/${draft.id}`, { data: { note: "late", version: draft.version } }),
    409,
  );
  const second = await check(
    "post",
    "/api/supplier-claims",
    await api.post("/api/supplier-claims", { data: { supplierId: supplier.id } }),
    201,
  );
  expect(second.lines).toEqual([expect.objectContaining({ productId: cable.id, quantity: 1 })]);
  await check(
    "delete",
    "/api/supplier-claims/{id}",
    await api.delete(`/api/supplier-claims/${second.id}`),
    200,
  );

  // The claims page lists it; its page sends it (a plain form post, as the confirm button posts).
  const list = await api.get("/purchasing/claims");
  expect(list.status()).toBe(200);
  expect(await list.text()).toContain(draft.number);
  const sent = await api.post(`/purchasing/claims/${draft.id}`, {
    form: { intent: "move", to: "sent", version: String(changed.version) },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  const sentClaim = await check(
    "get",
    "/api/supplier-claims/{id}",
    await api.get(`/api/supplier-claims/${draft.id}`),
    200,
  );
  expect(sentClaim).toMatchObject({ status: "sent", sentTo: email, emailStatus: expect.any(String) });
  expect((await (await api.get(`/api/serials/${unit.id}`)).json()).state).toBe("at_supplier");
  const listed = await check(
    "get",
    "/api/supplier-claims",
    await api.get(`/api/supplier-claims?supplier=${supplier.id}&status=sent`),
    200,
  );
  expect(listed.claims).toEqual([expect.objectContaining({ id: draft.id, units: 2, totalValue: "260.00" })]);

  // The supplier refuses the laptop and credits the cable: the claim closes.
  const settled = await check(
    "post",
    "/api/supplier-claims/{id}/outcomes",
    await api.post(`/api/supplier-claims/${draft.id}/outcomes`, {
      data: {
        lines: [
          { lineId: unitLine.id, outcome: "refused", note: "Dropped: not covered" },
          { lineId: cableLine.id, outcome: "credited", creditedAmount: "9.50" },
        ],
      },
    }),
    200,
  );
  expect(settled).toMatchObject({ status: "closed", creditedTotal: "9.50" });
  const back = await (await api.get(`/api/serials/${unit.id}`)).json();
  expect(back.state).toBe("defective");
  expect(back.events.at(-1)).toMatchObject({ kind: "defective", documentNumber: draft.number });
  await check(
    "post",
    "/api/supplier-claims/{id}/outcomes",
    await api.post(`/api/supplier-claims/${draft.id}/outcomes`, {
      data: { lines: [{ lineId: unitLine.id, outcome: "credited" }] },
    }),
    409,
  );
  const page = await api.get(`/purchasing/claims/${draft.id}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(draft.number);
  expect(html).toContain("Refused");

  // A salesperson reads claims but does not write them.
  const reader = await playwright.request.newContext({ baseURL });
  const salesperson = await createUser(reader, "salesperson");
  await reader.post("/api/auth/login", {
    data: { email: salesperson.email, password: salesperson.password },
  });
  expect((await reader.get(`/api/supplier-claims/${draft.id}`)).status()).toBe(200);
  expect((await reader.post("/api/supplier-claims", { data: { supplierId: supplier.id } })).status()).toBe(
    403,
  );
  const readerPage = await reader.get("/purchasing/claims");
  expect(await readerPage.text()).not.toContain("Create claim");
  await reader.dispose();
  await api.dispose();
});
