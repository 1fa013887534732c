import { encode } from "turbo-stream";
import { redirectWithToast } from "./toast.server";

/**
 * The answer to a form whose body is over the limit (server.ts refuses it before anyone reads it):
 * back to the page the form is on, with a translated toast, nothing kept. Without JavaScript that
 * is a 303 to the page. With JavaScript, Remix sent the form by fetch to the route's `.data` URL
 * and reads the answer as single fetch does: an action's redirect is a 202 whose turbo-stream body
 * names the place to go (what Remix itself answers for a redirect from an action). A bare 413
 * there showed the route's error page instead.
 */
export async function bodyTooLarge(request: Request, limitBytes: number): Promise<Response> {
  const back = formPage(request);
  const redirect = await redirectWithToast(
    back,
    {
      type: "error",
      title: "toast.error",
      description: "files.tooLarge",
      values: { limit: Math.floor(limitBytes / 1_000_000) },
    },
    { status: 303 },
  );
  if (!new URL(request.url).pathname.endsWith(".data")) return redirect;
  const headers = new Headers(redirect.headers);
  headers.delete("Location");
  headers.set("Content-Type", "text/x-script");
  const body = encode({ redirect: back, status: 303, revalidate: true, reload: false, replace: false });
  return new Response(body, { status: 202, headers });
}

/**
 * The page the form was sent from: the Referer when it is this site's own page, else the page of
 * the route the form posted to (a form posts to its own route unless it says otherwise).
 */
function formPage(request: Request): string {
  const url = new URL(request.url);
  const referer = request.headers.get("Referer");
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.origin === url.origin) return `${from.pathname}${from.search}`;
  }
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return path || "/";
}
