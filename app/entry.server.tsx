import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n/config";
import { i18next } from "./i18n/i18next.server";
import { NAMESPACES, resources } from "./i18n/resources.server";

// The server starts and stops the database through the build, so that the ORM, the entities and
// the request middleware are one copy in one module graph.
export { requestContext, startDatabase, stopDatabase } from "./utils/db.server";
export { startupMessage } from "./utils/startup.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // A new i18next instance per request: never share one between users.
  const instance = createInstance();
  const lng = await i18next.getLocale(request);
  await instance.use(initReactI18next).init({ ...i18nConfig, lng, ns: NAMESPACES, resources });

  const waitForAll = isbot(request.headers.get("user-agent")) || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </I18nextProvider>,
      {
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * An unexpected error in a loader or action fails that request alone (500); it is logged with the
 * request it came from. A request the client abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}:`, error);
};
