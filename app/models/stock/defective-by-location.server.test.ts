import { beforeAll, expect, test } from "vitest";
import { Location } from "~/models/location/location.entity";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { luhnCheckDigit } from "~/models/serial/imei";
import { recordOpeningSerials } from "~/models/serial/serial.server";
import { testDatabase } from "../../../tests/setup/database";
import { markStockDefective, markUnitDefective } from "./mark-defective.server";
import { markStockDefectiveSchema, markUnitDefectiveSchema } from "./mark-defective-schema";
import { changeStock } from "./stock-ledger.server";

/**
 * Stock marked defective leaves the location it was found in (issue #32): a quantity the location
 * named (else one's own, else the default), a serial unit the location holding it.
 */

const db = testDatabase();
const places = { main: 0, storeB: 0, closed: 0 };
const random = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  const em = db.orm.em.fork();
  const storeB = em.create(Location, { name: `Store B ${random()}`, kind: "store" });
  const closed = em.create(Location, { name: `Closed ${random()}`, kind: "store", active: false });
  await em.flush();
  const [main] = await em.execute<{ id: number }[]>("select id from location where is_default");
  Object.assign(places, { main: main.id, storeB: storeB.id, closed: closed.id });
});

async function product(tracking: "none" | "imei") {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "Anker PowerCore",
        sku: `DEF-${random()}`,
        brand: "Anker",
        purchasePrice: "20.00",
        sellingPrice: "39.90",
        supplier: "Tech Data",
        tracking,
        guaranteeMonths: tracking === "imei" ? 24 : null,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

const stockAt = async (productId: number) =>
  Object.fromEntries(
    (
      await db.orm.em
        .fork()
        .execute<{ location_id: number; quantity: number }[]>(
          "select location_id, quantity from product_stock where product_id = ?",
          [productId],
        )
    ).map((row) => [row.location_id === places.main ? "main" : "storeB", row.quantity]),
  );

test("a quantity marked defective leaves the location named; more than it holds is refused naming it", async () => {
  const id = await product("none");
  await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) =>
      changeStock(tx, [
        { productId: id, delta: 2, reason: "receipt" },
        { productId: id, delta: 5, reason: "receipt", locationId: places.storeB },
      ]),
    ),
  );
  const mark = (fields: Record<string, unknown>) =>
    db.inRequest(() => markStockDefective(id, markStockDefectiveSchema.parse(fields), null));
  expect(await mark({ quantity: 3, locationId: String(places.storeB) })).toMatchObject({
    ok: true,
    stockLevel: 4,
    defectiveStock: 3,
  });
  expect(await stockAt(id)).toEqual({ main: 2, storeB: 2 });
  // Three more are not in Main store (the default, for a user without a place of their own).
  expect(await mark({ quantity: 3 })).toMatchObject({
    ok: false,
    reason: "short",
    product: { stockLevel: 2, wanted: 3, location: "Main store" },
  });
  expect(await mark({ quantity: 1, locationId: places.closed })).toEqual({
    ok: false,
    reason: "inactiveLocation",
  });
  expect(markStockDefectiveSchema.safeParse({ quantity: 1, locationId: "B" }).success).toBe(false);
  expect(await stockAt(id)).toEqual({ main: 2, storeB: 2 });
});

test("a serial unit marked defective leaves the location holding it", async () => {
  const id = await product("imei");
  const serial = `35209900${String(Date.now()).slice(-6)}`;
  const full = `${serial}${luhnCheckDigit(serial)}`;
  await db.inRequest(() =>
    db.orm.em.fork().transactional(async (tx) => {
      await changeStock(tx, [{ productId: id, delta: 1, reason: "opening", locationId: places.storeB }]);
      await recordOpeningSerials(tx, [{ productId: id, serial: full }], "opening", null, places.storeB);
    }),
  );
  const [unit] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>("select id from serial_unit where serial = ?", [full]);
  const marked = await db.inRequest(() =>
    markUnitDefective(unit.id, markUnitDefectiveSchema.parse({ note: "Cracked" }), null),
  );
  expect(marked.ok).toBe(true);
  expect(await stockAt(id)).toEqual({ storeB: 0 });
  const [movement] = await db.orm.em
    .fork()
    .execute<{ location_id: number; quantity: number }[]>(
      "select location_id, quantity from stock_movement where product_id = ? and reason = 'damage'",
      [id],
    );
  expect(movement).toEqual({ location_id: places.storeB, quantity: -1 });
});
