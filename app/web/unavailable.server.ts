import { isLanguage } from "~/i18n/config";
import { i18next } from "~/i18n/i18next.server";
import { resources } from "~/i18n/resources.server";

/** Seconds a client should wait before trying again while the database is away. */
const RETRY_AFTER = 5;

function text(language: string, key: "title" | "text"): string {
  const lng = isLanguage(language) ? language : "en";
  const texts = resources[lng].common as { unavailable?: Record<string, string> };
  return (
    texts.unavailable?.[key] ??
    (resources.en.common as { unavailable: Record<string, string> }).unavailable[key]
  );
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/**
 * Whether an error says the database cannot be reached, as opposed to a fault of the request: a
 * refused or broken connection, PostgreSQL shutting down or starting up (SQLSTATE classes 08 and
 * 57P), or no pooled connection within the pool's time limit.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (/^08...$|^57P0[123]$/.test(code) || NETWORK_CODES.has(code)))
      return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Knex: Timeout acquiring a connection/i;

/**
 * The answer while the database cannot be reached (server.ts sends it instead of a 500): a JSON
 * 503 for /api, else a small page in the reader's language that reloads itself; both say when to
 * try again. The process stays up and answers normally as soon as the database is back.
 */
export async function databaseUnavailable(request: Request): Promise<Response> {
  const headers = { "Retry-After": String(RETRY_AFTER), "Cache-Control": "no-store" };
  const language = await i18next.getLocale(request).catch(() => "en");
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return new Response(JSON.stringify({ message: text("en", "text") }), {
      status: 503,
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
    });
  }
  const title = escapeHtml(text(language, "title"));
  const body = escapeHtml(text(language, "text"));
  const html = `<!doctype html><html lang="${isLanguage(language) ? language : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${RETRY_AFTER}"><title>${title} · VoltStock</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${body}</p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}
