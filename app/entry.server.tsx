import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n } from "i18next";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n/config";
import { i18next } from "./i18n/i18next.server";
import { NAMESPACES, resources } from "./i18n/resources.server";
import { recordUsedNamespaces } from "./i18n/used-namespaces";
import { log } from "./infra/log.server";
import { deferScripts } from "./web/after-first-paint";
import { NonceContext } from "./web/nonce";
import { documentPolicy } from "./web/security-headers";

export { databaseReady } from "./infra/database.server";
export { serverSettings } from "./infra/env.server";
// The server starts and stops the database through the build, so that the ORM, the entities and
// the request middleware are one copy in one module graph.
export {
  startBackgroundJobs,
  startDatabase,
  startupMessage,
  stopDatabase,
} from "./startup/startup.server";
export { bodyTooLarge } from "./web/body-too-large.server";
export { requestContext } from "./web/request-context.server";
export { sessionSecret } from "./web/session.server";
export { databaseUnavailable } from "./web/unavailable.server";

import { isDatabaseUnavailableError } from "./web/unavailable.server";

/**
 * One initialised i18next instance per language, built once; each request renders with a clone of
 * it (its own instance, sharing the read-only translations), never with a shared one.
 */
const languageInstances = new Map<string, Promise<i18n>>();
function instanceFor(lng: string): Promise<i18n> {
  let found = languageInstances.get(lng);
  if (!found) {
    const instance = createInstance();
    found = instance
      .use(initReactI18next)
      .init({ ...i18nConfig, lng, ns: NAMESPACES, resources })
      .then(() => instance);
    languageInstances.set(lng, found);
  }
  return found;
}

const ABORT_DELAY = 5_000;

/**
 * The page is rendered whole before it is sent (the loaders' data inlined): no screen streams
 * deferred data, and one write of the finished document costs far less than many small chunks.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const lng = await i18next.getLocale(request);
  const instance = (await instanceFor(lng)).cloneInstance();
  recordUsedNamespaces(instance);
  // A new nonce for every page: only the scripts this render writes carry it.
  const nonce = randomBytes(16).toString("base64");
  // Vite's development server injects scripts of its own: the policy guards the built app.
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", documentPolicy(nonce));
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = Buffer.concat(chunks);
              // The scripts start after the first paint (web/after-first-paint.ts).
              const body = import.meta.env.DEV ? html : deferScripts(html.toString("utf8"));
              resolve(new Response(body, { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * An unexpected error in a loader or action fails that request alone (500); it is logged with the
 * request it came from. A request the client abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // server.ts answers the 503 of an unreachable database instead of a 500.
  if (isDatabaseUnavailableError(error)) context.databaseUnavailable = true;
  const url = new URL(request.url);
  log.error(
    {
      err: error,
      requestId: context.requestId,
      method: request.method,
      path: `${url.pathname}${url.search}`,
    },
    "request failed",
  );
};
