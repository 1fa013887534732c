import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { loadBundle, readInlineTranslations } from "./i18n/client";
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
  // The page's language, inlined by the server: no request, and the texts the HTML was rendered
  // with, so hydration matches.
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  const bundle = readInlineTranslations() ?? (await loadBundle(language));
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: language,
    ns: Object.keys(bundle),
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
