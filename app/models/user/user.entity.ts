import { defineEntity, p } from "@mikro-orm/core";
import { Location } from "~/models/location/location.entity";
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
    /**
     * Where the staff member works (issue #32): the default place of their orders, receipts, counts
     * and scanner list, chosen on /account or in the sidebar; null: the shop's default location.
     */
    location: p.manyToOne(Location).nullable().deleteRule("set null").index(),
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
    /** Sign-in time: the session's absolute limit counts from it (session.server.ts). */
    createdAt: p.datetime().columnType("timestamptz").defaultRaw("now()"),
  },
});

/**
 * A failed sign-in, kept for the sign-in limit's window (sign-in-limit.server.ts): counted per
 * account and per address in PostgreSQL, so the limit holds across several server processes.
 */
export const SignInFailure = defineEntity({
  name: "SignInFailure",
  tableName: "sign_in_failure",
  indexes: [
    { name: "sign_in_failure_account_index", properties: ["account", "createdAt"] },
    { name: "sign_in_failure_address_index", properties: ["address", "createdAt"] },
    { name: "sign_in_failure_created_at_index", properties: ["createdAt"] },
  ],
  properties: {
    id: p.bigint("number").primary().autoincrement(),
    /** the e-mail tried, in lower case (an account that does not exist counts too) */
    account: p.string().length(255),
    address: p.string().length(100),
    createdAt: p.datetime().columnType("timestamptz").defaultRaw("now()"),
  },
});
