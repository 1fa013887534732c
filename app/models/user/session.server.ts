import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";

/*
 * The sessions' rows (table `session`: sid, sess, expire, created_at) as the models need them: a
 * session's end, keeping it alive, ending a user's. The cookie and the storage over these rows are
 * the web layer's (app/web/session.server.ts).
 */

/**
 * How long a session lives (OWASP ASVS 3.3): it ends after SESSION_IDLE_HOURS without a request
 * (default 12: a shift), and SESSION_MAX_DAYS after sign-in whatever happens (default 14). Each
 * request moves the idle end on (at most once a minute: a write per page view would cost).
 */
export function sessionLimits() {
  return { idleHours: env().SESSION_IDLE_HOURS, maxDays: env().SESSION_MAX_DAYS };
}

/** The session's end as of now: idle time from now, but never past its absolute limit. */
export function sessionEndSql(createdAt = "created_at") {
  const { idleHours, maxDays } = sessionLimits();
  return `least(now() + interval '${idleHours} hours', ${createdAt} + interval '${maxDays} days')`;
}

/**
 * Moves a live session's idle end on, when it is more than a minute old: the user is still at
 * work. One statement that writes nothing for the other requests of that minute.
 */
export async function touchSession(sessionId: string) {
  await em().execute(
    `update session set expire = ${sessionEndSql()}
     where sid = ? and expire > now() and expire < ${sessionEndSql()} - interval '1 minute'`,
    [sessionId],
  );
}

/**
 * Ends every session of a user at once (deactivation, deletion, a new password), but the one
 * named by `keepSessionId` (the person who changed their own password stays signed in there).
 */
export async function endSessionsOfUser(userId: number, keepSessionId: string | null = null, db = em()) {
  await db.execute("delete from session where (sess->>'userId')::int = ? and sid <> ?", [
    userId,
    keepSessionId ?? "",
  ]);
}
