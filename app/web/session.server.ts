import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCookie, createSessionStorage } from "@remix-run/node";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import type { ScannedItem } from "~/models/scanned-list";
import { sessionEndSql, sessionLimits } from "~/models/user/session.server";

/** SESSION_SECRET, or one generated once and kept in DATA_DIR so that sessions survive restarts. */
export function sessionSecret(): string {
  const { SESSION_SECRET, DATA_DIR } = env();
  if (SESSION_SECRET) return SESSION_SECRET;
  const file = path.resolve(DATA_DIR, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

type SessionData = { userId: number; scanned?: ScannedItem[] };

let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined;
let cookie: ReturnType<typeof createCookie> | undefined;

/** The session cookie: it carries only the signed id of the session's row. */
export function sessionCookie() {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [sessionSecret()],
    // The browser may keep the cookie as long as the session could live; the server ends it sooner.
    maxAge: sessionLimits().maxDays * 24 * 60 * 60,
  });
  return cookie;
}

/** The id of the session a request's Cookie header names (its signature checked), or null. */
export async function sessionIdOf(cookieHeader: string | null): Promise<string | null> {
  const id: unknown = await sessionCookie().parse(cookieHeader);
  return typeof id === "string" && id ? id : null;
}

/** Sessions live in the `session` table (sid, sess, expire); the cookie carries only the signed id. */
export function sessionStorage() {
  storage ??= createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data) {
      const sid = randomBytes(24).toString("base64url");
      await em().execute(
        `insert into session (sid, sess, expire, created_at) values (?, ?, ${sessionEndSql("now()")}, now())`,
        [sid, JSON.stringify(data)],
      );
      return sid;
    },
    async readData(sid) {
      const rows = await em().execute<{ sess: SessionData }[]>(
        "select sess from session where sid = ? and expire > now()",
        [sid],
      );
      return rows[0]?.sess ?? null;
    },
    async updateData(sid, data) {
      // Only a live session is written: one that ended meanwhile (signed out elsewhere, expired)
      // does not come back to life.
      await em().execute(
        `update session set sess = ?, expire = ${sessionEndSql()} where sid = ? and expire > now()`,
        [JSON.stringify(data), sid],
      );
    },
    async deleteData(sid) {
      await em().execute("delete from session where sid = ?", [sid]);
    },
  });
  return storage;
}

/**
 * Whether the session cookie gets the Secure flag: SECURE_COOKIES=true or false decides; unset,
 * it is Secure whenever the request came over HTTPS (behind a proxy on this host, as it says).
 */
export function secureCookie(request: Request): boolean {
  const setting = env().SECURE_COOKIES;
  if (setting) return setting === "true";
  return new URL(request.url).protocol === "https:";
}
