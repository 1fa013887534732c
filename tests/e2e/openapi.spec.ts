import Ajv2020 from "ajv/dist/2020.js";
import { API } from "./authorization-matrix";
import { builtRoutes } from "./built-routes";
import { createLocation, createUser, defaultLocation, expect, test, uniqueId } from "./fixtures";
import { DECLARED, recordBody } from "./registry";

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: { "application/json": { schema: object } } }>;
        requestBody?: { content: { "application/json": { example?: unknown } } };
      }
    >
  >;
  components: { schemas: Record<string, object> };
};

const openApiPath = (route: string) => route.replace(/:(\w+)/g, "{$1}");

test.describe("the OpenAPI document", () => {
  let doc: Document;
  test.beforeAll(async ({ request }) => {
    const answer = await request.get("/api/openapi.json");
    expect(answer.status()).toBe(200);
    doc = await answer.json();
  });

  test("is OpenAPI 3.1 and describes every /api route and method the server serves, and nothing else", () => {
    expect(doc.openapi).toBe("3.1.0");
    const served = API.filter(
      (row) =>
        row.route !== "/api/*" &&
        row.route !== "/api/openapi.json" &&
        row.route !== "/api/login" && // a redirect to the sign-in page, for people
        !row.expect.every((answer) => answer === 405 || answer === 404),
    );
    const missing = served
      .filter((row) => !doc.paths[openApiPath(row.route)]?.[row.method.toLowerCase()])
      .map((row) => `${row.method} ${row.route}`);
    expect(missing, "operations missing from the document").toEqual([]);
    const routes = new Set(builtRoutes().map((route) => openApiPath(route.path)));
    expect(Object.keys(doc.paths).filter((path) => !routes.has(path))).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith("2")),
          `${method} ${path}`,
        ).toBe(true);
        if (operation.requestBody) {
          expect(
            operation.requestBody.content["application/json"].example,
            `${method} ${path}`,
          ).toBeDefined();
        }
      }
    }
  });

  test("real answers of the server match the document's schemas", async ({ request }) => {
    // Some fifty requests, one after another (about 12 s on a quiet machine): room for a busy one.
    test.setTimeout(60_000);
    const admin = await createUser(request, "admin");
    await request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    /** The operations whose success answer was checked: every documented GET must be among them. */
    const answered = new Set<string>();
    const check = async (method: string, path: string, answerPromise: ReturnType<typeof request.get>) => {
      const answer = await answerPromise;
      const status = String(answer.status());
      if (status.startsWith("2")) answered.add(`${method} ${path}`);
      const described = doc.paths[path][method].responses[status];
      expect(described, `${method} ${path} answered ${status}: ${await answer.text()}`).toBeDefined();
      const schema = described.content?.["application/json"].schema as { $ref?: string };
      const resolved = schema.$ref ? doc.components.schemas.Error : schema;
      const validate = ajv.compile(resolved);
      const valid = validate(await answer.json());
      expect(valid, `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    };

    const id = uniqueId();
    const created = async (path: string, data: object) => {
      const answer = await request.post(path, { data });
      await check("post", path, Promise.resolve(answer));
      return (await answer.json()) as { id: number };
    };
    const category = await created("/api/categories", { name: `Doc ${id}` });
    const product = await created("/api/products", {
      name: `Doc ${id}`,
      sku: `DOC-${id}`,
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      supplier: "S",
      categoryId: category.id,
      ean: "4006381333931",
    });
    const today = new Date().toISOString().slice(0, 10);
    const campaign = await created("/api/campaigns", { name: `Doc ${id}`, startDate: today, endDate: today });
    await check(
      "post",
      "/api/campaigns/{id}/products",
      request.post(`/api/campaigns/${campaign.id}/products`, {
        data: { productId: product.id, discountPercent: 10 },
      }),
    );
    const customer = await created("/api/customers", {
      firstName: "Doc",
      lastName: id,
      email: `doc-${id}@e2e.test`,
    });
    // Each customer type the form offers (a retail customer once answered a type the document lacked).
    const retail = await created("/api/customers", {
      firstName: "Doc",
      lastName: `Retail ${id}`,
      email: `doc-retail-${id}@e2e.test`,
      customerType: "retail",
    });
    await check("get", "/api/customers/{id}", request.get(`/api/customers/${retail.id}`));
    const supplier = await created("/api/suppliers", { name: `Doc supplier ${id}`, leadTimeDays: 4 });
    // A product naming its supplier by id: the supplier is not deleted while it exists.
    const supplied = await created("/api/products", {
      name: `Doc supplied ${id}`,
      sku: `DOC-SUP-${id}`,
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      supplierId: supplier.id,
    });
    const rule = await created("/api/automation-rules", {
      name: `Doc ${id}`,
      type: "reorder",
      conditions: { stockBelow: 2 },
    });
    // A quote made, sent, accepted and converted; its order confirmed and paid (a product of its
    // own: the one above is deleted at the end, which a product on a document cannot be).
    const stocked = await created("/api/products", {
      name: `Doc stocked ${id}`,
      sku: `DOC-S-${id}`,
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      supplier: "S",
      stockLevel: 5,
    });
    const quote = await created("/api/quotes", {
      customerId: customer.id,
      notes: "Doc",
      lines: [{ productId: stocked.id, quantity: 2 }],
    });
    await check(
      "patch",
      "/api/quotes/{id}",
      request.patch(`/api/quotes/${quote.id}`, { data: { notes: "Doc, changed" } }),
    );
    const move = (path: string, url: string, to: string) =>
      check("post", path, request.post(url, { data: { to } }));
    for (const to of ["sent", "accepted", "converted"])
      await move("/api/quotes/{id}/transition", `/api/quotes/${quote.id}/transition`, to);
    // Converted: a quote is no longer sent (409), nor changed (409).
    await move("/api/quotes/{id}/transition", `/api/quotes/${quote.id}/transition`, "sent");
    await check("patch", "/api/quotes/{id}", request.patch(`/api/quotes/${quote.id}`, { data: {} }));
    const { orderId } = await (await request.get(`/api/quotes/${quote.id}`)).json();
    await check(
      "patch",
      "/api/orders/{id}",
      request.patch(`/api/orders/${orderId}`, { data: { notes: "Doc order" } }),
    );
    await move("/api/orders/{id}/transition", `/api/orders/${orderId}/transition`, "confirmed");
    await move("/api/orders/{id}/transition", `/api/orders/${orderId}/transition`, "delivered");
    await move("/api/orders/{id}/payment", `/api/orders/${orderId}/payment`, "paid");
    await move("/api/orders/{id}/payment", `/api/orders/${orderId}/payment`, "paid");
    // A customer return of one unit of the order, shipped (issue #31), for /api/returns/{id}.
    await move("/api/orders/{id}/transition", `/api/orders/${orderId}/transition`, "shipped");
    const shipped = (await (await request.get(`/api/orders/${orderId}`)).json()) as {
      lines: { id: number }[];
    };
    const customerReturn = await created("/api/returns", {
      orderId,
      lines: [
        { orderLineId: shipped.lines[0].id, quantity: 1, reason: "change_of_mind", outcome: "refunded" },
      ],
    });
    const order = await created("/api/orders", { lines: [{ productId: stocked.id, quantity: 1 }] });
    await check("get", "/api/quotes", request.get(`/api/quotes?customer=${customer.id}&limit=5`));
    await check("get", "/api/orders", request.get(`/api/orders?status=confirmed&from=${today}`));
    await check("get", "/api/orders", request.get("/api/orders?limit=500"));
    await check("post", "/api/orders", request.post("/api/orders", { data: { customerId: 2147480000 } }));
    await check("get", "/api/orders/{id}", request.get("/api/orders/2147480000"));

    // A stock count of a shelf of its own: counted by code (an unknown one kept as a line), its
    // commit refused while the unknown code is there (409), then committed.
    const shelf = `DOC-${id}`;
    const counted = await created("/api/products", {
      name: `Doc counted ${id}`,
      sku: `DOC-C-${id}`,
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      supplier: "S",
      stockLevel: 5,
      location: shelf,
    });
    const stockCount = await created("/api/stock-counts", { scope: "shelf", shelf });
    const countPath = `/api/stock-counts/${stockCount.id}`;
    await check(
      "post",
      "/api/stock-counts/{id}/lines",
      request.post(`${countPath}/lines`, { data: { code: `DOC-C-${id}`, quantity: 4 } }),
    );
    const unknown = await request.post(`${countPath}/lines`, { data: { code: `NOPE-${id}` } });
    await check("post", "/api/stock-counts/{id}/lines", Promise.resolve(unknown));
    await check(
      "post",
      "/api/stock-counts/{id}/lines",
      request.post(`${countPath}/lines`, { data: { quantity: -1 } }),
    );
    await check("get", "/api/stock-counts/{id}", request.get(countPath));
    await check("post", "/api/stock-counts/{id}/commit", request.post(`${countPath}/commit`, { data: {} }));
    await check("get", "/api/stock-counts", request.get("/api/stock-counts?status=open&limit=5"));
    await check("get", "/api/stock-counts", request.get("/api/stock-counts?limit=9999"));

    // A purchase order of a supplier of its own (the one above is deleted at the end, which a
    // supplier a purchase order names cannot be).
    const orderedFrom = await created("/api/suppliers", { name: `Doc purchasing ${id}` });
    const purchaseOrder = await created("/api/purchase-orders", {
      supplierId: orderedFrom.id,
      lines: [{ productId: stocked.id, quantity: 3 }],
    });

    // A serial-tracked unit (issue #31), received on an order of its own, for /api/serials/{id}.
    const phone = await created("/api/products", {
      name: `Doc phone ${id}`,
      sku: `DOC-P-${id}`,
      brand: "Brand",
      purchasePrice: "100.00",
      sellingPrice: "199.00",
      supplier: "S",
      tracking: "serial",
      guaranteeMonths: 24,
    });
    const phoneOrder = (await created("/api/purchase-orders", {
      supplierId: orderedFrom.id,
      lines: [{ productId: phone.id, quantity: 1 }],
    })) as { id: number; lines: { id: number }[] };
    await request.post(`/api/purchase-orders/${phoneOrder.id}/transition`, { data: { to: "sent" } });
    await check(
      "post",
      "/api/purchase-orders/{id}/receive",
      request.post(`/api/purchase-orders/${phoneOrder.id}/receive`, {
        data: { lines: [{ lineId: phoneOrder.lines[0].id, quantity: 1, serials: [`DOC-SN-${id}`] }] },
      }),
    );
    const serialAnswer = await request.get(`/api/serials?q=doc-sn-${id}`);
    await check("get", "/api/serials", Promise.resolve(serialAnswer));
    const [unit] = ((await serialAnswer.json()) as { units: { id: number }[] }).units;

    // A supplier claim (issue #31) of a quantity marked defective, for /api/supplier-claims/{id}.
    const faulty = await created("/api/products", {
      name: `Doc faulty ${id}`,
      sku: `DOC-F-${id}`,
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "19.90",
      supplierId: orderedFrom.id,
      stockLevel: 2,
    });
    await check(
      "post",
      "/api/products/{id}/defective",
      request.post(`/api/products/${faulty.id}/defective`, { data: { quantity: 1, note: "Doc" } }),
    );
    const claim = await created("/api/supplier-claims", { supplierId: orderedFrom.id });
    // A transfer (issue #32) of the faulty product's unit left on hand, from the default location
    // to a new one, for /api/transfers/{id}.
    const transfer = await created("/api/transfers", {
      fromLocationId: (await defaultLocation()).id,
      toLocationId: (await createLocation(`Doc store ${id}`)).id,
      lines: [{ productId: faulty.id, quantity: 1 }],
    });

    const me = await (await request.get("/api/auth/user")).json();
    const ids: Record<string, number> = {
      "/api/products/{id}": product.id,
      "/api/categories/{id}": category.id,
      "/api/campaigns/{id}": campaign.id,
      "/api/campaigns/{id}/products": campaign.id,
      "/api/customers/{id}": customer.id,
      "/api/suppliers/{id}": supplier.id,
      "/api/automation-rules/{id}": rule.id,
      "/api/users/{id}": me.id,
      "/api/quotes/{id}": quote.id,
      "/api/orders/{id}": order.id,
      "/api/products/{id}/movements": stocked.id,
      "/api/stock-counts/{id}": stockCount.id,
      "/api/purchase-orders/{id}": purchaseOrder.id,
      "/api/serials/{id}": unit.id,
      "/api/supplier-claims/{id}": claim.id,
      "/api/transfers/{id}": transfer.id,
      "/api/returns/{id}": customerReturn.id,
    };
    // The record each aggregate declares (app/models/<aggregate>/aggregate.ts), for its documented
    // GETs under `/api/<segment>/{id}` that no record above answers. The records above are this
    // test's own: it changes, moves and deletes them below.
    for (const { checks } of DECLARED) {
      const declared = checks.record;
      if (!declared) continue;
      const prefix = `/api/${declared.segment}/{id}`;
      const unanswered = Object.keys(doc.paths).filter(
        (path) => path.startsWith(prefix) && doc.paths[path].get && !(path in ids),
      );
      if (unanswered.length === 0) continue;
      const record = await created(declared.create, recordBody(declared.body, `${id}-doc`));
      for (const path of unanswered) ids[path] = record.id;
    }
    // Every GET the document lists, as the admin.
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!operations.get) continue;
      const url = path.replace("{id}", String(ids[path] ?? 0));
      await check("get", path, request.get(url));
    }
    const unanswered = Object.entries(doc.paths)
      .filter(([path, operations]) => operations.get && !answered.has(`get ${path}`))
      .map(([path]) => path);
    expect(unanswered, "documented GETs whose success answer no request here checked").toEqual([]);
    // Writes and errors.
    await check(
      "post",
      "/api/calculate-margin",
      request.post("/api/calculate-margin", { data: { purchasePrice: "10", sellingPrice: "20" } }),
    );
    await check("post", "/api/products", request.post("/api/products", { data: { name: "" } }));
    // Stock movements of the stocked product (the other is deleted at the end, which a product whose
    // stock moved cannot be): recorded, too many taken out (409), bad input (400), no product (404).
    const movement = (data: object) => request.post("/api/stock-movements", { data });
    await check(
      "post",
      "/api/stock-movements",
      movement({ productId: stocked.id, quantity: 4, reason: "receipt" }),
    );
    await check(
      "post",
      "/api/stock-movements",
      movement({ productId: stocked.id, quantity: -999, reason: "sale" }),
    );
    await check(
      "post",
      "/api/stock-movements",
      movement({ productId: stocked.id, quantity: 0, reason: "x" }),
    );
    await check(
      "post",
      "/api/stock-movements",
      movement({ productId: 2147480000, quantity: 1, reason: "count" }),
    );
    await check(
      "get",
      "/api/products/{id}/movements",
      request.get(`/api/products/${stocked.id}/movements?limit=nope`),
    );
    await check("get", "/api/products/{id}", request.get("/api/products/2147480000"));
    const current = await (await request.get(`/api/products/${product.id}`)).json();
    await check(
      "put",
      "/api/products/{id}",
      request.put(`/api/products/${product.id}`, { data: { ...current, sellingPrice: "21.90" } }),
    );
    await check("put", "/api/products/{id}", request.put(`/api/products/${product.id}`, { data: current }));
    await check(
      "patch",
      "/api/customers/{id}",
      request.patch(`/api/customers/${customer.id}`, { data: { phone: "+358 40 1" } }),
    );
    await check(
      "patch",
      "/api/campaigns/{id}",
      request.patch(`/api/campaigns/${campaign.id}`, { data: { isActive: false } }),
    );
    await check(
      "patch",
      "/api/categories/{id}",
      request.patch(`/api/categories/${category.id}`, { data: { description: "Doc" } }),
    );
    await check(
      "patch",
      "/api/automation-rules/{id}",
      request.patch(`/api/automation-rules/${rule.id}`, { data: { isActive: false } }),
    );
    await check(
      "delete",
      "/api/campaigns/{id}/products/{productId}",
      request.delete(`/api/campaigns/${campaign.id}/products/${product.id}`),
    );
    // The shop's default label layout: saved as it was (other tests print from it), and refused.
    const labelDefaults = await (await request.get("/api/label-settings")).json();
    await check("put", "/api/label-settings", request.put("/api/label-settings", { data: labelDefaults }));
    await check(
      "put",
      "/api/label-settings",
      request.put("/api/label-settings", { data: { layout: "a5-1x1", dpi: 150 } }),
    );
    await check(
      "post",
      "/api/notifications/read",
      request.post("/api/notifications/read", { data: { ids: [2147480000] } }),
    );
    await check("delete", "/api/automation-rules/{id}", request.delete(`/api/automation-rules/${rule.id}`));
    await check("delete", "/api/customers/{id}", request.delete(`/api/customers/${customer.id}`));
    await check("delete", "/api/campaigns/{id}", request.delete(`/api/campaigns/${campaign.id}`));
    await check("delete", "/api/products/{id}", request.delete(`/api/products/${product.id}`));
    await check("delete", "/api/categories/{id}", request.delete(`/api/categories/${category.id}`));
    await check(
      "patch",
      "/api/suppliers/{id}",
      request.patch(`/api/suppliers/${supplier.id}`, { data: { phone: "+358 9 1", version: 1 } }),
    );
    await check(
      "patch",
      "/api/suppliers/{id}",
      request.patch(`/api/suppliers/${supplier.id}`, { data: { phone: "+358 9 2", version: 1 } }),
    );
    await check(
      "post",
      "/api/suppliers",
      request.post("/api/suppliers", { data: { name: `DOC SUPPLIER ${id}` } }),
    );
    await check("get", "/api/suppliers", request.get("/api/suppliers?search=Doc&limit=2"));
    await check("delete", "/api/suppliers/{id}", request.delete(`/api/suppliers/${supplier.id}`));
    await check("delete", "/api/products/{id}", request.delete(`/api/products/${supplied.id}`));
    await check("delete", "/api/suppliers/{id}", request.delete(`/api/suppliers/${supplier.id}`));
    await check("get", "/api/users", request.fetch("/api/users", { headers: { Cookie: "" } }));
    // A second count of the shelf, without unknown codes, commits (the stock moves 5 -> 4); again, 409.
    const recount = await created("/api/stock-counts", { scope: "shelf", shelf });
    await request.post(`/api/stock-counts/${recount.id}/lines`, {
      data: { productId: counted.id, quantity: 4 },
    });
    await check(
      "post",
      "/api/stock-counts/{id}/commit",
      request.post(`/api/stock-counts/${recount.id}/commit`, { data: { zeroUncounted: false } }),
    );
    await check(
      "post",
      "/api/stock-counts/{id}/commit",
      request.post(`/api/stock-counts/${recount.id}/commit`, { data: {} }),
    );
    expect((await (await request.get(`/api/products/${counted.id}`)).json()).stockLevel).toBe(4);
  });
});
