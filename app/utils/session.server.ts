import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCookie, createSessionStorage } from "@remix-run/node";
import type { ScannedItem } from "~/models/scanned-list";
import { em } from "./db.server";
import { env } from "./env.server";

const SESSION_DAYS = 14;

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
    maxAge: SESSION_DAYS * 24 * 60 * 60,
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
    async createData(data, expires) {
      const sid = randomBytes(24).toString("base64url");
      await em().execute("insert into session (sid, sess, expire) values (?, ?, ?)", [
        sid,
        JSON.stringify(data),
        expiry(expires),
      ]);
      return sid;
    },
    async readData(sid) {
      const rows = await em().execute<{ sess: SessionData }[]>(
        "select sess from session where sid = ? and expire > now()",
        [sid],
      );
      return rows[0]?.sess ?? null;
    },
    async updateData(sid, data, expires) {
      await em().execute(
        "insert into session (sid, sess, expire) values (?, ?, ?) on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire",
        [sid, JSON.stringify(data), expiry(expires)],
      );
    },
    async deleteData(sid) {
      await em().execute("delete from session where sid = ?", [sid]);
    },
  });
  return storage;
}

function expiry(expires: Date | undefined) {
  return expires ?? new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
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

/** Ends every session of a user at once (deactivation, deletion). */
export async function endSessionsOfUser(userId: number) {
  await em().execute("delete from session where (sess->>'userId')::int = ?", [userId]);
}
