import { defineEntity, p } from "@mikro-orm/core";
import { User } from "~/models/user/user.entity";

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's change: its value before and after (both absent for a secret, such as a password). */
export type AuditChange = { from?: unknown; to?: unknown };

/**
 * Who changed what and when: one row per record created, changed or deleted by a user, written by
 * the transaction of the change (audit.server.ts). The user's name and the record's label are
 * copied, so that the trail still reads after either is deleted.
 */
export const AuditLog = defineEntity({
  name: "AuditLog",
  tableName: "audit_log",
  indexes: [
    { name: "audit_log_created_at_index", properties: ["createdAt", "id"] },
    { name: "audit_log_entity_index", properties: ["entityType", "entityId", "createdAt"] },
    { name: "audit_log_user_index", properties: ["user", "createdAt"] },
  ],
  properties: {
    id: p.bigint("number").primary().autoincrement(),
    createdAt: p.datetime().columnType("timestamptz").defaultRaw("now()"),
    user: p.manyToOne(User).nullable().deleteRule("set null"),
    /** The acting user as they were named then; empty when no one was signed in (registration). */
    userName: p.string().length(255).default(""),
    entityType: p.string().length(30),
    entityId: p.integer(),
    /** The record as it was named then (a product's name and SKU, a user's e-mail ...). */
    entityLabel: p.string().length(255).default(""),
    action: p.enum([...AUDIT_ACTIONS]),
    changes: p.json<Record<string, AuditChange>>().columnType("jsonb").default("{}"),
    /** The HTTP request that made the change (X-Request-Id), to find it in the logs. */
    requestId: p.string().length(64).nullable(),
  },
});
