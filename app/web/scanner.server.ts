import { em } from "~/infra/db.server";
import type { ScannedItem } from "~/models/scanned-list";
import { secureCookie, sessionStorage } from "./session.server";

/**
 * The scanner's list lives in the user's session (DECISIONS.md), so scanning works without
 * JavaScript and survives a reload.
 */
export async function getScanned(request: Request): Promise<ScannedItem[]> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  return session.get("scanned") ?? [];
}

/** Saves the list; the answer must carry the returned Set-Cookie header. */
export async function saveScanned(request: Request, items: ScannedItem[]): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("scanned", items.slice(0, 500));
  return storage.commitSession(session, { secure: secureCookie(request) });
}

/**
 * Runs the list's read-change-write for one session at a time: a scanner sends codes faster than
 * a round trip, and two overlapping writes would lose one scan. The lock is PostgreSQL's (held by
 * a transaction until the change is done), so it holds across several server processes too; a
 * change that fails fails its own request and nothing else.
 */
export function withScannedList<T>(request: Request, change: () => Promise<T>): Promise<T> {
  // The session cookie alone: the rest of the header (the toast cookie) changes between requests.
  const key = /(?:^|;\s*)__session=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1] ?? "";
  return em().transactional(async (tx) => {
    await tx.execute("select pg_advisory_xact_lock(hashtext(?))", [`scanner:${key}`]);
    return change();
  });
}
