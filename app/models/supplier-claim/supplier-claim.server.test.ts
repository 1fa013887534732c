import { beforeEach, describe, expect, test } from "vitest";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import {
  createPurchaseOrder,
  movePurchaseOrder,
  receivePurchaseOrder,
} from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderSchema, receiveSchema } from "~/models/purchase-order/purchase-order-schema";
import { findSerialUnits, getSerialUnit } from "~/models/serial/serial.server";
import { markStockDefective, markUnitDefective } from "~/models/stock/mark-defective.server";
import { markStockDefectiveSchema, markUnitDefectiveSchema } from "~/models/stock/mark-defective-schema";
import { createSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { testDatabase } from "../../../tests/setup/database";
import {
  changeSupplierClaim,
  createClaimFromDefective,
  deleteSupplierClaim,
  getSupplierClaim,
  listDefectiveStock,
  recordClaimOutcomes,
  sendSupplierClaim,
} from "./supplier-claim.server";
import { claimChangeSchema, claimOutcomesSchema } from "./supplier-claim-schema";

const db = testDatabase();
const random = () => Math.random().toString(36).slice(2, 8);

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

async function supplier(email: string | null = "claims@supplier.example") {
  const made = await db.inRequest(() =>
    createSupplier(supplierSchema.parse({ name: `Supplier ${random()}`, email })),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.supplier.id;
}

async function product(supplierId: number, tracking: "serial" | "none", stockLevel = 0) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: tracking === "none" ? "USB-C cable 2 m" : "Laptop 14",
        sku: `CL-${random()}`,
        brand: "Acme",
        purchasePrice: "300.00",
        vatInclusive: false,
        sellingPrice: "499.00",
        stockLevel,
        supplierId,
        tracking,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product;
}

/** Units received on a purchase order at a unit cost of 280.00 (not the product's 300.00). */
async function receiveUnits(supplierId: number, productId: number, serials: string[]) {
  const input = purchaseOrderSchema.parse({
    supplierId,
    lines: [{ productId, quantity: serials.length, unitCost: "280.00" }],
  });
  const order = ok(await db.inRequest(() => createPurchaseOrder({ ...input, supplierId }, null))).order;
  ok(await db.inRequest(() => movePurchaseOrder(order.id, "sent", null)));
  ok(
    await db.inRequest(() =>
      receivePurchaseOrder(
        order.id,
        receiveSchema.parse({ lines: [{ lineId: order.lines[0].id, quantity: serials.length, serials }] }),
        null,
      ),
    ),
  );
  return Promise.all(serials.map(async (serial) => (await db.inRequest(() => findSerialUnits(serial)))[0]));
}

async function levels(productId: number) {
  const [row] = await db.orm.em
    .fork()
    .execute<{ stock_level: number; defective_stock: number }[]>(
      "select stock_level, defective_stock from product where id = ?",
      [productId],
    );
  return { stock: row.stock_level, defective: row.defective_stock };
}

const unitOf = async (id: number) =>
  (await db.inRequest(() => getSerialUnit(id))) as NonNullable<Awaited<ReturnType<typeof getSerialUnit>>>;
const markUnit = (id: number, note: string | null = "Does not boot") =>
  db.inRequest(() => markUnitDefective(id, markUnitDefectiveSchema.parse({ note }), null));
const create = (supplierId: number) =>
  db.inRequest(() => createClaimFromDefective({ supplierId, note: null }, null));
const send = (id: number) => db.inRequest(() => sendSupplierClaim(id, null));
const settle = (id: number, lines: object[]) =>
  db.inRequest(() => recordClaimOutcomes(id, claimOutcomesSchema.parse({ lines }), null));

beforeEach(() =>
  db.truncate(
    "supplier_claim_line",
    "supplier_claim",
    "serial_event",
    "serial_unit",
    "purchase_order_line",
    "purchase_order",
    "document_number",
    "email_outbox",
    "audit_log",
    "stock_movement",
    "alert",
    "price_history",
    "product",
    "supplier",
  ),
);

describe("defective units and supplier claims (issue #31)", () => {
  test("a unit marked defective is gathered on its supplier's claim, sent, and crediting it closes the claim", async () => {
    const supplierId = await supplier();
    const laptop = await product(supplierId, "serial");
    const [unit, other] = await receiveUnits(supplierId, laptop.id, ["LT-0001", "LT-0002"]);
    expect(await levels(laptop.id)).toEqual({ stock: 2, defective: 0 });

    const marked = ok(await markUnit(unit.id));
    expect(marked.unit.state).toBe("defective");
    expect(await levels(laptop.id)).toEqual({ stock: 1, defective: 1 });
    expect(marked.unit.events.at(-1)).toMatchObject({ kind: "defective", note: "Does not boot" });
    const [movement] = await db.orm.em
      .fork()
      .execute<{ reason: string; quantity: number; reference: string; note: string }[]>(
        "select reason, quantity, reference, note from stock_movement where product_id = ? order by id desc limit 1",
        [laptop.id],
      );
    expect(movement).toEqual({ reason: "damage", quantity: -1, reference: "LT-0001", note: "Does not boot" });

    // Not in stock any more: refused, naming its state; nothing moves.
    expect(await markUnit(unit.id)).toMatchObject({
      ok: false,
      reason: "notInStock",
      serial: "LT-0001",
      state: "defective",
    });
    expect(await levels(laptop.id)).toEqual({ stock: 1, defective: 1 });

    const defective = await db.inRequest(() => listDefectiveStock());
    expect(defective).toEqual([
      expect.objectContaining({
        supplierId,
        units: 1,
        value: "280.00",
        products: [expect.objectContaining({ productId: laptop.id, quantity: 1, serials: ["LT-0001"] })],
      }),
    ]);

    const draft = ok(await create(supplierId)).claim;
    expect(draft.number).toMatch(/^CL-\d{4}-000001$/);
    expect(draft.status).toBe("draft");
    expect(draft.lines).toEqual([
      // What is wrong comes from the unit's mark.
      expect.objectContaining({
        unitId: unit.id,
        serial: "LT-0001",
        quantity: 1,
        unitCost: "280.00",
        note: "Does not boot",
      }),
    ]);
    expect(draft.totalValue).toBe("280.00");
    // Everything is on a draft now: a second claim has nothing to gather.
    expect(await create(supplierId)).toEqual({ ok: false, reason: "nothingToClaim" });
    expect(await db.inRequest(() => listDefectiveStock())).toEqual([]);

    // The supplier's answer waits until the claim is sent.
    expect(await settle(draft.id, [{ lineId: draft.lines[0].id, outcome: "credited" }])).toEqual({
      ok: false,
      reason: "notSent",
      status: "draft",
    });

    const sent = ok(await send(draft.id)).claim;
    expect(sent).toMatchObject({ status: "sent", sentTo: "claims@supplier.example", emailStatus: "pending" });
    expect(await levels(laptop.id)).toEqual({ stock: 1, defective: 0 });
    const atSupplier = await unitOf(unit.id);
    expect(atSupplier.state).toBe("at_supplier");
    expect(atSupplier.events.at(-1)).toMatchObject({
      kind: "sent_to_supplier",
      documentType: "supplier_claim",
      documentNumber: draft.number,
    });
    const [mail] = await db.orm.em
      .fork()
      .execute<{ subject: string; body: string }[]>(
        "select subject, body from email_outbox order by id desc limit 1",
      );
    expect(mail.subject).toContain(draft.number);
    expect(mail.body).toContain("LT-0001");
    // The other unit stayed in stock, untouched.
    expect((await unitOf(other.id)).state).toBe("in_stock");

    const closed = ok(await settle(draft.id, [{ lineId: draft.lines[0].id, outcome: "credited" }])).claim;
    expect(closed).toMatchObject({ status: "closed", creditedTotal: "280.00" });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.lines[0]).toMatchObject({ outcome: "credited", creditedAmount: "280.00" });
    const credited = await unitOf(unit.id);
    expect(credited.state).toBe("at_supplier");
    expect(credited.events.at(-1)).toMatchObject({ kind: "credited", documentNumber: draft.number });
    // The audit trail has each write: the claim drafted, sent and closed; its line created and credited.
    const audit = await db.orm.em
      .fork()
      .execute<
        { entity_type: string; action: string; entity_label: string; changes: Record<string, unknown> }[]
      >(
        "select entity_type, action, entity_label, changes from audit_log where entity_type like 'supplier_claim%' order by id",
      );
    expect(audit.map((row) => `${row.entity_type} ${row.action}`).sort()).toEqual([
      "supplier_claim create",
      "supplier_claim update",
      "supplier_claim update",
      "supplier_claim_line create",
      "supplier_claim_line update",
    ]);
    expect(audit[0].entity_label).toBe(draft.number);
    expect(
      audit.find((row) => row.entity_type === "supplier_claim_line" && row.action === "update")?.changes,
    ).toMatchObject({
      outcome: { to: "credited" },
    });
    expect(audit.some((row) => JSON.stringify(row.changes).includes('"to":"closed"'))).toBe(true);
    // A closed claim takes no more answers.
    expect(await settle(draft.id, [{ lineId: draft.lines[0].id, outcome: "refused" }])).toMatchObject({
      ok: false,
      reason: "notSent",
      status: "closed",
    });
  });

  test("a refused line brings its unit back to defective stock; a replaced one receives a new serial into stock", async () => {
    const supplierId = await supplier(null);
    const laptop = await product(supplierId, "serial");
    const [a, b, c] = await receiveUnits(supplierId, laptop.id, ["SN-A", "SN-B", "SN-C"]);
    ok(await markUnit(a.id));
    ok(await markUnit(b.id, null));
    const claim = ok(await create(supplierId)).claim;
    expect(claim.lines.map((line) => line.serial)).toEqual(["SN-A", "SN-B"]);
    const sent = ok(await send(claim.id)).claim;
    // No address: marked sent, nothing in the outbox.
    expect(sent).toMatchObject({ status: "sent", sentTo: null, emailStatus: null });
    expect(await levels(laptop.id)).toEqual({ stock: 1, defective: 0 });
    const [lineA, lineB] = sent.lines;

    // A replacement serial the product already has (SN-C) is refused, naming it; nothing changes.
    const known = await settle(claim.id, [{ lineId: lineA.id, outcome: "replaced", serials: ["SN-C"] }]);
    expect(known).toMatchObject({ ok: false, reason: "serials" });
    if (!known.ok && known.reason === "serials")
      expect(known.lines[0].problems).toEqual([{ problem: "known", serial: "SN-C" }]);
    expect(await settle(claim.id, [{ lineId: lineA.id, outcome: "replaced" }])).toMatchObject({
      ok: false,
      reason: "serials",
    });

    const half = ok(
      await settle(claim.id, [{ lineId: lineB.id, outcome: "refused", note: "Liquid damage: not covered" }]),
    ).claim;
    expect(half.status).toBe("sent");
    expect(await levels(laptop.id)).toEqual({ stock: 1, defective: 1 });
    const back = await unitOf(b.id);
    expect(back.state).toBe("defective");
    expect(back.events.at(-1)).toMatchObject({
      kind: "defective",
      documentNumber: claim.number,
      note: "Liquid damage: not covered",
    });
    // Free again: another claim may gather it.
    expect((await db.inRequest(() => listDefectiveStock()))[0].products[0].serials).toEqual(["SN-B"]);

    const done = ok(
      await settle(claim.id, [{ lineId: lineA.id, outcome: "replaced", serials: ["sn-new"] }]),
    ).claim;
    expect(done.status).toBe("closed");
    expect(done.creditedTotal).toBe("0.00");
    expect(done.lines[0]).toMatchObject({ outcome: "replaced", replacementSerial: "SN-NEW" });
    expect(await levels(laptop.id)).toEqual({ stock: 2, defective: 1 });
    const [replacement] = await db.inRequest(() => findSerialUnits("SN-NEW"));
    expect(replacement).toMatchObject({ state: "in_stock", productId: laptop.id });
    expect(done.lines[0].replacementUnitId).toBe(replacement.id);
    const replacementUnit = await unitOf(replacement.id);
    expect(replacementUnit.purchaseOrderId).toBeNull();
    expect(replacementUnit.events).toEqual([
      expect.objectContaining({
        kind: "received",
        documentType: "supplier_claim",
        documentNumber: claim.number,
      }),
    ]);
    expect((await unitOf(a.id)).events.at(-1)).toMatchObject({
      kind: "replaced",
      documentNumber: claim.number,
    });
    const [movement] = await db.orm.em
      .fork()
      .execute<{ reason: string; quantity: number; reference: string }[]>(
        "select reason, quantity, reference from stock_movement where product_id = ? order by id desc limit 1",
        [laptop.id],
      );
    expect(movement).toEqual({ reason: "receipt", quantity: 1, reference: claim.number });
    expect((await unitOf(c.id)).state).toBe("in_stock");
  });

  test("an untracked product's quantity marked defective is claimed by quantity; a draft is changed or deleted", async () => {
    const supplierId = await supplier();
    const cable = await product(supplierId, "none", 10);
    const mark = (quantity: number) =>
      db.inRequest(() =>
        markStockDefective(cable.id, markStockDefectiveSchema.parse({ quantity, note: "Crushed" }), null),
      );
    expect(await mark(11)).toMatchObject({
      ok: false,
      reason: "short",
      product: { stockLevel: 10, wanted: 11 },
    });
    expect(ok(await mark(3))).toMatchObject({ stockLevel: 7, defectiveStock: 3 });
    expect(await levels(cable.id)).toEqual({ stock: 7, defective: 3 });

    const claim = ok(await create(supplierId)).claim;
    expect(claim.lines).toEqual([
      expect.objectContaining({ productId: cable.id, unitId: null, quantity: 3, unitCost: "300.00" }),
    ]);
    const lineId = claim.lines[0].id;
    const change = (quantity: number, version: number) =>
      db.inRequest(() =>
        changeSupplierClaim(
          claim.id,
          claimChangeSchema.parse({
            note: "Box 2",
            lines: [{ id: lineId, quantity, note: "Bent" }],
            version,
          }),
        ),
      );
    // Not more than is defective; a stale version is refused.
    expect(await change(4, claim.version)).toEqual({ ok: false, reason: "quantity", lineId, available: 3 });
    const changed = ok(await change(2, claim.version)).claim;
    expect(changed).toMatchObject({ note: "Box 2", totalValue: "600.00" });
    expect(changed.lines[0]).toMatchObject({ quantity: 2, note: "Bent" });
    expect(await change(1, claim.version)).toEqual({ ok: false, reason: "stale" });

    // The one left over goes on a second draft; the first deleted frees its two.
    const second = ok(await create(supplierId)).claim;
    expect(second.lines[0].quantity).toBe(1);
    ok(await db.inRequest(() => deleteSupplierClaim(claim.id, null)));
    expect(await db.inRequest(() => getSupplierClaim(claim.id))).toBeNull();
    expect((await db.inRequest(() => listDefectiveStock()))[0].products[0]).toMatchObject({
      quantity: 2,
      value: "600.00",
    });

    ok(await send(second.id));
    expect(await levels(cable.id)).toEqual({ stock: 7, defective: 2 });
    // A sent claim is neither changed nor deleted.
    expect(await db.inRequest(() => deleteSupplierClaim(second.id, null))).toEqual({
      ok: false,
      reason: "locked",
    });
    const replaced = ok(await settle(second.id, [{ lineId: second.lines[0].id, outcome: "replaced" }])).claim;
    expect(replaced.status).toBe("closed");
    expect(await levels(cable.id)).toEqual({ stock: 8, defective: 2 });

    // A serial-tracked product's units are marked one by one, not by quantity.
    const laptop = await product(supplierId, "serial");
    expect(
      await db.inRequest(() =>
        markStockDefective(laptop.id, { quantity: 1, note: null, locationId: null }, null),
      ),
    ).toEqual({ ok: false, reason: "tracked" });
  });

  test("five claims of one supplier made at once: one gathers the defective stock, the others have nothing to claim", async () => {
    const supplierId = await supplier();
    const laptop = await product(supplierId, "serial");
    const units = await receiveUnits(supplierId, laptop.id, ["C-1", "C-2"]);
    for (const unit of units) ok(await markUnit(unit.id));
    const results = await Promise.all(Array.from({ length: 5 }, () => create(supplierId)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 4 }, () => ({ ok: false, reason: "nothingToClaim" })),
    );
    const [{ lines }] = await db.orm.em
      .fork()
      .execute<{ lines: number }[]>("select count(*)::int as lines from supplier_claim_line");
    expect(lines).toBe(2);
  });
});
