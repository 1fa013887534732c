import { defineEntity, p } from "@mikro-orm/core";
import { createdAt, updatedAt } from "~/models/timestamps";
import { ROLES } from "./roles";

export type { Role } from "./roles";

export const User = defineEntity({
  name: "User",
  tableName: "user",
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(255).unique(),
    password: p.string().length(255).hidden(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    profileImageUrl: p.text().nullable(),
    role: p.enum([...ROLES]).default("salesperson"),
    isActive: p.boolean().default(true),
    /** The interface language the user last chose: their e-mails are written in it. */
    language: p.string().length(5).default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

export const Session = defineEntity({
  name: "Session",
  tableName: "session",
  properties: {
    sid: p.string().length(255).primary(),
    sess: p.json<Record<string, unknown>>().columnType("jsonb"),
    expire: p.datetime().columnType("timestamptz").index("session_expire_index"),
  },
});
