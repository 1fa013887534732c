import { RequestContext } from "@mikro-orm/postgresql";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { isLanguage } from "~/i18n/config";
import { i18next } from "~/i18n/i18next.server";
import { env } from "~/infra/env.server";
import { type GuardedOperation, operationAccess } from "~/models/api-doc/openapi.server";
import { authenticateApiToken } from "~/models/api-token/api-token.server";
import { actingUser } from "~/models/audit/audit-trail.server";
import { refusingControlCharacters } from "~/models/clean-text";
import { loginSchema } from "~/models/user/auth-schema";
import { can, type Permission } from "~/models/user/permissions";
import {
  beginSignInAttempt,
  clearSignInFailures,
  settleSignInAttempt,
} from "~/models/user/sign-in-limit.server";
import { findSessionUser, type PublicUser, rememberLanguage, verifyLogin } from "~/models/user/user.server";
import { apiError } from "./api.server";
import { secureCookie, sessionIdOf, sessionStorage } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** Why a sign-in failed; the message is an i18n key (pages) and has an English text (API). */
export class LoginError extends Error {
  constructor(
    readonly key:
      | "auth.errors.invalid"
      | "auth.errors.inactive"
      | "auth.errors.tooMany"
      | "validation.invalid",
    readonly status: number,
    /** seconds until another try may succeed (429) */
    readonly retryAfter?: number,
  ) {
    super(key);
  }

  /** The answer's headers: Retry-After for a 429. */
  get headers(): Record<string, string> {
    return this.retryAfter ? { "Retry-After": String(this.retryAfter) } : {};
  }
}

export const authenticator = new Authenticator<PublicUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = refusingControlCharacters(loginSchema).safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError("validation.invalid", 400);
    return login(parsed.data.email, parsed.data.password, clientAddress(request));
  }),
  "form",
);

/**
 * Checks the password under the sign-in limit (sign-in-limit.server.ts): while the account or the
 * address has too many recent failures, no password is checked at all (429, with the wait).
 */
export async function login(email: string, password: string, address: string): Promise<PublicUser> {
  const from = address.slice(0, 100);
  const { attempt, wait } = await beginSignInAttempt(email, from);
  if (wait !== null) throw new LoginError("auth.errors.tooMany", 429, wait);
  const result = await verifyLogin(email, password);
  if (result.ok) {
    await settleSignInAttempt(attempt);
    await clearSignInFailures(email, from);
    return result.user;
  }
  // A right password for an account not yet approved is no guess.
  if (result.reason !== "invalid") await settleSignInAttempt(attempt);
  throw new LoginError(result.reason === "inactive" ? "auth.errors.inactive" : "auth.errors.invalid", 401);
}

/**
 * Checks a signed-in user's own password (a password change asks for it), under the same
 * failure count as sign-in: a borrowed session must not become a way to guess it.
 */
export async function checkOwnPassword(request: Request, email: string, password: string) {
  await login(email, password, clientAddress(request));
}

function clientAddress(request: Request) {
  return request.headers.get("X-Client-Address") ?? "local";
}

/**
 * Starts a session for the user under a new session id; the answer must carry the returned
 * Set-Cookie header. Whatever session the browser held before ends here (its row is deleted):
 * continuing it would let whoever knew that id ride on this sign-in (session fixation), and the
 * next user would inherit the previous one's scanned list.
 */
export async function createUserSession(request: Request, userId: number): Promise<string> {
  const storage = sessionStorage();
  const cookie = request.headers.get("Cookie");
  if (cookie?.includes("__session=")) {
    const previous = await storage.getSession(cookie);
    if (previous.id) await storage.destroySession(previous);
  }
  const session = await storage.getSession();
  session.set("userId", userId);
  // The language the person signs in with is theirs from now on (their e-mails are written in it).
  await rememberLanguage(userId, await i18next.getLocale(request).then((l) => (isLanguage(l) ? l : "en")));
  return storage.commitSession(session, { secure: secureCookie(request) });
}

/** The id of the request's session (its row in `session`), or null without one. */
export async function currentSessionId(request: Request): Promise<string | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__session=")) return null;
  return (await sessionStorage().getSession(cookie)).id || null;
}

export async function destroyUserSession(request: Request): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session, { secure: secureCookie(request) });
}

const signedInUsers = new WeakMap<object, Promise<PublicUser | null>>();

/**
 * The signed-in, active user, or null. Looked up once per HTTP request: Remix hands each loader
 * of a page its own Request, so a read (GET) is keyed by the request's context (one per HTTP
 * request, made by the server's middleware). After a write, each Request looks again: an action
 * may have changed the user the loaders then show.
 */
export function getUser(request: Request): Promise<PublicUser | null> {
  const read = request.method === "GET" || request.method === "HEAD";
  const key: object = (read && RequestContext.currentRequestContext()) || request;
  let found = signedInUsers.get(key);
  if (!found) {
    found = findSignedInUser(request);
    signedInUsers.set(key, found);
  }
  return found;
}

async function findSignedInUser(request: Request) {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__session=")) return null;
  const sessionId = await sessionIdOf(cookie);
  const user = sessionId ? await findSessionUser(sessionId) : null;
  return user?.isActive ? user : null;
}

type Requirement = { permission?: Permission };

/** Page guard: a visitor goes to /login, a user lacking the permission to / (both with a toast). */
export async function requireUser(request: Request, { permission }: Requirement = {}): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const redirectTo = `${url.pathname}${url.search}`;
    throw await redirectWithToast(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
      type: "error",
      title: "toast.unauthorized",
      description: "toast.loggedOut",
    });
  }
  if (permission && !can(user.role, permission)) {
    throw await redirectWithToast("/", {
      type: "error",
      title: "toast.accessDenied",
      description: permission === "user:manage" ? "toast.usersAdminOnly" : "toast.notAllowed",
    });
  }
  actingUser(user);
  return user;
}

/**
 * The bearer token of an `Authorization: Bearer …` header; undefined without the header (then the
 * session cookie counts), "" for a header of another scheme or none.
 */
function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  if (header === null) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : "";
}

/** The user an API call acts as: its bearer token's, or else its session's. */
async function apiCaller(request: Request): Promise<PublicUser | null> {
  const token = bearerToken(request);
  if (token === undefined) return getUser(request);
  const use = await authenticateApiToken(token, env().API_TOKEN_RATE_LIMIT);
  if (use.ok) return use.user;
  if (use.reason === "rateLimited") {
    throw apiError(429, "Too many requests with this API token: wait a moment", undefined, {
      "Retry-After": String(use.retryAfterSeconds),
    });
  }
  throw apiError(
    401,
    "Unauthorized: the API token is not valid (revoked, mistyped or its admin is no longer one)",
  );
}

/**
 * API guard: 401 JSON for a visitor (or a token that is not valid), 403 JSON for a user lacking
 * the permission, 429 for a token over its rate limit. A token acts with its own role. The route
 * names its operation; the permission is the one the API document gives it (openapi.server.ts),
 * so what the document says and what the guard does are one fact.
 */
export async function requireApiUser(request: Request, operation: GuardedOperation): Promise<PublicUser> {
  const access = operationAccess(operation);
  const user = await apiCaller(request);
  if (!user) throw apiError(401, "Unauthorized");
  if (access !== "staff" && access !== "public" && !can(user.role, access))
    throw apiError(403, "Forbidden: your role may not do this");
  actingUser(user);
  return user;
}

/** Where to go after sign-in: only a local path, never another site. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  return to;
}

export { redirect };
