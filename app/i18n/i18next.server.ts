import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, LANGUAGES, resources } from "./config";

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
  i18next: { ...i18nConfig, resources },
});
