import bcrypt from "bcryptjs";
import { em } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import type { RegisterInput } from "./auth-schema";
import { type Role, User } from "./user.entity";

/** A user as the app and the API see it: never the password hash. */
export type PublicUser = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  isActive: boolean;
  createdAt: string;
};

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

export async function findUserById(id: number): Promise<PublicUser | null> {
  const user = await em().findOne(User, { id }, { fields: PUBLIC_FIELDS });
  return user ? toPublicUser(user) : null;
}

export type LoginResult = { ok: true; user: PublicUser } | { ok: false; reason: "invalid" | "inactive" };

// A hash to compare against when the email is unknown, so that both cases take the same time.
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", 10);

export async function verifyLogin(email: string, password: string): Promise<LoginResult> {
  const user = await em().findOne(User, { email: email.toLowerCase() });
  const matches = await bcrypt.compare(password, user?.password ?? DUMMY_HASH);
  if (!user || !matches) return { ok: false, reason: "invalid" };
  if (!user.isActive) return { ok: false, reason: "inactive" };
  return { ok: true, user: toPublicUser(user) };
}

export type RegisterResult = { ok: true; user: PublicUser } | { ok: false; reason: "emailTaken" };

/**
 * Registration policy (DECISIONS.md): the first account is an active admin; later, only a
 * salesperson is active at once, and an admin or manager awaits approval, unless
 * OPEN_REGISTRATION=true restores the spec's literal behaviour.
 */
export async function registerUser(input: RegisterInput): Promise<RegisterResult> {
  const passwordHash = await bcrypt.hash(input.password, 10);
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
    return { ok: true, user: toPublicUser(user) } as const;
  });
}
