import { createHash, randomBytes } from "node:crypto";
import { raw } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import type { Role } from "~/models/user/roles";
import { User } from "~/models/user/user.entity";
import type { PublicUser } from "~/models/user/user.server";
import { ApiToken } from "./api-token.entity";
import type { ApiTokenInput } from "./api-token-schema";

const TOKEN = /^vs_[A-Za-z0-9_-]{43}$/;

function hashOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export type ApiTokenRow = {
  id: number;
  name: string;
  role: Role;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** A user acting through an API token: the admin who made it, with the token's role. */
export type TokenUser = PublicUser & { apiToken: { id: number; name: string } };

/**
 * Makes a token; the text comes back this once (only its hash is kept). 32 random bytes,
 * base64url, after "vs_" so that secret scanners and people can tell what it is.
 */
export async function createApiToken(
  input: ApiTokenInput,
  adminId: number,
): Promise<{ token: string; id: number }> {
  const token = `vs_${randomBytes(32).toString("base64url")}`;
  return em().transactional(async (tx) => {
    const row = tx.create(ApiToken, {
      name: input.name,
      role: input.role,
      tokenHash: hashOf(token),
      prefix: token.slice(0, 8),
      createdBy: tx.getReference(User, adminId),
    });
    await tx.flush();
    return { token, id: (row as { id: number }).id };
  });
}

/** Every token, the live ones first, newest first. */
export async function listApiTokens(): Promise<ApiTokenRow[]> {
  const rows = await em()
    .createQueryBuilder(ApiToken, "t")
    .select(["t.id", "t.name", "t.role", "t.prefix", "t.createdAt", "t.lastUsedAt", "t.revokedAt"])
    .addSelect("u.email as created_by_email")
    .join("t.createdBy", "u")
    .orderBy({ [raw("(t.revoked_at is not null)")]: "asc", createdAt: "desc", id: "desc" })
    .execute<Record<string, unknown>[]>("all", false);
  const time = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
  return rows.map((row) => ({
    id: row.id as number,
    name: row.name as string,
    role: row.role as Role,
    prefix: row.prefix as string,
    createdBy: row.created_by_email as string,
    createdAt: time(row.created_at) as string,
    lastUsedAt: time(row.last_used_at),
    revokedAt: time(row.revoked_at),
  }));
}

/** Revokes a live token (through the unit of work: the audit trail records it). False when none. */
export async function revokeApiToken(id: number): Promise<boolean> {
  return em().transactional(async (tx) => {
    const token = await tx.findOne(ApiToken, { id, revokedAt: null });
    if (!token) return false;
    token.revokedAt = new Date();
    await tx.flush();
    return true;
  });
}

export type TokenUse =
  | { ok: true; user: TokenUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rateLimited"; retryAfterSeconds: number };

/**
 * Checks a bearer token and counts the request against its limit, in one statement: a live token
 * whose admin is still an active admin, at most `perMinute` requests in each clock minute (counted
 * in PostgreSQL, so the limit holds across server processes). Its last use is noted on the way.
 */
export async function authenticateApiToken(token: string, perMinute: number): Promise<TokenUse> {
  if (!TOKEN.test(token)) return { ok: false, reason: "invalid" };
  const [row] = await em().execute<Record<string, unknown>[]>(
    `update api_token t set
       window_count = case when t.window_start = date_trunc('minute', now()) then t.window_count + 1 else 1 end,
       window_start = date_trunc('minute', now()),
       last_used_at = now()
     from "user" u
     where t.token_hash = ? and t.revoked_at is null
       and u.id = t.created_by_id and u.is_active and u.role = 'admin'
     returning t.id as token_id, t.name as token_name, t.role as token_role, t.window_count,
       ceil(extract(epoch from date_trunc('minute', now()) + interval '1 minute' - clock_timestamp()))::int as retry_after,
       u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.is_active, u.created_at`,
    [hashOf(token)],
  );
  if (!row) return { ok: false, reason: "invalid" };
  if ((row.window_count as number) > perMinute) {
    return { ok: false, reason: "rateLimited", retryAfterSeconds: Math.max(1, row.retry_after as number) };
  }
  return {
    ok: true,
    user: {
      id: row.id as number,
      email: row.email as string,
      firstName: (row.first_name as string | null) ?? null,
      lastName: (row.last_name as string | null) ?? null,
      profileImageUrl: (row.profile_image_url as string | null) ?? null,
      role: row.token_role as Role,
      isActive: true,
      createdAt: new Date(row.created_at as string).toISOString(),
      apiToken: { id: row.token_id as number, name: row.token_name as string },
    },
  };
}
