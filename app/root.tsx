import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { NotFound, ServerError } from "./components/ErrorPage/ErrorPage";
import { IconSprite } from "./components/Icon/Icon";
import { Toaster } from "./components/Toaster/Toaster";
import {
  inlineJson,
  NAMESPACE_LIST_ID,
  namespacesReady,
  namespaceUrl,
  routeNamespaces,
  useLanguage,
} from "./i18n/client";
import { LANGUAGES } from "./i18n/config";
import { usedNamespaces } from "./i18n/used-namespaces";
import { startScriptsSource } from "./web/after-first-paint";
import { shouldHydrate } from "./web/hydration";
import { useNonce } from "./web/nonce";
import { type RootData, rootLoader } from "./web/root-loader.server";
import { withoutReact } from "./web/without-react";
import "./styles/global.css";

export const handle = { i18n: ["common"] };

export async function loader(args: LoaderFunctionArgs) {
  return rootLoader(args);
}

export const meta: MetaFunction = () => [{ title: "VoltStock" }];

/**
 * The namespaces this page was rendered with, and their files, for the browser's i18next (read by entry.client
 * before it hydrates): its routes' own and any other a component looked a text up in. Rendered
 * after the page's content, so that every lookup has happened. Only the server writes it: in the
 * browser the element keeps what the server sent.
 */
function NamespaceList({ files }: { files: Record<string, string> }) {
  const { i18n } = useTranslation();
  const matches = useMatches();
  // import.meta.env.SSR: the browser build leaves this (and its code) out.
  const json = import.meta.env.SSR
    ? inlineJson(
        Object.fromEntries(
          [...new Set([...routeNamespaces(matches), ...usedNamespaces(i18n)])]
            .filter((ns) => files[ns])
            .map((ns) => [ns, namespaceUrl(ns, files[ns])]),
        ),
      )
    : "";
  return (
    <script
      id={NAMESPACE_LIST_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, its "<" escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/**
 * The routes' namespace files, fetched while the page paints (entry.client reads them). The
 * first page's only: what later screens and languages need is fetched by client.ts, and a link
 * added then would fetch it a second time.
 */
function NamespacePreloads({ files }: { files: Record<string, string> }) {
  const matches = useMatches();
  const [first] = useState(() =>
    routeNamespaces(matches).map((ns) => (files[ns] ? namespaceUrl(ns, files[ns]) : undefined)),
  );
  return (
    <>
      {first.map((file) => {
        return file ? <link key={file} rel="preload" as="fetch" crossOrigin="anonymous" href={file} /> : null;
      })}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? "en";
  // Re-rendered on a language change, so that <Meta /> retitles the tab.
  useTranslation();
  // A page whose route says `handle: { hydrate: false }` gets no scripts (see web/hydration). In
  // the browser React is running, so the page it renders keeps them.
  const hydrate = useHydrateFlag();
  const nonce = useNonce();
  // A mark that the page is hydrated (its script handlers are in place), for tests to wait on; in
  // the layout, so that a page of the root error boundary is marked too.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {hydrate ? <NamespacePreloads files={root?.translations ?? {}} /> : null}
      </head>
      <body>
        <IconSprite />
        {children}
        <Toaster toast={root?.toast ?? null} />
        {hydrate ? (
          <>
            <NamespaceList files={root?.translations ?? {}} />
            <ScrollRestoration nonce={nonce} />
            {import.meta.env.DEV ? null : (
              <script
                nonce={nonce}
                suppressHydrationWarning
                // import.meta.env.SSR: the browser keeps what the server wrote, and its build leaves
                // the starter's code out.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script
                dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startScriptsSource() : "" }}
              />
            )}
            <Scripts nonce={nonce} />
          </>
        ) : import.meta.env.SSR ? (
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script
            dangerouslySetInnerHTML={{ __html: `(${withoutReact})(${JSON.stringify(LANGUAGES)})` }}
          />
        ) : null}
      </body>
    </html>
  );
}

function useHydrateFlag() {
  const matches = useMatches();
  return !import.meta.env.SSR || shouldHydrate(matches);
}

export default function App() {
  const root = useRouteLoaderData<RootData>("root");
  useLanguage(root?.locale ?? "en", root?.translations ?? {});
  return (
    // Never shown: a navigation is a transition, during which React keeps the screen before.
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}

/**
 * The matched routes' screen, once their namespaces are loaded: on a client-side navigation to a
 * screen whose texts the browser does not hold yet, the screen before stays until they are.
 */
function Screen() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  if (!import.meta.env.SSR) {
    const loading = namespacesReady(i18n, routeNamespaces(matches));
    if (loading) throw loading;
  }
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ServerError title={t("error.title")} />;
}
