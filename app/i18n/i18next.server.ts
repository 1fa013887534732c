import { createCookie } from "@remix-run/node";
import globalI18next from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, LANGUAGES, type Language } from "./config";
import { NAMESPACES, resources } from "./resources.server";

/** The chosen language; readable by the browser script too, so it is not HttpOnly. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: 365 * 24 * 60 * 60,
});

// Only the cookie decides: the spec's default is English whatever the browser asks for.
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: "en",
    cookie: languageCookie,
    order: ["cookie"],
  },
  i18next: { ...i18nConfig, ns: NAMESPACES, resources },
});

// Page titles (`pageTitle`) read the global i18next instance: in the browser it is the page's
// own; on the server it holds every language (each render has an instance of its own).
if (!globalI18next.isInitialized) {
  void globalI18next.init({ ...i18nConfig, ns: NAMESPACES, resources, initImmediate: false });
}

/** Text in one language outside a page render (e-mails written on the server). */
export function fixedT(language: Language) {
  return globalI18next.getFixedT(language) as unknown as (
    key: string,
    options?: Record<string, unknown>,
  ) => string;
}
