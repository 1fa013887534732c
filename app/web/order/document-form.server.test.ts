import { describe, expect, test } from "vitest";
import { getOrder } from "~/models/order/order.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { allowedMoves, type EditorActionData, editDocument } from "./document-form.server";

const db = testDatabase();

async function product(overrides: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "USB-C cable",
        sku: `FORM-${Math.random().toString(36).slice(2, 8)}`,
        brand: "Anker",
        purchasePrice: "10.00",
        sellingPrice: "20.00",
        stockLevel: 12,
        supplier: "Tech Data",
        ...overrides,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** The editor an intent answered with (a data() answer), or the redirect's location. */
async function answer(result: unknown) {
  if (result instanceof Response) return { location: result.headers.get("Location") };
  const { data, init } = result as { data: EditorActionData; init: { status?: number } | null };
  return { editor: data.editor, status: init?.status ?? 200 };
}

describe("the quote and order editor without JavaScript", () => {
  test("Add line resolves a typed SKU (any case), prices it and adds an empty row", async () => {
    const cable = await product();
    const result = await answer(
      await db.inRequest(async () =>
        editDocument(
          "quote",
          form({ intent: "addLine", "lines[0].code": cable.sku.toLowerCase(), "lines[0].quantity": "3" }),
          null,
          null,
        ),
      ),
    );
    expect(result.editor?.rows).toHaveLength(2);
    expect(result.editor?.rows[0]).toMatchObject({
      product: { id: cable.id },
      price: "20.00",
      lineTotal: "60.00",
      marginCategory: "high",
      belowCost: false,
    });
    expect(result.editor?.amounts?.totalAmount).toBe("60.00");
  });

  test("a line under cost is saved only once the user confirms it", async () => {
    const cable = await product();
    const fields = {
      intent: "save",
      "lines[0].code": cable.sku,
      "lines[0].quantity": "2",
      "lines[0].unitPrice": "5,00",
    };
    const refused = await answer(await db.inRequest(() => editDocument("order", form(fields), null, null)));
    expect(refused.status).toBe(400);
    expect(refused.editor?.belowCost).toBe(true);
    expect(refused.editor?.errors.confirmBelowCost).toEqual(["orders:errors.confirmBelowCost"]);

    const saved = await answer(
      await db.inRequest(() =>
        editDocument("order", form({ ...fields, confirmBelowCost: "on" }), null, null),
      ),
    );
    expect(saved.location).toMatch(/^\/orders\/\d+$/);
    const order = await db.inRequest(() => getOrder(Number(saved.location?.split("/").pop())));
    expect(order?.totalAmount).toBe("10.00");
    expect(order?.lines[0].belowCost).toBe(true);
  });

  test("an unknown code and a bad quantity are marked on their rows and nothing is saved", async () => {
    const cable = await product();
    const result = await answer(
      await db.inRequest(() =>
        editDocument(
          "quote",
          form({
            intent: "save",
            "lines[0].code": "NO-SUCH-CODE-123",
            "lines[0].quantity": "1",
            "lines[1].code": cable.sku,
            "lines[1].quantity": "0",
          }),
          null,
          null,
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.editor?.rows[0].errors).toEqual(["orders:errors.unknownCode"]);
    expect(result.editor?.rows[1].errors).toEqual(["orders:errors.quantity"]);
    expect(result.editor?.errors.form).toEqual(["orders:errors.checkLines"]);
  });

  test("Remove takes the row out and the amounts follow", async () => {
    const a = await product();
    const b = await product({ sellingPrice: "30.00" });
    const result = await answer(
      await db.inRequest(() =>
        editDocument(
          "order",
          form({
            intent: "removeLine-0",
            "lines[0].code": a.sku,
            "lines[0].quantity": "1",
            "lines[1].code": b.sku,
            "lines[1].quantity": "1",
          }),
          null,
          null,
        ),
      ),
    );
    expect(result.editor?.rows.map((row) => row.code)).toEqual([b.sku]);
    expect(result.editor?.amounts?.totalAmount).toBe("30.00");
  });
});

describe("the moves a user is offered", () => {
  const order = { kind: "order", status: "awaiting_approval", paymentStatus: "pending" } as never;
  test("only an admin may approve; a salesperson is offered nothing", () => {
    expect(allowedMoves(order, "admin")).toEqual([
      { intent: "move", to: "pending" },
      { intent: "move", to: "cancelled" },
      { intent: "pay", to: "paid" },
    ]);
    expect(allowedMoves(order, "manager").map((move) => move.to)).toEqual(["cancelled", "paid"]);
    expect(allowedMoves(order, "salesperson")).toEqual([]);
  });
  test("a draft quote is sent, never expired by hand", () => {
    expect(allowedMoves({ kind: "quote", status: "draft" } as never, "manager")).toEqual([
      { intent: "move", to: "sent" },
    ]);
  });
});
