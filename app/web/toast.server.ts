import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { sessionSecret } from "./session.server";
import type { Toast } from "./toast";

type FlashData = { toast: Toast };

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;

// A cookie of its own, so that visitors without a session can be shown a toast too.
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [sessionSecret()],
    },
  });
  return storage;
}

export async function toastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

/** Redirects and shows the toast on the next page (also without JavaScript). */
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await toastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the flashed toast; the headers must go out with the response. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__toast=")) return { toast: null, headers: null };
  const session = await toastStorage().getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }) };
}
