import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { fetchNamespaces, readNamespaceList } from "./i18n/client";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "./i18n/config";

/**
 * The language lives in the `lng` cookie (the server renders with it) and in localStorage
 * 'language'. If the cookie is gone but this browser remembers a language, restore the cookie.
 */
async function restoreLanguage(current: string): Promise<boolean> {
  const stored = localStorage.getItem("language");
  if (document.cookie.includes("lng=") || !isLanguage(stored) || stored === current) return false;
  // Once per tab: where cookies are blocked, reloading again would never end.
  if (sessionStorage.getItem("languageRestored")) return false;
  sessionStorage.setItem("languageRestored", "1");
  const form = new FormData();
  form.set("language", stored);
  form.set("redirectTo", "/");
  await fetch("/language", { method: "POST", body: form, redirect: "manual" });
  return true;
}

async function hydrate() {
  const lng = document.documentElement.lang || "en";
  if (await restoreLanguage(lng).catch(() => false)) {
    window.location.reload();
    return;
  }
  localStorage.setItem("language", lng);
  // The namespaces the server rendered the page with (their files preloaded while it painted), so
  // that hydration has the same texts; others are loaded when a screen needs them (client.ts).
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  const namespaces = readNamespaceList(language) ?? [];
  const bundle = await fetchNamespaces(language, namespaces);
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: language,
    ns: namespaces,
    resources: { [language]: bundle },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
