import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";

/**
 * The sign-in limit (OWASP ASVS 2.2.1): failures are counted per account, against guessing one
 * password from many addresses, and per address, against trying one password on many accounts,
 * over a sliding window. Counted in PostgreSQL, so several server processes share the count.
 */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 } as const;

const WINDOW = `interval '${SIGN_IN_LIMITS.windowMinutes} minutes'`;

/**
 * How many seconds this account or address must wait before it may try again (the answer's
 * Retry-After), or null when it may try now: until its oldest failure still within the limit
 * leaves the window. Given an attempt (`beginSignInAttempt`), only the failures counted before it
 * count: of attempts made at the same moment, those beyond the limit wait.
 */
export async function signInWait(
  account: string,
  address: string,
  db: EntityManager = em(),
  attempt?: number,
): Promise<number | null> {
  const before = attempt === undefined ? "" : "and id < ?";
  const [row] = await db.execute<{ account_until: Date | null; address_until: Date | null }[]>(
    `select
       (select created_at + ${WINDOW} from sign_in_failure
         where account = ? and created_at > now() - ${WINDOW} ${before}
         order by id desc offset ? limit 1) as account_until,
       (select created_at + ${WINDOW} from sign_in_failure
         where address = ? and created_at > now() - ${WINDOW} ${before}
         order by id desc offset ? limit 1) as address_until`,
    [
      account.toLowerCase(),
      ...(attempt === undefined ? [] : [attempt]),
      SIGN_IN_LIMITS.perAccount - 1,
      address,
      ...(attempt === undefined ? [] : [attempt]),
      SIGN_IN_LIMITS.perAddress - 1,
    ],
  );
  const until = [row.account_until, row.address_until]
    .filter((time): time is Date => time !== null)
    .map((time) => new Date(time).getTime());
  if (until.length === 0) return null;
  return Math.max(1, Math.ceil((Math.max(...until) - Date.now()) / 1000));
}

/** Counts a failure; failures that left the window are forgotten on the way. Its id comes back. */
export async function recordSignInFailure(
  account: string,
  address: string,
  db: EntityManager = em(),
): Promise<number> {
  await db.execute(`delete from sign_in_failure where created_at < now() - ${WINDOW}`);
  const [row] = await db.execute<{ id: string | number }[]>(
    "insert into sign_in_failure (account, address) values (?, ?) returning id",
    [account.toLowerCase(), address],
  );
  return Number(row.id);
}

/**
 * A sign-in attempt is counted as a failure before its password is checked, and then may be checked
 * only if the failures counted before it are under the limit: so that many attempts sent at the
 * same moment, which would all pass a check made first, cannot go beyond it. `settleSignInAttempt`
 * takes it back when it was not a failure after all.
 */
export async function beginSignInAttempt(
  account: string,
  address: string,
  db: EntityManager = em(),
): Promise<{ attempt: number; wait: number | null }> {
  const attempt = await recordSignInFailure(account, address, db);
  const wait = await signInWait(account, address, db, attempt);
  // An attempt refused unchecked is no failure of its own: it does not push the wait further.
  if (wait !== null) await settleSignInAttempt(attempt, db);
  return { attempt, wait };
}

/** Takes back an attempt that was not a failed guess (refused unchecked, or not a wrong password). */
export async function settleSignInAttempt(attempt: number, db: EntityManager = em()) {
  await db.execute("delete from sign_in_failure where id = ?", [attempt]);
}

/**
 * A successful sign-in forgets this address's failures on this account, and nothing else: another
 * address's attempts on the account still count.
 */
export async function clearSignInFailures(account: string, address: string, db: EntityManager = em()) {
  await db.execute("delete from sign_in_failure where account = ? and address = ?", [
    account.toLowerCase(),
    address,
  ]);
}
