import { expect, test } from "vitest";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { testDatabase } from "../../../tests/setup/database";
import { locationSchema } from "./location-schema";
import { LOCATION_USES } from "./location-uses";
import {
  createLocation,
  deleteLocation,
  getLocation,
  listLocations,
  locationUses,
  setOwnLocation,
  updateLocation,
} from "./location-writes.server";

/** Locations' write path (issue #32): one default at a time, never inactive; a delete refused with the counts. */

const db = testDatabase();
const unique = () => Math.random().toString(36).slice(2, 8);

async function location(fields: Record<string, unknown> = {}) {
  const made = await db.inRequest(() =>
    createLocation(locationSchema.parse({ name: `Store ${unique()}`, kind: "store", ...fields })),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.location;
}

async function product() {
  const input = productSchema.parse({
    name: "Nokia G42",
    sku: `LW-${unique()}`,
    brand: "Nokia",
    purchasePrice: "150.00",
    sellingPrice: "249.00",
    stockLevel: 0,
    supplier: "Tech Data",
  });
  const made = await db.inRequest(() => createProduct(input, null));
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

const defaults = async () =>
  (await db.inRequest(() => listLocations())).locations.filter((l) => l.isDefault).map((l) => l.name);

test("a location is created with its fields and nothing in stock; its name is unique in any letter case", async () => {
  const made = await location({
    name: "Web warehouse",
    kind: "warehouse",
    address: " Varastotie 1, Vantaa ",
  });
  expect(made).toMatchObject({
    name: "Web warehouse",
    kind: "warehouse",
    address: "Varastotie 1, Vantaa",
    active: true,
    isDefault: false,
    stockUnits: 0,
    stockProducts: 0,
    version: 1,
  });
  const again = await db.inRequest(() => createLocation(locationSchema.parse({ name: "WEB WAREHOUSE" })));
  expect(again).toEqual({ ok: false, reason: "nameTaken" });
  const other = await location();
  const renamed = await db.inRequest(() =>
    updateLocation(other.id, locationSchema.parse({ name: "web Warehouse", version: other.version })),
  );
  expect(renamed).toEqual({ ok: false, reason: "nameTaken" });
});

test("making a location the default takes the flag from the other one; the default is never inactive nor unflagged", async () => {
  expect(await defaults()).toEqual(["Main store"]);
  const b = await location({ name: `Store B ${unique()}` });
  const changed = await db.inRequest(() =>
    updateLocation(b.id, locationSchema.parse({ name: b.name, isDefault: true, version: b.version })),
  );
  expect(changed).toMatchObject({ ok: true, location: { isDefault: true, version: 2 } });
  expect(await defaults()).toEqual([b.name]);

  // Deactivating the default, or taking its flag off, is refused; deleting it too.
  expect(
    await db.inRequest(() =>
      updateLocation(b.id, locationSchema.parse({ name: b.name, isDefault: true, active: false })),
    ),
  ).toEqual({ ok: false, reason: "defaultInactive" });
  expect(
    await db.inRequest(() => updateLocation(b.id, locationSchema.parse({ name: b.name, isDefault: false }))),
  ).toEqual({ ok: false, reason: "defaultRequired" });
  expect(await db.inRequest(() => deleteLocation(b.id))).toEqual({ ok: false, reason: "isDefault" });
  // A new inactive default is refused; a new active one takes the flag.
  expect(
    await db.inRequest(() =>
      createLocation(locationSchema.parse({ name: `X ${unique()}`, isDefault: "true", active: "false" })),
    ),
  ).toEqual({ ok: false, reason: "defaultInactive" });
  const main = (await db.inRequest(() => listLocations())).locations.find((l) => l.name === "Main store");
  const back = await db.inRequest(() =>
    updateLocation(main?.id as number, locationSchema.parse({ name: "Main store", isDefault: true })),
  );
  expect(back.ok).toBe(true);
  expect(await defaults()).toEqual(["Main store"]);

  // A location that is not the default is deactivated.
  const off = await db.inRequest(() =>
    updateLocation(b.id, locationSchema.parse({ name: b.name, active: false })),
  );
  expect(off).toMatchObject({ ok: true, location: { active: false, isDefault: false } });
  // A stale version is refused.
  expect(
    await db.inRequest(() =>
      updateLocation(b.id, locationSchema.parse({ name: b.name, version: b.version })),
    ),
  ).toEqual({ ok: false, reason: "stale" });
});

test("a location holding stock is not deleted: the refusal counts units, products and its ledger", async () => {
  const place = await location();
  const [p1, p2] = [await product(), await product()];
  const moved = await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) =>
      changeStock(tx, [
        { productId: p1, delta: 30, reason: "receipt", locationId: place.id },
        { productId: p2, delta: 12, reason: "receipt", locationId: place.id },
      ]),
    ),
  );
  expect(moved.ok).toBe(true);
  const refused = await db.inRequest(() => deleteLocation(place.id));
  expect(refused).toEqual({
    ok: false,
    reason: "inUse",
    uses: [
      { name: "stockUnits", kind: "holds", count: 42 },
      { name: "stockProducts", kind: "holds", count: 2 },
      { name: "movements", kind: "ledger", count: 2 },
    ],
  });
  expect(await db.inRequest(() => getLocation(place.id))).toMatchObject({ stockUnits: 42, stockProducts: 2 });

  // Emptied, its ledger still names it: refused, only by the ledger (deactivate it instead).
  await db.inRequest(() =>
    db.orm.em.fork().transactional((tx) =>
      changeStock(tx, [
        { productId: p1, delta: -30, reason: "damage", locationId: place.id },
        { productId: p2, delta: -12, reason: "damage", locationId: place.id },
      ]),
    ),
  );
  expect(await db.inRequest(() => deleteLocation(place.id))).toEqual({
    ok: false,
    reason: "inUse",
    uses: [{ name: "movements", kind: "ledger", count: 4 }],
  });
});

test("an unused location is deleted, audited, and the staff member whose own location it was keeps none", async () => {
  const place = await location();
  const [user] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, first_name, last_name, role) values (?, 'x', 'Sanna', 'Myyjä', 'salesperson') returning id`,
      [`loc-${unique()}@example.com`],
    );
  expect(await db.inRequest(() => setOwnLocation(user.id, place.id))).toEqual({ ok: true });
  const em = db.orm.em.fork();
  expect(await locationUses(em, place.id)).toEqual([{ name: "staff", kind: "detached", count: 1 }]);

  expect(await db.inRequest(() => deleteLocation(place.id))).toEqual({ ok: true });
  expect(await db.inRequest(() => getLocation(place.id))).toBeNull();
  const [row] = await em.execute<{ location_id: number | null }[]>(
    `select location_id from "user" where id = ?`,
    [user.id],
  );
  expect(row.location_id).toBeNull();
  const audit = await em.execute<{ action: string }[]>(
    "select action from audit_log where entity_type = 'location' and entity_id = ? order by id",
    [place.id],
  );
  expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
  expect(await db.inRequest(() => deleteLocation(place.id))).toEqual({ ok: false, reason: "notFound" });
});

test("every use is counted in one statement, one entry each", async () => {
  const place = await location();
  const uses = await locationUses(db.orm.em.fork(), place.id);
  expect(uses).toEqual([]);
  expect(new Set(LOCATION_USES.map((use) => use.name)).size).toBe(LOCATION_USES.length);
});

test("an inactive or unknown location is not chosen as one's own", async () => {
  const off = await location({ active: false });
  const [{ id: user1 }] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(`select min(id)::int as id from "user"`);
  expect(await db.inRequest(() => setOwnLocation(user1, off.id))).toEqual({ ok: false, reason: "inactive" });
  expect(await db.inRequest(() => setOwnLocation(user1, 999999))).toEqual({ ok: false, reason: "notFound" });
});

test("a movement by hand goes to the location named, else the staff member's own; an inactive one is refused", async () => {
  const { recordStockMovement, listStockMovements } = await import("~/models/stock/stock-movement.server");
  const { stockMovementSchema } = await import("~/models/stock/stock-movement-schema");
  const { stockByLocation } = await import("~/models/stock/stock-by-location.server");
  const store = await location({ name: `Store C ${unique()}` });
  const closed = await location({ active: false });
  const made = await product();
  const [user] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, first_name, last_name, role) values (?, 'x', 'Matti', 'Manager', 'manager') returning id`,
      [`mv-${unique()}@example.com`],
    );
  const move = (fields: Record<string, unknown>) =>
    db.inRequest(() => recordStockMovement(made, stockMovementSchema.parse(fields), user.id));

  // No place named, no own location: the default (Main store).
  expect(await move({ quantity: 5, reason: "receipt" })).toMatchObject({
    ok: true,
    movement: { location: { name: "Main store" }, locationStockAfter: 5, stockAfter: 5 },
  });
  // Named.
  expect(await move({ quantity: "3", reason: "receipt", locationId: String(store.id) })).toMatchObject({
    ok: true,
    movement: { location: { id: store.id, name: store.name }, locationStockAfter: 3, stockAfter: 8 },
  });
  // The staff member's own.
  await db.inRequest(() => setOwnLocation(user.id, store.id));
  expect(await move({ quantity: -2, reason: "damage" })).toMatchObject({
    ok: true,
    movement: { location: { id: store.id }, locationStockAfter: 1, stockAfter: 6 },
  });
  // More than that place holds: refused, naming it.
  expect(await move({ quantity: -4, reason: "damage" })).toMatchObject({
    ok: false,
    reason: "short",
    product: { stockLevel: 1, wanted: 4, location: { id: store.id, name: store.name } },
  });
  // Inactive, unknown: refused, nothing written.
  expect(await move({ quantity: 1, reason: "receipt", locationId: closed.id })).toEqual({
    ok: false,
    reason: "inactiveLocation",
  });
  expect(await move({ quantity: 1, reason: "receipt", locationId: 999999 })).toEqual({
    ok: false,
    reason: "inactiveLocation",
  });
  expect(stockMovementSchema.safeParse({ quantity: 1, reason: "receipt", locationId: "x" }).success).toBe(
    false,
  );

  const places = await db.inRequest(() => stockByLocation(made));
  expect(places.map((p) => [p.name, p.quantity])).toEqual([
    ["Main store", 5],
    [store.name, 1],
  ]);
  const { movements } = await db.inRequest(() => listStockMovements(made, { limit: 10, offset: 0 }));
  expect(movements.map((m) => [m.location.name, m.quantity])).toEqual([
    [store.name, -2],
    [store.name, 3],
    ["Main store", 5],
  ]);
});

test("every table whose rows keep a location from deletion (a foreign key without a delete rule) is counted among its uses", async () => {
  // A table that names a location and is not counted would let the delete reach its foreign key
  // (a 500): each must be in LOCATION_USES, or set to null / removed with it by its delete rule.
  const keeping = await db.orm.em.fork().execute<{ table: string }[]>(
    `select distinct c.conrelid::regclass::text as table from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'location'::regclass and c.confdeltype in ('a', 'r')
      order by 1`,
  );
  // product_stock, stock_movement, serial_unit, the documents and counts, transfers.
  expect(keeping.length).toBeGreaterThanOrEqual(8);
  const counted = LOCATION_USES.map((use) => use.sql).join("\n");
  const uncounted = keeping
    .map((row) => row.table.replaceAll('"', ""))
    .filter((table) => !new RegExp(`\\bfrom ${table}\\b`).test(counted));
  expect(uncounted).toEqual([]);
});
