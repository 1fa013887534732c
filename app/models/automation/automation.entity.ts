import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";

/**
 * A rule staff set up on /notifications: its type says what it watches (rule-types.ts), its
 * conditions and actions are JSON checked against that type's schema (rule-schema.ts).
 */
export const AutomationRule = defineEntity({
  name: "AutomationRule",
  tableName: "automation_rule",
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    type: p.string().length(50),
    isActive: p.boolean().default(true),
    conditions: p.json<Record<string, unknown>>().columnType("jsonb"),
    actions: p.json<Record<string, unknown>>().columnType("jsonb"),
    lastRun: p.datetime().columnType("timestamptz").nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});
