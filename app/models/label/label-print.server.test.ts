import { beforeEach, describe, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { addCampaignProduct, createCampaign } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { todayIn } from "~/models/campaign/campaign-status";
import { eanCheckDigit } from "~/models/ean";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import {
  createPurchaseOrder,
  movePurchaseOrder,
  receivePurchaseOrder,
} from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema, receiveSchema } from "~/models/purchase-order/purchase-order-schema";
import { testDatabase } from "../../../tests/setup/database";
import { type LabelSelection, labelFactsOf, previewLabels, printLabels } from "./label-print.server";
import { countQueuedLabels } from "./label-queue.server";

const db = testDatabase();

beforeEach(() =>
  db.truncate(
    "campaign",
    "purchase_order_line",
    "purchase_order",
    "document_number",
    "stock_movement",
    "alert",
    "product",
    "category",
    "supplier",
    "price_history",
    "label_queue",
    "label_print",
  ),
);

const today = todayIn(SHOP_TIME_ZONE);
const ean = (first12: string) => `${first12}${eanCheckDigit(first12)}`;

const input = (overrides: Record<string, unknown> = {}) =>
  productSchema.parse({
    name: "Soundbar S2",
    sku: "SB-2",
    brand: "Sono",
    purchasePrice: "40.00",
    sellingPrice: "100.00",
    stockLevel: 5,
    supplier: "Tech Data",
    ...overrides,
  });

async function product(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() => createProduct(input(overrides), null));
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

const facts = (selection: LabelSelection) => db.inRequest(() => labelFactsOf(selection));
const names = async (selection: LabelSelection) => (await facts(selection)).facts.map((label) => label.name);

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

async function campaign(name: string, startDate: string, endDate: string, prices: [number, string][]) {
  const made = await db.inRequest(() =>
    createCampaign(campaignSchema.parse({ name, startDate, endDate }), null),
  );
  for (const [productId, discountPrice] of prices) {
    const added = await db.inRequest(() =>
      addCampaignProduct(made.id, campaignProductSchema.parse({ productId, discountPrice })),
    );
    if (!added.ok) throw new Error(added.reason);
  }
  return made.id;
}

describe("which products a print takes", () => {
  test("the /products filters: the list's products, in the list's order", async () => {
    const [{ id: audio }] = await sql<{ id: number }>(
      "insert into category (name) values ('Audio') returning id",
    );
    await product({ name: "Soundbar S2", sku: "SB-2", sellingPrice: "199.00", categoryId: audio });
    await product({ name: "Soundbar S1", sku: "SB-1", sellingPrice: "99.00", categoryId: audio });
    await product({
      name: "Soundbar S3",
      sku: "SB-3",
      sellingPrice: "299.00",
      categoryId: audio,
      status: "eol",
    });
    await product({ name: "Cable", sku: "CB-1", purchasePrice: "5.00", sellingPrice: "9.90" });

    expect(await names({ filters: { categoryId: audio, sort: "price", direction: "asc" } })).toEqual([
      "Soundbar S1",
      "Soundbar S2",
      "Soundbar S3",
    ]);
    expect(await names({ filters: { search: "soundbar", status: "active", sort: "name" } })).toEqual([
      "Soundbar S1",
      "Soundbar S2",
    ]);
    // No filters: the whole catalogue, newest first as the list shows it.
    expect(await names({ filters: {} })).toEqual(["Cable", "Soundbar S3", "Soundbar S1", "Soundbar S2"]);
    expect(await names({ filters: { search: "nothing like this" } })).toEqual([]);
  });

  test("given products (a product's page, the scanned list): in the order given", async () => {
    const a = await product({ name: "A", sku: "A-1" });
    const b = await product({ name: "B", sku: "B-1" });
    expect(await names({ productIds: [b.id, a.id] })).toEqual(["B", "A"]);
  });

  test("a purchase order's received lines: the products with something received, once each", async () => {
    const cable = await product({ name: "Cable", sku: "CB-1", supplier: "Tech Data" });
    const lamp = await product({ name: "Lamp", sku: "LM-1", supplier: "Tech Data" });
    const plug = await product({ name: "Plug", sku: "PL-1", supplier: "Tech Data" });
    const draft = await db.inRequest(() =>
      createPurchaseOrder(
        purchaseOrderSchema.parse({
          supplierId: cable.supplierId,
          lines: [
            { productId: lamp.id, quantity: 4 },
            { productId: cable.id, quantity: 10 },
            { productId: plug.id, quantity: 2 },
          ],
        }),
        null,
      ),
    );
    if (!draft.ok) throw new Error(draft.reason);
    const id = draft.order.id;
    expect(await names({ purchaseOrder: id })).toEqual([]);
    await db.inRequest(() => movePurchaseOrder(id, "sent", null));
    const [lampLine, cableLine, plugLine] = draft.order.lines;
    const received = await db.inRequest(() =>
      receivePurchaseOrder(
        id,
        receiveSchema.parse({
          lines: [
            { lineId: lampLine.id, quantity: 0 },
            { lineId: cableLine.id, quantity: 3 },
            { lineId: plugLine.id, quantity: 2 },
          ],
        }),
        null,
      ),
    );
    expect(received.ok).toBe(true);
    expect(await names({ purchaseOrder: id })).toEqual(["Cable", "Plug"]);
    expect(await names({ purchaseOrder: 999_999 })).toEqual([]);
  });
});

describe("a campaign's labels, for its first day and at its end", () => {
  /**
   * The price log: 100.00 sixty days ago, 80.00 from forty days ago, 95.00 from 28 days ago (the
   * selling price now). A reduction beginning today is measured from 80.00 (in force when its 30
   * days opened); one beginning in three days from 95.00.
   */
  async function loggedProduct(name: string, sku: string) {
    const made = await product({ name, sku, sellingPrice: "100.00" });
    await db.inRequest(() => updateProduct(made.id, input({ name, sku, sellingPrice: "80.00" }), null));
    await db.inRequest(() => updateProduct(made.id, input({ name, sku, sellingPrice: "95.00" }), null));
    const rows = await sql<{ id: number }>("select id from price_history where product_id = ? order by id", [
      made.id,
    ]);
    for (const [row, daysAgo] of rows.map((row, i) => [row, [60, 40, 28][i]] as const)) {
      await sql(`update price_history set at = now() - interval '${daysAgo} days' where id = ?`, [row.id]);
    }
    return made.id;
  }

  test("before it starts: its first day's labels show its price and the prior price as of that day; today's do not", async () => {
    const id = await loggedProduct("Soundbar S2", "SB-2");
    const starts = addDays(today, 3);
    const sale = await campaign("Spring sale", starts, addDays(today, 10), [[id, "85.00"]]);

    const first = await facts({ campaign: sale, moment: "start" });
    expect(first.day).toBe(starts);
    expect(first.facts).toEqual([
      expect.objectContaining({
        name: "Soundbar S2",
        price: "95.00",
        campaignPrice: "85.00",
        priorPrice: "95.00",
      }),
    ]);
    // The same product's label today: no campaign yet.
    expect((await facts({ productIds: [id] })).facts[0]).toMatchObject({
      price: "95.00",
      campaignPrice: null,
      priorPrice: null,
    });
    // At its end: the selling price again.
    const after = await facts({ campaign: sale, moment: "end" });
    expect(after.day).toBe(addDays(today, 11));
    expect(after.facts[0]).toMatchObject({ price: "95.00", campaignPrice: null, priorPrice: null });
  });

  test("at its end: the selling price, or the price of another campaign still running then, with its prior price", async () => {
    const both = await loggedProduct("Soundbar S2", "SB-2");
    const alone = await loggedProduct("Soundbar S1", "SB-1");
    // Running since two days ago, to the day after tomorrow; another campaign for one product runs on.
    const running = await campaign("Autumn sale", addDays(today, -2), addDays(today, 2), [
      [both, "85.00"],
      [alone, "89.00"],
    ]);
    await campaign("Winter sale", addDays(today, 1), addDays(today, 20), [[both, "90.00"]]);

    // Its first day has passed: its labels read as today's.
    const first = await facts({ campaign: running, moment: "start" });
    expect(first.day).toBe(today);
    expect(first.facts.map((label) => [label.name, label.campaignPrice, label.priorPrice])).toEqual([
      ["Soundbar S1", "89.00", "80.00"],
      ["Soundbar S2", "85.00", "80.00"],
    ]);

    const after = await facts({ campaign: running, moment: "end" });
    expect(after.day).toBe(addDays(today, 3));
    expect(
      after.facts.map((label) => [label.name, label.price, label.campaignPrice, label.priorPrice]),
    ).toEqual([
      ["Soundbar S1", "95.00", null, null],
      // The winter sale's price, in a reduction that began with the autumn sale (today's log).
      ["Soundbar S2", "95.00", "90.00", "80.00"],
    ]);
  });

  test("a missing campaign has no labels", async () => {
    expect((await facts({ campaign: 999_999, moment: "start" })).facts).toEqual([]);
  });
});

describe("printing a selection", () => {
  test("a campaign's first-day labels as ZPL for a roll: recorded, and the queue left as it is until that day", async () => {
    const id = (await product({ name: "Soundbar S2", sku: "SB-2", ean: ean("640000000002") })).id;
    const sale = await campaign("Spring sale", addDays(today, 3), addDays(today, 10), [[id, "85.00"]]);
    expect(await db.inRequest(() => countQueuedLabels())).toBe(1);

    const printed = await db.inRequest(() =>
      printLabels(
        { campaign: sale, moment: "start" },
        { layout: "roll-58x40", dpi: 203, language: "en", userId: null, format: "zpl" },
      ),
    );
    if (!printed.ok) throw new Error(printed.refusal.reason);
    expect(printed.format).toBe("zpl");
    const zpl = String(printed.body);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain("^BEN,"); // the EAN-13, drawn by the printer
    expect(zpl).toContain("^FD64000000000");
    expect(zpl).toContain("€85.00");
    expect(await sql("select layout, language, count from label_print")).toEqual([
      { layout: "roll-58x40", language: "en", count: 1 },
    ]);
    expect(await sql("select price::text from label_print_line")).toEqual([{ price: "85.00" }]);
    // Today's shelf still shows today's label: the product stays queued.
    expect(await db.inRequest(() => countQueuedLabels())).toBe(1);

    // Today's labels as a PDF take it off the queue.
    const pdf = await db.inRequest(() =>
      printLabels({ productIds: [id] }, { layout: "a4-3x8", language: "fi", userId: null }),
    );
    expect(pdf.ok && pdf.format).toBe("pdf");
    expect(pdf.ok && Buffer.from(pdf.body).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await db.inRequest(() => countQueuedLabels())).toBe(0);
  });

  test("refused, printing and recording nothing: ZPL on an A4 sheet, an offset past the sheet, no products", async () => {
    const id = (await product()).id;
    const refusal = async (selection: LabelSelection, options: Record<string, unknown>) => {
      const printed = await db.inRequest(() =>
        printLabels(selection, { layout: "a4-3x8", language: "fi", userId: null, ...options }),
      );
      return printed.ok ? null : printed.refusal.reason;
    };
    expect(await refusal({ productIds: [id] }, { format: "zpl" })).toBe("zplNeedsRoll");
    expect(await refusal({ productIds: [id] }, { offset: 24 })).toBe("offsetPastSheet");
    expect(await refusal({ productIds: [id] }, { layout: "a5-1x1" })).toBe("unknownLayout");
    expect(await refusal({ filters: { search: "nothing like this" } }, {})).toBe("noLabels");
    expect(await refusal({ purchaseOrder: 999_999 }, {})).toBe("noLabels");
    expect(await sql("select id from label_print")).toEqual([]);
    expect(await db.inRequest(() => countQueuedLabels())).toBe(1);
  });

  test("more than 5,000 labels are refused, printing and recording nothing", async () => {
    // 5,001 products straight into the table: the print reads them, nothing else needs them.
    await sql("insert into supplier (name) values ('S')");
    await sql(
      `insert into product (name, sku, brand, purchase_price, selling_price, supplier_id)
       select 'Bulk ' || i, 'BULK-' || i, 'B', 1, 2, (select id from supplier where name = 'S')
         from generate_series(1, 5001) as i`,
    );
    const printed = await db.inRequest(() =>
      printLabels({ filters: {} }, { layout: "a4-3x8", language: "fi", userId: null }),
    );
    expect(printed.ok ? null : printed.refusal).toEqual({ reason: "tooManyLabels", max: 5000 });
    expect(await sql("select id from label_print")).toEqual([]);
  });
});

describe("the preview", () => {
  test("counts the labels, lists them with their prices, and says which print without a barcode and why", async () => {
    await product({ name: "With EAN", sku: "EAN-1", ean: ean("640000000002") });
    await product({ name: "SKU only", sku: "SKU-1" });
    await product({ name: "Long SKU", sku: "LONG-SKU-1234567890-ABCDEFGHIJ" });
    await product({ name: "Odd SKU", sku: "ÄÖ-1" });
    const preview = await db.inRequest(() => previewLabels({ filters: { sort: "name" } }));
    expect(preview).toMatchObject({ day: today, count: 4, tooMany: false, withoutBarcodeCount: 2 });
    expect(preview.labels.map((label) => [label.name, label.barcode])).toEqual([
      ["Long SKU", "code128"],
      ["Odd SKU", null],
      ["SKU only", "code128"],
      ["With EAN", "ean13"],
    ]);
    expect(preview.withoutBarcode.map((label) => [label.name, label.barcode, label.tooLongFor])).toEqual([
      ["Long SKU", "code128", expect.arrayContaining(["a4-4x10"])],
      ["Odd SKU", null, []],
    ]);
    expect(preview.labels.find((label) => label.name === "SKU only")?.tooLongFor).toEqual([]);
  });
});
