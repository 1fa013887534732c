import { beforeEach, describe, expect, test } from "vitest";
import { createOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { FORM, listPriceHistory } from "~/models/price/price-history.server";
import { seedDemoCatalogue } from "~/seeders/seed.server";
import { testDatabase } from "../../../tests/setup/database";
import { getProduct } from "./product-reads.server";
import { productSchema } from "./product-schema";
import {
  changePurchasePrices,
  createProduct,
  deleteProduct,
  deleteProducts,
  importProducts,
  updateProduct,
} from "./product-writes.server";

const db = testDatabase();

function input(overrides: Record<string, unknown> = {}) {
  return productSchema.parse({
    name: "ThinkPad E14",
    sku: "LEN-E14",
    brand: "Lenovo",
    purchasePrice: "600.00",
    sellingPrice: "999.00",
    stockLevel: 25,
    supplier: "Tech Data",
    ...overrides,
  });
}

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function create(overrides: Record<string, unknown> = {}) {
  const result = await db.inRequest(() => createProduct(input(overrides), null));
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

beforeEach(() => db.truncate("product", "category", "alert", "price_history", "below_cost_approval"));

describe("creating and editing products", () => {
  test("a new product gets its first price history row with its margin", async () => {
    const product = await create();
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(history).toHaveLength(1);
    // 39.939...: rounded once, to the one decimal the product shows, not 39.94 read back as 39.9.
    expect(history[0]).toMatchObject({ purchasePrice: "600.00", sellingPrice: "999.00", margin: "39.90" });
  });

  test("a history row and the product show the same margin (one rounding)", async () => {
    // 31.546...% would be 31.55 stored to two decimals and shown as 31.6 while the product shows 31.5.
    const product = await create({ purchasePrice: "150.05", sellingPrice: "219.20" });
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(product.margin).toBe(31.5);
    expect(history[0].margin).toBe("31.50");
  });

  test("changing a price adds a history row; changing only the stock does not", async () => {
    const product = await create();
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 30 }), null));
    await db.inRequest(() =>
      updateProduct(product.id, input({ stockLevel: 30, sellingPrice: "949,00" }), null),
    );
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(history.map((h) => h.sellingPrice)).toEqual(["999.00", "949.00"]);
  });

  test("a stale version is refused and nothing is overwritten", async () => {
    const product = await create();
    await db.inRequest(() =>
      updateProduct(product.id, input({ name: "First edit", version: product.version }), null),
    );
    const stale = await db.inRequest(() =>
      updateProduct(product.id, input({ name: "Second edit", version: product.version }), null),
    );
    expect(stale).toEqual({ ok: false, reason: "stale" });
    const [row] = await sql<{ name: string }>("select name from product where id = ?", [product.id]);
    expect(row.name).toBe("First edit");
  });

  test("a duplicate SKU (any letter case) and an unknown category are refused", async () => {
    await create();
    expect(await db.inRequest(() => createProduct(input({ sku: "len-e14" }), null))).toEqual({
      ok: false,
      reason: "skuTaken",
    });
    expect(await db.inRequest(() => createProduct(input({ sku: "OTHER", categoryId: 9999 }), null))).toEqual({
      ok: false,
      reason: "unknownCategory",
    });
    expect((await sql("select id from product")).length).toBe(1);
  });
});

describe("the one write path", () => {
  test("one SKU created at once by several requests (in any letter case): one is created, the others refused", async () => {
    const results = await Promise.all(
      ["RACE-1", "race-1", "Race-1", "RACE-1"].map((sku) =>
        db.inRequest(() => createProduct(input({ sku }), null)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual([
      "skuTaken",
      "skuTaken",
      "skuTaken",
    ]);
    expect(await sql("select id from product where lower(sku) = 'race-1'")).toHaveLength(1);
  });

  test("an import writes every product in one batch, each with its history row and its alerts", async () => {
    const inputs = Array.from({ length: 250 }, (_, i) =>
      input({ sku: `IMP-${i}`, stockLevel: i % 50, purchasePrice: i % 10 === 0 ? "950.00" : "600.00" }),
    );
    expect(await db.inRequest(() => importProducts(inputs, null))).toEqual({ ok: true, count: 250 });
    const [counts] = await sql<{ products: number; history: number; low_stock: number; low_margin: number }>(
      `select (select count(*)::int from product) as products, (select count(*)::int from price_history) as history,
         (select count(*)::int from alert where type = 'low_stock') as low_stock,
         (select count(*)::int from alert where type = 'low_margin') as low_margin`,
    );
    // Stock 0-10 of every 50 (11 of 50) is low; every tenth sells at 999 bought at 950 (4.9 %).
    expect(counts).toEqual({ products: 250, history: 250, low_stock: 55, low_margin: 25 });
  });

  test("the most extreme prices accepted are stored with their margin and history, never refused by the database", async () => {
    // 99 999 999,99 excluding 100 % VAT, sold at 0,01: a margin of -1 999 999 999 700 %.
    // Below cost by far: confirmed as an admin (the guard would refuse it otherwise).
    const result = await db.inRequest(() =>
      createProduct(
        input({ purchasePrice: "99999999.99", sellingPrice: "0.01", vatInclusive: "false", vatRate: "100" }),
        null,
        FORM,
        { reason: "Testing the extremes", userId: 0, role: "admin" },
      ),
    );
    expect(result).toMatchObject({ ok: true, product: { margin: -1999999999700, marginCategory: "low" } });
    const [row] = await sql<{ margin: string }>("select margin from price_history");
    expect(row.margin).toBe("-1999999999700.00");
  });

  test("an import with one repeated SKU writes nothing and names the row", async () => {
    const inputs = [input({ sku: "A-1" }), input({ sku: "A-2" }), input({ sku: "a-1" })];
    expect(await db.inRequest(() => importProducts(inputs, null))).toEqual({
      ok: false,
      row: 3,
      reason: "skuTaken",
    });
    expect(await sql("select id from product")).toHaveLength(0);
  });

  test("two changes at once: without a version both apply in turn; with the same version one is stale", async () => {
    const product = await create();
    const change = (overrides: Record<string, unknown>) =>
      db.inRequest(() => updateProduct(product.id, input(overrides), null));
    const free = await Promise.all([change({ stockLevel: 1 }), change({ stockLevel: 2 })]);
    expect(free.map((r) => r.ok)).toEqual([true, true]);
    const [{ version }] = await sql<{ version: number }>("select version from product where id = ?", [
      product.id,
    ]);
    expect(version).toBe(product.version + 2);

    const racing = await Promise.all([change({ name: "A", version }), change({ name: "B", version })]);
    expect(racing.filter((r) => r.ok)).toHaveLength(1);
    expect(racing.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "stale" }]);
  });

  test("the demo seed writes its products through the same path: a history row each, and their alerts", async () => {
    await db.truncate("campaign_product", "campaign", "customer", "category", "sales_order", "serial_unit");
    expect(await db.orm.em.fork().transactional((tx) => seedDemoCatalogue(tx))).toBe(true);
    // Every low product has its alert; a product with one is low now, or was while a transfer
    // carried its stock (in transit is in no location's stock).
    const [counts] = await sql<{
      products: number;
      without_history: number;
      low_unalerted: number;
      alerted_not_low: number;
    }>(
      `select (select count(*)::int from product) as products,
         (select count(*)::int from product p where not exists (select 1 from price_history h where h.product_id = p.id)) as without_history,
         (select count(*)::int from product p where (stock_level <= 10 or margin_category = 'low')
            and not exists (select 1 from alert a where a.product_id = p.id)) as low_unalerted,
         (select count(*)::int from product p where not (stock_level <= 10 or margin_category = 'low')
            and exists (select 1 from alert a where a.product_id = p.id)
            and not exists (select 1 from transfer_line l where l.product_id = p.id)) as alerted_not_low`,
    );
    expect(counts.products).toBeGreaterThan(100);
    expect(counts.without_history).toBe(0);
    expect(counts.low_unalerted).toBe(0);
    expect(counts.alerted_not_low).toBe(0);
    // Its categories (a tree), customers and campaigns (with products at a discount) come with it.
    const [rest] = await sql<Record<string, number>>(
      `select (select count(*)::int from category where parent_id is null) as roots,
         (select count(*)::int from category where parent_id is not null) as children,
         (select count(*)::int from customer) as customers,
         (select count(*)::int from campaign) as campaigns,
         (select count(*)::int from campaign_product where discount_price < original_price) as discounted,
         (select count(*)::int from campaign_product) as linked`,
    );
    expect(rest.roots).toBe(5);
    expect(rest.children).toBeGreaterThan(rest.roots);
    expect(rest.customers).toBeGreaterThan(10);
    expect(rest.campaigns).toBe(5);
    expect(rest.linked).toBeGreaterThan(10);
    expect(rest.discounted).toBe(rest.linked);
    // Its order history went through the orders' write path: every customer's kept totals are its
    // confirmed orders', and every product's stock is its ledger's sum (sales taken).
    const [orders] = await sql<Record<string, number>>(
      `select (select count(*)::int from sales_order) as orders,
         (select count(*)::int from sales_order where status = 'delivered') as delivered,
         (select count(*)::int from customer c where c.total_orders <> (select count(*) from sales_order o
            where o.customer_id = c.id and o.status in ('confirmed', 'shipped', 'delivered'))) as totals_off,
         (select count(*)::int from product p where p.stock_level <> (select coalesce(sum(m.quantity), 0)
            from stock_movement m where m.product_id = p.id)) as ledger_off,
         (select count(*)::int from stock_movement where reason = 'sale') as sales`,
    );
    expect(orders.orders).toBeGreaterThan(30);
    expect(orders.delivered).toBeGreaterThan(10);
    expect(orders.totals_off).toBe(0);
    expect(orders.ledger_off).toBe(0);
    expect(orders.sales).toBeGreaterThan(0);
    // Its phones (by IMEI) and laptops (by serial) have a unit per piece: those in stock are the
    // stock level plus what confirmed orders hold, and every shipped line of them has its units.
    const [units] = await sql<Record<string, number>>(
      `select (select count(*)::int from product where tracking <> 'none') as tracked,
         (select count(*)::int from serial_unit where state = 'sold') as sold,
         (select count(*)::int from product p where p.tracking <> 'none' and
            (select count(*) from serial_unit u where u.product_id = p.id and u.state = 'in_stock')
            <> p.stock_level + (select coalesce(sum(i.quantity), 0) from sales_order_item i
              join sales_order o on o.id = i.order_id where i.product_id = p.id and o.status = 'confirmed')) as units_off,
         (select count(*)::int from sales_order_item i join sales_order o on o.id = i.order_id
            join product p on p.id = i.product_id
           where p.tracking <> 'none' and o.status in ('shipped', 'delivered')
             and i.quantity <> (select count(*) from serial_unit u where u.sold_item_id = i.id)) as lines_off`,
    );
    expect(units.tracked).toBeGreaterThan(20);
    expect(units.sold).toBeGreaterThan(0);
    expect(units.units_off).toBe(0);
    expect(units.lines_off).toBe(0);
    // Its stock is spread over three places by transfers (issue #32): every location's stock is its
    // ledger's sum there, and one transfer is still in transit.
    const [places] = await sql<Record<string, number>>(
      `select (select count(*)::int from location) as locations,
         (select count(*)::int from product_stock s where s.quantity <> (select coalesce(sum(m.quantity), 0)
            from stock_movement m where m.product_id = s.product_id and m.location_id = s.location_id)) as places_off,
         (select count(distinct location_id)::int from product_stock where quantity > 0) as holding,
         (select count(*)::int from transfer where status = 'received') as received,
         (select count(*)::int from transfer where status = 'sent') as in_transit`,
    );
    expect(places).toEqual({ locations: 3, places_off: 0, holding: 3, received: 2, in_transit: 1 });
    // Seeding again finds the catalogue and adds nothing.
    expect(await db.orm.em.fork().transactional((tx) => seedDemoCatalogue(tx))).toBe(false);
  });
});

describe("alerts raised on change (the shop's own; the demo's automation rules add theirs)", () => {
  test("stock falling to 10 or below raises one low_stock alert, however often it falls", async () => {
    const product = await create();
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 3 }), null));
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 20 }), null));
    await db.inRequest(() => updateProduct(product.id, input({ stockLevel: 2 }), null));
    const alerts = await sql<{ type: string; message: string }>(
      "select type, message from alert where product_id = ? and rule_id is null",
      [product.id],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0].type).toBe("low_stock");
    expect(alerts[0].message).toContain("2 in stock");
  });

  test("a margin under 10 % raises low_margin and a status change raises product_status", async () => {
    const product = await create();
    await db.inRequest(() =>
      updateProduct(product.id, input({ purchasePrice: "950.00", status: "eol" }), null),
    );
    const types = (
      await sql<{ type: string }>("select type from alert where rule_id is null order by type")
    ).map((a) => a.type);
    expect(types).toEqual(["low_margin", "product_status"]);
  });
});

describe("a purchase price changed alone (a purchase order received at a new cost)", () => {
  const reprice = (changes: { id: number; purchasePrice: string }[]) =>
    db.inRequest(() => db.orm.em.fork().transactional((tx) => changePurchasePrices(tx, changes, null)));

  test("is written as an edit of the price: the margin, a history row, a low_margin alert, a new version, every other field kept", async () => {
    const product = await create({
      location: "A-1",
      reorderPoint: 5,
      reorderQuantity: 20,
      ean: "4006381333931",
    });
    expect(await reprice([{ id: product.id, purchasePrice: "950.00" }])).toEqual({ ok: true });
    const after = await db.inRequest(() => getProduct(product.id));
    expect(after).toEqual({
      ...product,
      purchasePrice: "950.00",
      margin: 4.9,
      marginCategory: "low",
      profit: expect.anything(),
      version: product.version + 1,
      updatedAt: expect.any(String),
    });
    const history = await db.inRequest(() => listPriceHistory(product.id));
    expect(history.map((row) => [row.purchasePrice, row.margin])).toEqual([
      ["600.00", "39.90"],
      ["950.00", "4.90"],
    ]);
    expect(
      await sql("select type from alert where product_id = ? and rule_id is null", [product.id]),
    ).toEqual([{ type: "low_margin" }]);
  });

  test("the price the product has writes nothing; an unknown product is refused", async () => {
    const product = await create();
    expect(await reprice([{ id: product.id, purchasePrice: "600.00" }])).toEqual({ ok: true });
    expect(await db.inRequest(() => getProduct(product.id))).toMatchObject({ version: product.version });
    expect(await db.inRequest(() => listPriceHistory(product.id))).toHaveLength(1);
    expect(await reprice([{ id: product.id + 1, purchasePrice: "1.00" }])).toEqual({
      ok: false,
      index: 0,
      reason: "notFound",
    });
  });
});

describe("deleting", () => {
  test("a product on an order cannot be deleted; another can", async () => {
    const used = await create({ sku: "USED" });
    const free = await create({ sku: "FREE" });
    const order = await db.inRequest(() =>
      createOrder(orderSchema.parse({ lines: [{ productId: used.id, quantity: 1 }] }), null),
    );
    expect(order.ok).toBe(true);
    expect(await db.inRequest(() => deleteProduct(used.id))).toEqual({ ok: false, reason: "inUse" });
    expect(await db.inRequest(() => deleteProduct(free.id))).toEqual({ ok: true });
    expect(await db.inRequest(() => deleteProduct(free.id))).toEqual({ ok: false, reason: "notFound" });
  });

  test("a batch is refused as a whole, naming the first product in use; else each goes, with its opening movement and history", async () => {
    const first = await create({ sku: "FIRST" });
    const used = await create({ sku: "USED" });
    const last = await create({ sku: "LAST" });
    const order = await db.inRequest(() =>
      createOrder(orderSchema.parse({ lines: [{ productId: used.id, quantity: 1 }] }), null),
    );
    expect(order.ok).toBe(true);
    const remove = (ids: number[]) =>
      db.inRequest(() => db.orm.em.fork().transactional((tx) => deleteProducts(tx, ids)));
    expect(await remove([first.id, used.id, last.id])).toEqual({ ok: false, index: 1, reason: "inUse" });
    expect(await sql("select id from product")).toHaveLength(3);
    expect(await remove([last.id, first.id])).toEqual({ ok: true });
    expect(await sql("select id from product")).toEqual([{ id: used.id }]);
    const left = "select count(*)::int as n from %s where product_id in (?, ?)";
    for (const table of ["stock_movement", "price_history"]) {
      expect(await sql(left.replace("%s", table), [first.id, last.id])).toEqual([{ n: 0 }]);
    }
    expect(await remove([first.id])).toEqual({ ok: false, index: 0, reason: "notFound" });
  });
});

describe("product input", () => {
  test.each([
    ["a negative price", { purchasePrice: "-1" }],
    ["three decimals", { sellingPrice: "9.999" }],
    ["a word as price", { sellingPrice: "abc" }],
    ["a selling price of zero", { sellingPrice: "0" }],
    ["stock -1", { stockLevel: -1 }],
    ["stock 1.5", { stockLevel: 1.5 }],
    ["an unknown status", { status: "sold" }],
    ["a 10,000-character name", { name: "x".repeat(10_000) }],
    ["a bad EAN check digit", { ean: "4006381333932" }],
    ["a missing name", { name: undefined }],
  ])("refuses %s", (_label, overrides) => {
    const parsed = productSchema.safeParse({
      name: "X",
      sku: "X",
      brand: "X",
      purchasePrice: "1",
      sellingPrice: "2",
      supplier: "X",
      ...overrides,
    });
    expect(parsed.success).toBe(false);
  });

  test("accepts a decimal comma and fills the defaults", () => {
    const parsed = productSchema.parse({
      name: "X",
      sku: "X",
      brand: "X",
      purchasePrice: "12,5",
      sellingPrice: 20,
      supplier: "X",
      ean: "",
      categoryId: "",
    });
    expect(parsed).toMatchObject({
      purchasePrice: "12.50",
      sellingPrice: "20.00",
      vatInclusive: true,
      stockLevel: 0,
      status: "active",
      ean: null,
      categoryId: null,
    });
  });
});

describe("the below-cost guard on a product's prices", () => {
  async function staff(role: "admin" | "salesperson") {
    const [row] = await sql<{ id: number }>(
      `insert into "user" (email, password, first_name, last_name, role) values (?, 'x', 'Anna', 'Admin', ?) returning id`,
      [`${Math.random().toString(36).slice(2, 10)}@example.fi`, role],
    );
    return { id: row.id, role };
  }
  const approvals = () =>
    sql<Record<string, unknown>>(
      "select subject, subject_id, product_id, label, price, cost, margin, reason, user_id from below_cost_approval",
    );

  test("a price under the net cost is refused without a reason and nothing changes; an admin's reason saves it and is kept", async () => {
    const product = await create();
    const cheap = input({ sellingPrice: "500.00", version: product.version });
    const refused = await db.inRequest(() => updateProduct(product.id, cheap, null));
    expect(refused).toEqual({
      ok: false,
      reason: "belowCost",
      findings: [
        {
          productId: product.id,
          label: "ThinkPad E14 (LEN-E14)",
          price: "500.00",
          // 600,00 with 25,5 % VAT in it: 478,09 net; sold at 398,41 net.
          cost: "478.09",
          margin: -20,
        },
      ],
    });
    expect(await db.inRequest(() => getProduct(product.id))).toMatchObject({
      sellingPrice: "999.00",
      version: 1,
    });
    expect(await approvals()).toEqual([]);

    const admin = await staff("admin");
    const confirmation = { reason: "Clearance of the old model", userId: admin.id, role: admin.role };
    const saved = await db.inRequest(() => updateProduct(product.id, cheap, admin.id, FORM, confirmation));
    expect(saved).toMatchObject({ ok: true, product: { sellingPrice: "500.00", version: 2 } });
    expect(await approvals()).toEqual([
      {
        subject: "product",
        subject_id: product.id,
        product_id: product.id,
        label: "ThinkPad E14 (LEN-E14)",
        price: "500.00",
        cost: "478.09",
        margin: "-20.0",
        reason: "Clearance of the old model",
        user_id: admin.id,
      },
    ]);
    // Saved again below cost with its prices unchanged (a stock edit): nothing to ask.
    const restocked = input({ sellingPrice: "500.00", stockLevel: 30 });
    expect(await db.inRequest(() => updateProduct(product.id, restocked, null))).toMatchObject({ ok: true });
  });

  test("a salesperson's reason does not confirm a price below cost", async () => {
    const salesperson = await staff("salesperson");
    const confirmation = { reason: "Customer asked", userId: salesperson.id, role: salesperson.role };
    const refused = await db.inRequest(() =>
      createProduct(input({ sellingPrice: "100.00" }), salesperson.id, FORM, confirmation),
    );
    expect(refused).toMatchObject({ ok: false, reason: "belowCostForbidden" });
    expect(await sql("select id from product")).toEqual([]);
    expect(await approvals()).toEqual([]);
  });

  test("an import row below cost is refused with its row number unless confirmed; a receipt's new cost is not asked", async () => {
    const inputs = [input({ sku: "OK-1" }), input({ sku: "LOSS-1", purchasePrice: "1200.00" })];
    expect(await db.inRequest(() => importProducts(inputs, null, { source: "import" }))).toEqual({
      ok: false,
      row: 2,
      reason: "belowCost",
    });
    expect(await sql("select id from product")).toEqual([]);
    const admin = await staff("admin");
    const confirmation = { reason: "Demo units", userId: admin.id, role: admin.role };
    expect(
      await db.inRequest(() => importProducts(inputs, admin.id, { source: "import" }, confirmation)),
    ).toEqual({ ok: true, count: 2 });
    expect((await approvals()).map((row) => row.label)).toEqual(["ThinkPad E14 (LOSS-1)"]);

    const [ok] = await sql<{ id: number }>("select id from product where sku = 'OK-1'");
    const received = await db.inRequest(() =>
      db.orm.em
        .fork()
        .transactional((tx) =>
          changePurchasePrices(tx, [{ id: ok.id, purchasePrice: "1100.00" }], null, { source: "receipt" }),
        ),
    );
    expect(received).toEqual({ ok: true });
    expect(await approvals()).toHaveLength(1);
  });
});
