import { raw } from "@mikro-orm/core";
import bcrypt from "bcryptjs";
import type { z } from "zod/v4";
import type { Language } from "~/i18n/config";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import type { userAnswer } from "~/models/api-doc/response-schemas";
import { lockForChange } from "~/models/locked.server";
import type { ProfileInput } from "./account-schema";
import type { RegisterInput } from "./auth-schema";
import { endSessionsOfUser, sessionEndSql, touchSession } from "./session.server";
import { type Role, User } from "./user.entity";
import type { EditUserInput, NewUserInput } from "./user-schema";

/**
 * A user as the app and the API see it: never the password hash. The schema that documents the
 * answer (response-schemas.ts) is its type.
 */
export type PublicUser = z.output<typeof userAnswer>;

const PUBLIC_FIELDS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "profileImageUrl",
  "role",
  "isActive",
  "createdAt",
] as const;

function toPublicUser(user: {
  id: number;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  role: Role;
  isActive: boolean;
  createdAt: Date;
}): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Reads for showing a user are partial (no password hash, no version) and must not stay in the
 * request's identity map: a later write in the same request would get that partial entity back,
 * and MikroORM 6.6 does not fill in the version when it loads the rest of the row, so the
 * optimistic-locking check saw `undefined` and refused every save of one's own account.
 */
const READ_ONLY = { fields: PUBLIC_FIELDS, disableIdentityMap: true } as const;

/**
 * The user a live session belongs to, in one round trip (the session's row and the user's): every
 * page view and API call starts with it. A session more than a minute from its last move has its
 * idle end moved on (a second statement, at most once a minute per session).
 */
export async function findSessionUser(sessionId: string): Promise<PublicUser | null> {
  const row = await em()
    .createQueryBuilder(User, "u")
    .select([
      ...PUBLIC_FIELDS,
      raw(
        `(select s.expire < ${sessionEndSql("s.created_at")} - interval '1 minute' from session s where s.sid = ?) as "needsTouch"`,
        [sessionId],
      ),
    ])
    .where(
      raw(`u.id = (select (s.sess->>'userId')::int from session s where s.sid = ? and s.expire > now())`, [
        sessionId,
      ]),
    )
    .execute<(Parameters<typeof toPublicUser>[0] & { needsTouch: boolean }) | null>("get");
  if (!row) return null;
  if (row.needsTouch) await touchSession(sessionId);
  return toPublicUser(row);
}

export async function findUserById(id: number): Promise<PublicUser | null> {
  const user = await em().findOne(User, { id }, READ_ONLY);
  return user ? toPublicUser(user) : null;
}

/** The version an edit starts from (optimistic locking). */
export async function userVersion(id: number): Promise<number> {
  const row = await em()
    .createQueryBuilder(User)
    .select("version")
    .where({ id })
    .execute<{ version: number } | null>("get");
  return row?.version ?? 0;
}

export type LoginResult = { ok: true; user: PublicUser } | { ok: false; reason: "invalid" | "inactive" };

/** bcrypt's cost for every stored password: 2^10 rounds, about 90 ms a hash on the 2-core machine. */
const PASSWORD_COST = 10;

/** A password as it is stored: its bcrypt hash, never the password itself. */
function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, PASSWORD_COST);
}

// A hash to compare against when the email is unknown, so that both cases take the same time.
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", PASSWORD_COST);

export async function verifyLogin(email: string, password: string): Promise<LoginResult> {
  const user = await em().findOne(User, { email: email.toLowerCase() });
  const matches = await bcrypt.compare(password, user?.password ?? DUMMY_HASH);
  if (!user || !matches) return { ok: false, reason: "invalid" };
  if (!user.isActive) return { ok: false, reason: "inactive" };
  return { ok: true, user: toPublicUser(user) };
}

/** Whether any account exists yet (none: the next sign-up becomes the administrator). */
export async function anyUserExists(): Promise<boolean> {
  const row = await em().createQueryBuilder(User).select("id").limit(1).execute<{ id: number } | null>("get");
  return row !== null;
}

/** `first`: this was the first account, so it became the active admin. */
export type RegisterResult =
  | { ok: true; user: PublicUser; first: boolean }
  | { ok: false; reason: "emailTaken" };

/**
 * Registration policy (DECISIONS.md): the first account is an active admin; later, only a
 * salesperson is active at once, and an admin or manager awaits approval, unless
 * OPEN_REGISTRATION=true restores the spec's literal behaviour.
 */
export async function registerUser(input: RegisterInput): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
  return em().transactional(async (tx) => {
    // Serialises registrations so that two first sign-ups cannot both become admin.
    await tx.execute("select pg_advisory_xact_lock(42001)");
    if (await tx.count(User, { email: input.email })) return { ok: false, reason: "emailTaken" } as const;
    const isFirst = (await tx.count(User, {})) === 0;
    const role: Role = isFirst ? "admin" : input.role;
    const isActive = isFirst || role === "salesperson" || env().OPEN_REGISTRATION;
    const user = tx.create(User, {
      email: input.email,
      password: passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role,
      isActive,
    });
    await tx.flush();
    return { ok: true, user: toPublicUser(user), first: isFirst } as const;
  });
}

export async function listUsers(): Promise<PublicUser[]> {
  const users = await em().find(User, {}, { ...READ_ONLY, orderBy: { createdAt: "asc", id: "asc" } });
  return users.map(toPublicUser);
}

export type UserSummary = { total: number; active: number; admins: number; inactive: number };

export function summarizeUsers(users: PublicUser[]): UserSummary {
  return {
    total: users.length,
    active: users.filter((u) => u.isActive).length,
    admins: users.filter((u) => u.role === "admin").length,
    inactive: users.filter((u) => !u.isActive).length,
  };
}

/** Whether another account (not `exceptId`) signs in with this e-mail address. */
export async function userEmailInUse(email: string, exceptId = 0): Promise<boolean> {
  return (await em().count(User, { email: email.trim().toLowerCase(), id: { $ne: exceptId } })) > 0;
}

export type UserRefusal = "emailTaken" | "notFound" | "stale" | "lastAdmin" | "self";
export type UserResult = { ok: true; user: PublicUser } | { ok: false; reason: UserRefusal };

// Changes that could remove the last active admin run one at a time.
const ADMIN_LOCK = "select pg_advisory_xact_lock(42004)";

async function otherActiveAdmins(tx: ReturnType<typeof em>, id: number) {
  return tx.count(User, { role: "admin", isActive: true, id: { $ne: id } });
}

export async function createUserByAdmin(input: NewUserInput): Promise<UserResult> {
  const password = await hashPassword(input.password);
  return em().transactional(async (tx) => {
    if (await tx.count(User, { email: input.email })) return { ok: false, reason: "emailTaken" } as const;
    const user = tx.create(User, {
      email: input.email,
      password,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      isActive: input.isActive,
    });
    await tx.flush();
    return { ok: true, user: toPublicUser(user) } as const;
  });
}

/**
 * Edits a user; an empty password keeps the old one. The last active admin cannot be
 * deactivated or demoted. Deactivating ends the user's sessions at once.
 */
export async function updateUser(
  id: number,
  input: EditUserInput,
  keepSessionId: string | null = null,
): Promise<UserResult> {
  const password = input.password ? await hashPassword(input.password) : null;
  const result = await em().transactional(async (tx): Promise<UserResult> => {
    await tx.execute(ADMIN_LOCK);
    const locked = await lockForChange(tx, User, id, input.version);
    if (!locked.ok) return locked;
    const user = locked.entity;
    if (input.email !== user.email && (await tx.count(User, { email: input.email })))
      return { ok: false, reason: "emailTaken" };
    const losesAdmin = user.role === "admin" && user.isActive && (input.role !== "admin" || !input.isActive);
    if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0) return { ok: false, reason: "lastAdmin" };
    tx.assign(user, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      isActive: input.isActive,
      ...(password ? { password } : {}),
    });
    await tx.flush();
    return { ok: true, user: toPublicUser(user) };
  });
  // A deactivated user is signed out everywhere; one given a new password, everywhere but in the
  // session that set it (an admin changing their own).
  if (result.ok && (!result.user.isActive || password)) {
    await endSessionsOfUser(id, result.user.isActive ? keepSessionId : null);
  }
  return result;
}

/** A user's own name, from /account; email, role and status stay as they are. */
export async function updateOwnProfile(
  id: number,
  input: Pick<ProfileInput, "firstName" | "lastName" | "version">,
): Promise<UserResult> {
  return em().transactional(async (tx): Promise<UserResult> => {
    const locked = await lockForChange(tx, User, id, input.version);
    if (!locked.ok) return locked;
    const user = locked.entity;
    tx.assign(user, { firstName: input.firstName, lastName: input.lastName });
    await tx.flush();
    return { ok: true, user: toPublicUser(user) };
  });
}

/**
 * Sets a user's new password (the caller has checked the current one) and ends every other
 * session of theirs: whoever else was signed in as them must sign in with the new password.
 */
export async function changeOwnPassword(
  id: number,
  newPassword: string,
  keepSessionId: string | null,
): Promise<boolean> {
  const password = await hashPassword(newPassword);
  return em().transactional(async (tx) => {
    const user = await tx.findOne(User, { id });
    if (!user) return false;
    user.password = password;
    await tx.flush();
    await endSessionsOfUser(id, keepSessionId, tx);
    return true;
  });
}

/** Approves an account that awaits it: it becomes active. */
export async function approveUser(id: number): Promise<boolean> {
  const user = await em().findOne(User, { id });
  if (!user) return false;
  user.isActive = true;
  await em().flush();
  return true;
}

/** Deletes a user: never oneself, never the last active admin; their sessions end with them. */
export async function deleteUser(
  id: number,
  actingUserId: number,
): Promise<{ ok: true } | { ok: false; reason: UserRefusal }> {
  if (id === actingUserId) return { ok: false, reason: "self" };
  const result = await em().transactional(async (tx) => {
    await tx.execute(ADMIN_LOCK);
    const user = await tx.findOne(User, { id });
    if (!user) return { ok: false, reason: "notFound" } as const;
    if (user.role === "admin" && user.isActive && (await otherActiveAdmins(tx, id)) === 0) {
      return { ok: false, reason: "lastAdmin" } as const;
    }
    await tx.execute("delete from session where (sess->>'userId')::int = ?", [id]);
    await tx.remove(user).flush();
    return { ok: true } as const;
  });
  return result;
}

/**
 * The interface language the user chose last (the switcher, /account, sign-in): e-mails to them
 * are written in it. Not a change of their record's content, so its version stays.
 */
export async function rememberLanguage(userId: number, language: Language): Promise<void> {
  await em().nativeUpdate(User, { id: userId, language: { $ne: language } }, { language });
}
