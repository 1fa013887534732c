import { describe, expect, test } from "vitest";
import { getOrder } from "~/models/order/order.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import type { Role } from "~/models/user/roles";
import { createUserByAdmin } from "~/models/user/user.server";
import { newUserSchema } from "~/models/user/user-schema";
import { testDatabase } from "../../../tests/setup/database";
import { allowedMoves, type EditorActionData, editDocument } from "./document-form.server";
import { documentRefusal } from "./order-api.server";

const db = testDatabase();

let made = 0;
async function user(role: Role) {
  made += 1;
  const created = await db.inRequest(() =>
    createUserByAdmin(
      newUserSchema.parse({
        firstName: role,
        lastName: "Tester",
        email: `form-${role}-${made}-${Date.now()}@example.com`,
        password: "secret1",
        role,
      }),
    ),
  );
  if (!created.ok) throw new Error(created.reason);
  return { id: created.user.id, role };
}

/** Who edits where the user does not matter: not a row of the users' table. */
const admin = { id: 0, role: "admin" as const };

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
          admin,
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

  test("a line under cost is saved only with an admin's or a manager's reason, which is recorded", async () => {
    const cable = await product();
    const manager = await user("manager");
    const salesperson = await user("salesperson");
    const fields = {
      intent: "save",
      "lines[0].code": cable.sku,
      "lines[0].quantity": "2",
      "lines[0].unitPrice": "5,00",
    };
    const lines = () =>
      db.orm.em
        .fork()
        .execute<{ n: number }[]>("select count(*)::int as n from sales_order_item where product_id = ?", [
          cable.id,
        ]);
    const refused = await answer(
      await db.inRequest(() => editDocument("order", form(fields), null, manager)),
    );
    expect(refused.status).toBe(400);
    expect(refused.editor?.belowCostAnswer).toMatchObject({
      count: 1,
      forbidden: false,
      findings: [{ productId: cable.id, price: "5.00", cost: "7.97" }],
    });
    expect(await lines()).toEqual([{ n: 0 }]);

    // A salesperson's reason is not theirs to give.
    const forbidden = await answer(
      await db.inRequest(() =>
        editDocument("order", form({ ...fields, belowCostReason: "Clearance" }), null, salesperson),
      ),
    );
    expect(forbidden.status).toBe(400);
    expect(forbidden.editor?.belowCostAnswer?.forbidden).toBe(true);
    expect(await lines()).toEqual([{ n: 0 }]);

    const saved = await answer(
      await db.inRequest(() =>
        editDocument(
          "order",
          form({ ...fields, belowCostReason: " Clearance of a discontinued cable " }),
          null,
          manager,
        ),
      ),
    );
    expect(saved.location).toMatch(/^\/orders\/\d+$/);
    const id = Number(saved.location?.split("/").pop());
    const order = await db.inRequest(() => getOrder(id));
    expect(order?.totalAmount).toBe("10.00");
    expect(order?.lines[0].belowCost).toBe(true);
    expect(
      await db.orm.em
        .fork()
        .execute(
          "select subject, subject_id, product_id, user_id, reason, price::text, cost::text from below_cost_approval where subject_id = ? and subject = 'order'",
          [id],
        ),
    ).toEqual([
      {
        subject: "order",
        subject_id: id,
        product_id: cable.id,
        user_id: manager.id,
        reason: "Clearance of a discontinued cable",
        price: "5.00",
        cost: "7.97",
      },
    ]);

    // Saved again unchanged, its confirmed line needs no new reason and is not recorded twice.
    const again = await answer(
      await db.inRequest(() =>
        editDocument("order", form({ ...fields, version: String(order?.version) }), order, manager),
      ),
    );
    expect(again.location).toBe(`/orders/${id}`);
    expect(
      await db.orm.em
        .fork()
        .execute<{ n: number }[]>(
          "select count(*)::int as n from below_cost_approval where subject_id = ? and subject = 'order'",
          [id],
        ),
    ).toEqual([{ n: 1 }]);
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
          admin,
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
          admin,
        ),
      ),
    );
    expect(result.editor?.rows.map((row) => row.code)).toEqual([b.sku]);
    expect(result.editor?.amounts?.totalAmount).toBe("30.00");
  });
});

test("the API answers the guard's refusals: 409 without a reason, 403 for a salesperson's", () => {
  const findings = [{ productId: 1, label: "Cable (C-1)", price: "5.00", cost: "7.97", margin: -59.4 }];
  expect(documentRefusal("order", { reason: "belowCost", findings }).status).toBe(409);
  expect(documentRefusal("order", { reason: "belowCostForbidden", findings }).status).toBe(403);
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
