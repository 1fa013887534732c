import { beforeEach, describe, expect, test } from "vitest";
import { createCustomer, deleteCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { createUserByAdmin, updateUser } from "~/models/user/user.server";
import { editUserSchema, newUserSchema } from "~/models/user/user-schema";
import { testDatabase } from "../../../tests/setup/database";
import { listAudit } from "./audit.server";
import { actingUser, beginRequest } from "./audit-trail.server";

const db = testDatabase();

const product = (overrides: Record<string, unknown> = {}) =>
  productSchema.parse({
    name: "ThinkPad E14",
    sku: "LEN-E14",
    brand: "Lenovo",
    purchasePrice: "600.00",
    sellingPrice: "999.00",
    stockLevel: 25,
    supplier: "Tech Data",
    ...overrides,
  });

const ADMIN = { id: 0, email: "admin@example.fi", firstName: "Anna", lastName: "Admin" };

/** Runs fn as a request of the admin would (request id "req-1"). */
function asAdmin<T>(fn: () => Promise<T>) {
  return db.inRequest(async () => {
    beginRequest("req-1");
    actingUser(ADMIN);
    return fn();
  });
}

async function trail() {
  return db.inRequest(() => listAudit({}, { limit: 100, offset: 0 }));
}

beforeEach(async () => {
  await db.truncate("audit_log", "product", "price_history", "alert", "customer", "user");
  const admin = await db.inRequest(() =>
    createUserByAdmin(newUserSchema.parse({ ...ADMIN, role: "admin", password: "secret123" })),
  );
  if (!admin.ok) throw new Error(admin.reason);
  ADMIN.id = admin.user.id;
  await db.truncate("audit_log");
});

describe("the audit trail", () => {
  test("a product created and repriced: who, when, which record and each field's old and new value", async () => {
    const created = await asAdmin(() => createProduct(product(), ADMIN.id));
    if (!created.ok) throw new Error(created.reason);
    const id = created.product.id;
    await asAdmin(() => updateProduct(id, product({ sellingPrice: "949.00", stockLevel: 20 }), ADMIN.id));

    const { rows, total } = await trail();
    expect(total).toBe(2);
    const [change, creation] = rows;
    expect(creation).toMatchObject({
      action: "create",
      entityType: "product",
      entityId: id,
      entityLabel: "ThinkPad E14 (LEN-E14)",
      userId: ADMIN.id,
      userName: "Anna Admin <admin@example.fi>",
      requestId: "req-1",
    });
    expect(creation.changes.sellingPrice).toEqual({ to: "999.00" });
    expect(change).toMatchObject({ action: "update", entityId: id });
    // Only what changed, and nothing derived from it (the margin) or bookkeeping (the version).
    expect(change.changes).toEqual({
      sellingPrice: { from: "999.00", to: "949.00" },
      stockLevel: { from: 25, to: 20 },
    });
  });

  test("a refused change (a stale version) writes nothing, and neither does an edit that changes nothing", async () => {
    const created = await asAdmin(() => createProduct(product(), ADMIN.id));
    if (!created.ok) throw new Error(created.reason);
    await db.truncate("audit_log");
    const stale = await asAdmin(() =>
      updateProduct(created.product.id, product({ sellingPrice: "1.00", version: 99 }), ADMIN.id),
    );
    expect(stale).toEqual({ ok: false, reason: "stale" });
    await asAdmin(() => updateProduct(created.product.id, product(), ADMIN.id));
    expect((await trail()).total).toBe(0);
  });

  test("a change rolled back after its write leaves no trail: the row is in the change's transaction", async () => {
    await expect(
      asAdmin(() =>
        db.orm.em.fork().transactional(async (tx) => {
          const { Product } = await import("~/models/product/product.entity");
          // A product refers to its supplier by id (the write path finds it by name).
          const [supplier] = await tx.execute<{ id: number }[]>(
            "insert into supplier (name) values ('Tech Data') on conflict ((lower(name))) do update set name = excluded.name returning id",
          );
          tx.create(Product, { ...product(), supplier: supplier.id, searchText: undefined } as never);
          await tx.flush();
          throw new Error("the request failed after the write");
        }),
      ),
    ).rejects.toThrow("the request failed");
    expect((await trail()).total).toBe(0);
  });

  test("requests racing for one SKU: the one created is in the trail, the refused ones are not", async () => {
    const results = await Promise.all(
      ["race-1", "RACE-1", "Race-1"].map((sku) => asAdmin(() => createProduct(product({ sku }), ADMIN.id))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const { rows } = await trail();
    expect(rows.map((row) => row.action)).toEqual(["create"]);
  });

  test("a user's role and password change: the role's values, the password only as changed", async () => {
    const made = await asAdmin(() =>
      createUserByAdmin(
        newUserSchema.parse({
          firstName: "Sami",
          lastName: "Sales",
          email: "sami@example.fi",
          password: "secret123",
        }),
      ),
    );
    if (!made.ok) throw new Error(made.reason);
    await db.truncate("audit_log");
    await asAdmin(() =>
      updateUser(
        made.user.id,
        editUserSchema.parse({
          firstName: "Sami",
          lastName: "Sales",
          email: "sami@example.fi",
          role: "manager",
          password: "another-secret-1",
        }),
      ),
    );
    const [row] = (await trail()).rows;
    expect(row).toMatchObject({ action: "update", entityType: "user", entityLabel: "sami@example.fi" });
    expect(row.changes).toEqual({ role: { from: "salesperson", to: "manager" }, password: {} });
    expect(JSON.stringify(row)).not.toContain("$2");
  });

  test("a deleted customer keeps their name and what they were in the trail", async () => {
    const made = await asAdmin(() =>
      createCustomer(
        customerSchema.parse({ firstName: "Aino", lastName: "Virtanen", email: "aino@example.fi" }),
      ),
    );
    if (!made.ok) throw new Error(made.reason);
    expect(await asAdmin(() => deleteCustomer(made.customer.id))).toBe(true);
    const [deletion] = (await trail()).rows;
    expect(deletion).toMatchObject({
      action: "delete",
      entityType: "customer",
      entityLabel: "Aino Virtanen",
    });
    expect(deletion.changes.email).toEqual({ from: "aino@example.fi" });
  });

  test("filters by user, record type and shop day, newest first, a page at a time", async () => {
    for (const sku of ["A-1", "A-2", "A-3"]) await asAdmin(() => createProduct(product({ sku }), ADMIN.id));
    await db.inRequest(() => createProduct(product({ sku: "NOBODY" }), null));
    const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Helsinki" });
    const page = await db.inRequest(() =>
      listAudit({ userId: ADMIN.id, entityType: "product", from: today, to: today }, { limit: 2, offset: 0 }),
    );
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.entityLabel)).toEqual(["ThinkPad E14 (A-3)", "ThinkPad E14 (A-2)"]);
    expect(
      (await db.inRequest(() => listAudit({ entityType: "customer" }, { limit: 2, offset: 0 }))).total,
    ).toBe(0);
    expect(
      (await db.inRequest(() => listAudit({ from: "2000-01-01", to: "2000-01-02" }, { limit: 2, offset: 0 })))
        .total,
    ).toBe(0);
  });

  test("work outside a request (start-up seeding, scripts) is not recorded", async () => {
    const { RequestContext } = await import("@mikro-orm/postgresql");
    await RequestContext.create(db.orm.em, async () => undefined);
    const { Customer } = await import("~/models/customer/customer.entity");
    const fork = db.orm.em.fork();
    fork.create(Customer, { firstName: "S", lastName: "Eed", email: "seed@example.fi" } as never);
    await fork.flush();
    expect((await trail()).total).toBe(0);
  });
});
