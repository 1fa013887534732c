import { documentChecker } from "./document-checker";
import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Serial numbers and IMEIs over real HTTP (issue #31): a purchase order line of an IMEI-tracked
 * phone refuses bad serials naming each, takes good ones; the API, the top bar's search and the
 * unit's page find the unit and its timeline. Answers checked against the OpenAPI document.
 */

/** A valid IMEI: 14 digits and their Luhn check digit. */
function imei(first14: string) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let digit = Number(first14[13 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${first14}${(10 - (sum % 10)) % 10}`;
}

test("an IMEI phone's receipt refuses bad serials naming each, takes valid ones; the API, the search and the unit's page find it", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const user = await createUser(api, "manager");
  expect(
    (await api.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const check = await documentChecker(api);
  const id = uniqueId();
  const phone = await check(
    "post",
    "/api/products",
    await api.post("/api/products", {
      data: {
        name: `Serial phone ${id}`,
        sku: `SER-${id}`,
        brand: "Nokia",
        supplier: `Serial supplier ${id}`,
        purchasePrice: "300.00",
        sellingPrice: "499.00",
        tracking: "imei",
        guaranteeMonths: 24,
      },
    }),
    201,
  );
  expect(phone).toMatchObject({ tracking: "imei", guaranteeMonths: 24 });
  const draft = await check(
    "post",
    "/api/purchase-orders",
    await api.post("/api/purchase-orders", {
      data: { supplierId: phone.supplierId, lines: [{ productId: phone.id, quantity: 2 }] },
    }),
    201,
  );
  await check(
    "post",
    "/api/purchase-orders/{id}/transition",
    await api.post(`/api/purchase-orders/${draft.id}/transition`, { data: { to: "sent" } }),
    200,
  );
  const lineId = draft.lines[0].id;
  expect(draft.lines[0].tracking).toBe("imei");
  // Unique to this run: the digits of the run's id.
  const digits = `${Date.now()}`.slice(-10).padStart(10, "0");
  const good = [imei(`3569${digits}`), imei(`4901${digits}`)];
  const badDigit = `${good[1].slice(0, 14)}${(Number(good[1][14]) + 1) % 10}`;

  const refused = await check(
    "post",
    "/api/purchase-orders/{id}/receive",
    await api.post(`/api/purchase-orders/${draft.id}/receive`, {
      data: { lines: [{ lineId, quantity: 2, serials: [good[0], good[0], badDigit] }] },
    }),
    400,
  );
  expect(refused.message).toContain(`${good[0]} is in the list twice`);
  expect(refused.message).toContain(`${badDigit} is not a valid IMEI`);
  expect(refused.message).toContain("3 serials for 2 units");

  const received = await check(
    "post",
    "/api/purchase-orders/{id}/receive",
    await api.post(`/api/purchase-orders/${draft.id}/receive`, {
      data: { lines: [{ lineId, quantity: 2, serials: good }] },
    }),
    200,
  );
  expect(received.status).toBe("received");

  // The same serial on another order: 409, named.
  const again = await check(
    "post",
    "/api/purchase-orders",
    await api.post("/api/purchase-orders", {
      data: { supplierId: phone.supplierId, lines: [{ productId: phone.id, quantity: 1 }] },
    }),
    201,
  );
  await api.post(`/api/purchase-orders/${again.id}/transition`, { data: { to: "sent" } });
  const known = await check(
    "post",
    "/api/purchase-orders/{id}/receive",
    await api.post(`/api/purchase-orders/${again.id}/receive`, {
      data: { lines: [{ lineId: again.lines[0].id, quantity: 1, serials: [good[1]] }] },
    }),
    409,
  );
  expect(known.message).toContain(`${good[1]} is already known`);

  const found = await check("get", "/api/serials", await api.get(`/api/serials?q=${good[0]}`), 200);
  expect(found.units).toEqual([
    expect.objectContaining({ serial: good[0], state: "in_stock", productId: phone.id }),
  ]);
  const unit = await check(
    "get",
    "/api/serials/{id}",
    await api.get(`/api/serials/${found.units[0].id}`),
    200,
  );
  expect(unit).toMatchObject({
    guaranteeMonths: 24,
    purchaseOrderId: draft.id,
    events: [{ kind: "received", documentNumber: draft.number, user: expect.any(String) }],
  });
  await check("get", "/api/serials", await api.get("/api/serials?q="), 400);

  // The top bar's search opens the unit; its page shows the receipt on the order.
  const search = await api.get(`/products?search=${good[0].toLowerCase()}`, { maxRedirects: 0 });
  expect(search.status()).toBe(302);
  expect(search.headers().location).toBe(`/serials/${unit.id}`);
  // The list's own filter form (its other fields sent too) filters the list by the text instead.
  const filtered = await api.get(`/products?search=${good[0]}&category=&status=`, { maxRedirects: 0 });
  expect(filtered.status()).toBe(200);
  const page = await api.get(`/serials/${unit.id}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(good[0]);
  expect(html).toContain(draft.number);
  expect(html).toContain("In stock");

  // The page's receive form, as a plain POST (no JavaScript): the textarea's pasted list.
  const viaPage = await check(
    "post",
    "/api/purchase-orders",
    await api.post("/api/purchase-orders", {
      data: { supplierId: phone.supplierId, lines: [{ productId: phone.id, quantity: 2 }] },
    }),
    201,
  );
  await api.post(`/api/purchase-orders/${viaPage.id}/transition`, { data: { to: "sent" } });
  const pageLine = viaPage.lines[0].id;
  const third = imei(`8601${digits}`);
  const form = (serials: string) => ({
    intent: "receive",
    [`receive[${pageLine}].quantity`]: "2",
    [`receive[${pageLine}].unitCost`]: "",
    [`receive[${pageLine}].serials`]: serials,
  });
  const pageRefused = await api.post(`/purchasing/${viaPage.id}`, {
    form: form(`${third}\n${good[0]}\n`),
    maxRedirects: 0,
  });
  expect(pageRefused.status()).toBe(400);
  const refusedHtml = await pageRefused.text();
  expect(refusedHtml).toContain(`${good[0]} is already known for this product`);
  expect(refusedHtml).toContain(third); // what was typed stays in the box
  const fourth = imei(`8602${digits}`);
  const pageAccepted = await api.post(`/purchasing/${viaPage.id}`, {
    form: form(`${third}\r\n ${fourth} \n`),
    maxRedirects: 0,
  });
  expect(pageAccepted.status()).toBe(302);
  const [fromPage] = (await (await api.get(`/api/serials?q=${fourth}`)).json()).units;
  expect(fromPage).toMatchObject({ serial: fourth, state: "in_stock" });
  await api.dispose();
});

test("selling an IMEI phone: shipping refuses a missing serial, the page's form ships a ticked unit; the order, its print, the customer's page, the unit and the scanner show the sale", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const user = await createUser(api, "manager");
  expect(
    (await api.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const check = await documentChecker(api);
  const id = uniqueId();
  const phone = await check(
    "post",
    "/api/products",
    await api.post("/api/products", {
      data: {
        name: `Sold phone ${id}`,
        sku: `SOLD-${id}`,
        brand: "Nokia",
        supplier: `Sale supplier ${id}`,
        purchasePrice: "300.00",
        sellingPrice: "499.00",
        tracking: "imei",
        guaranteeMonths: 24,
      },
    }),
    201,
  );
  const po = await (
    await api.post("/api/purchase-orders", {
      data: { supplierId: phone.supplierId, lines: [{ productId: phone.id, quantity: 2 }] },
    })
  ).json();
  await api.post(`/api/purchase-orders/${po.id}/transition`, { data: { to: "sent" } });
  const digits = `${Date.now()}`.slice(-10).padStart(10, "0");
  const units = [imei(`3570${digits}`), imei(`3571${digits}`)];
  expect(
    (
      await api.post(`/api/purchase-orders/${po.id}/receive`, {
        data: { lines: [{ lineId: po.lines[0].id, quantity: 2, serials: units }] },
      })
    ).status(),
  ).toBe(200);
  const customer = await (
    await api.post("/api/customers", {
      data: { firstName: "Aino", lastName: `Ostaja ${id}`, email: `aino-${id}@example.fi` },
    })
  ).json();
  const order = await check(
    "post",
    "/api/orders",
    await api.post("/api/orders", {
      data: { customerId: customer.id, lines: [{ productId: phone.id, quantity: 1 }] },
    }),
    201,
  );
  await check(
    "post",
    "/api/orders/{id}/transition",
    await api.post(`/api/orders/${order.id}/transition`, { data: { to: "confirmed" } }),
    200,
  );
  const lineId = order.lines[0].id;

  // Without its serial: refused naming the count, nothing moves.
  const refused = await check(
    "post",
    "/api/orders/{id}/transition",
    await api.post(`/api/orders/${order.id}/transition`, { data: { to: "shipped" } }),
    400,
  );
  expect(refused.message).toContain("0 serials for 1 units");

  // The order's page offers the units in stock to tick; a plain POST (no JavaScript) ships one.
  const page = await (await api.get(`/orders/${order.id}`)).text();
  expect(page).toContain('data-testid="ship-serials"');
  expect(page).toContain(units[0]);
  const shipped = await api.post(`/orders/${order.id}`, {
    form: {
      intent: "move",
      to: "shipped",
      version: String(order.version + 1),
      [`ship[${lineId}].pick`]: units[1],
    },
    maxRedirects: 0,
  });
  expect(shipped.status()).toBe(302);
  const after = await check("get", "/api/orders/{id}", await api.get(`/api/orders/${order.id}`), 200);
  expect(after.status).toBe("shipped");
  expect(after.units).toEqual([
    expect.objectContaining({ lineId, serial: units[1], guaranteeEnds: expect.stringMatching(/^\d{4}-/) }),
  ]);

  // Searching the IMEI: received on the PO, sold on the order, to whom, the guarantee's end.
  const [found] = (await (await api.get(`/api/serials?q=${units[1]}`)).json()).units;
  const unit = await check("get", "/api/serials/{id}", await api.get(`/api/serials/${found.id}`), 200);
  expect(unit).toMatchObject({
    state: "sold",
    sale: {
      orderNumber: order.number,
      customerId: customer.id,
      customerName: `Aino Ostaja ${id}`,
      guaranteeEnds: after.units[0].guaranteeEnds,
    },
    events: [
      { kind: "received", documentNumber: po.number },
      { kind: "sold", documentNumber: order.number },
    ],
  });
  // Printed in the user's language: en-GB days (31/12/2028) or Finnish ones (31.12.2028).
  const [year, month, day] = after.units[0].guaranteeEnds.split("-");
  const printedEnd = [`${day}/${month}/${year}`, `${Number(day)}.${Number(month)}.${year}`];
  for (const path of [`/orders/${order.id}/print`, `/customers/${customer.id}`, `/serials/${found.id}`]) {
    const html = await (await api.get(path)).text();
    expect(html, path).toContain(units[1]);
  }
  const print = await (await api.get(`/orders/${order.id}/print`)).text();
  expect(print).toContain('data-testid="printed-units"');
  expect(printedEnd.some((end) => print.includes(end))).toBe(true);

  // The scanner: a unit's IMEI opens the unit.
  const scanned = await api.post("/barcode-scanner", {
    form: { intent: "scan", code: units[1] },
    maxRedirects: 0,
  });
  expect(scanned.status()).toBe(302);
  expect(scanned.headers().location).toBe(`/serials/${found.id}`);
  await api.dispose();
});
