import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { NotFound, ServerError } from "./components/ErrorPage/ErrorPage";
import { Toaster } from "./components/Toaster/Toaster";
import { i18next } from "./i18n/i18next.server";
import { countUnreadAlerts } from "./models/alert/alert.server";
import { getUser } from "./utils/auth.server";
import { env } from "./utils/env.server";
import { getToast } from "./utils/toast.server";
import "./styles/global.css";

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, user, { toast, headers }] = await Promise.all([
    i18next.getLocale(request),
    getUser(request),
    getToast(request),
  ]);
  const unreadAlerts = user ? await countUnreadAlerts() : 0;
  // The shop's settings the pages need to draw what the server decides (badges, highlights).
  const settings = { lowStockAtMost: env().LOW_STOCK_THRESHOLD, vatRate: String(env().VAT_RATE) };
  return data({ locale, user, unreadAlerts, toast, settings }, { headers: headers ?? undefined });
}

export type RootData = typeof loader;

export const meta: MetaFunction = () => [{ title: "VoltStock" }];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? "en";
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster toast={root?.toast ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRouteLoaderData<RootData>("root");
  useChangeLanguage(root?.locale ?? "en");
  // A mark that the page's script has taken over (tests wait for it before typing).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ServerError title={t("error.title")} />;
}
