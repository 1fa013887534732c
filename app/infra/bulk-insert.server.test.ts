import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, test } from "vitest";
import { AuditLog } from "~/models/audit/audit.entity";
import { testDatabase } from "../../tests/setup/database";
import { insertAsJson } from "./bulk-insert.server";

const db = testDatabase();

describe("insertAsJson", () => {
  test("writes each column as its type: text with quotes and line breaks, JSON, times, numbers, references and nulls", async () => {
    const em = db.orm.em.fork() as EntityManager;
    const at = new Date("2026-11-23T10:15:30.123Z");
    await insertAsJson(em, AuditLog, [
      {
        user: null,
        userName: `O'Brien "Bob"\nsecond line ä`,
        entityType: "product",
        entityId: 41,
        entityLabel: "Label \\ with backslash",
        action: "update",
        changes: { sellingPrice: { from: "10.00", to: "12.50" }, note: { from: null, to: "it's" } },
        requestId: null,
        createdAt: at,
      },
      {
        user: null,
        userName: "",
        entityType: "customer",
        entityId: 42,
        entityLabel: "",
        action: "create",
        changes: {},
        requestId: "req-2",
        createdAt: at,
      },
    ]);
    const rows = await em
      .createQueryBuilder(AuditLog, "a")
      .select([
        "userName",
        "entityType",
        "entityId",
        "entityLabel",
        "action",
        "changes",
        "requestId",
        "createdAt",
      ])
      .orderBy({ entityId: "asc" })
      .execute<Record<string, unknown>[]>();
    expect(rows).toEqual([
      {
        userName: `O'Brien "Bob"\nsecond line ä`,
        entityType: "product",
        entityId: 41,
        entityLabel: "Label \\ with backslash",
        action: "update",
        changes: { sellingPrice: { from: "10.00", to: "12.50" }, note: { from: null, to: "it's" } },
        requestId: null,
        createdAt: at,
      },
      {
        userName: "",
        entityType: "customer",
        entityId: 42,
        entityLabel: "",
        action: "create",
        changes: {},
        requestId: "req-2",
        createdAt: at,
      },
    ]);
  });

  test("in a transaction, the rows are rolled back with it", async () => {
    const em = db.orm.em.fork() as EntityManager;
    const before = await em.count(AuditLog, {});
    await expect(
      em.transactional(async (tx) => {
        await insertAsJson(tx, AuditLog, [
          {
            userName: "x",
            entityType: "product",
            entityId: 1,
            entityLabel: "",
            action: "delete",
            changes: {},
          },
        ]);
        expect(await tx.count(AuditLog, {})).toBe(before + 1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await em.count(AuditLog, {})).toBe(before);
  });

  test("a property the entity does not have is a programming error, not a silent drop", async () => {
    const em = db.orm.em.fork() as EntityManager;
    await expect(insertAsJson(em, AuditLog, [{ nothing: 1 }])).rejects.toThrow(/no column for "nothing"/);
  });
});
