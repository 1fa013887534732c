import { defineEntity, p } from "@mikro-orm/core";
import { createdAt } from "~/models/timestamps";
import { ROLES } from "~/models/user/roles";
import { User } from "~/models/user/user.entity";

/**
 * A named key for an integrator's program: `Authorization: Bearer <token>` on /api acts with the
 * token's role, on behalf of the admin who made it. Only a SHA-256 of the token is kept (the token
 * is 256 random bits: no dictionary to guess from, so a slow hash adds nothing); its first
 * characters are kept to tell tokens apart. The use counter is the token's own rate limit.
 */
export const ApiToken = defineEntity({
  name: "ApiToken",
  tableName: "api_token",
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    role: p.enum([...ROLES]),
    tokenHash: p.string().length(64).unique(),
    /** The token's first characters, shown beside its name ("vs_Ab3dE…"). */
    prefix: p.string().length(16),
    /** The admin who made it: the token acts on their behalf and ends with their account. */
    createdBy: p.manyToOne(User).deleteRule("cascade").index(),
    createdAt: createdAt(),
    lastUsedAt: p.datetime().columnType("timestamptz").nullable(),
    revokedAt: p.datetime().columnType("timestamptz").nullable(),
    /** The rate limit's current minute and the requests counted in it. */
    windowStart: p.datetime().columnType("timestamptz").nullable(),
    windowCount: p.integer().default(0),
  },
});
