import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";

export const NotificationSetting = defineEntity({
  name: "NotificationSetting",
  tableName: "notification_setting",
  uniques: [{ properties: ["user", "type"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).deleteRule("cascade"),
    type: p.string().length(50),
    enabled: p.boolean().default(true),
    emailEnabled: p.boolean().default(true),
    smsEnabled: p.boolean().default(false),
    thresholdValue: p.decimal("string").precision(10).scale(2).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

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
