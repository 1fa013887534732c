import type { i18n as I18n } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Bundle } from "./bundles/bundle";
import { isLanguage, type Language } from "./config";

/**
 * The browser's translations. The server writes the page's language, every namespace, into the
 * HTML (`<InlineTranslations />` in root), so hydration has its texts without a request and
 * client-side navigation finds any screen's namespace. Another language is one chunk of its own,
 * loaded when the user switches to it and before the page changes language.
 */
const BUNDLES: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import("./bundles/en"),
  fi: () => import("./bundles/fi"),
};

export const INLINE_TRANSLATIONS_ID = "i18n-resources";

/** The translations the server inlined, or null (a page rendered without them). */
export function readInlineTranslations(): Bundle | null {
  const text = document.getElementById(INLINE_TRANSLATIONS_ID)?.textContent;
  return text ? (JSON.parse(text) as Bundle) : null;
}

/** Inline JSON for a `<script type="application/json">`: nothing in it can close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export async function loadBundle(language: Language): Promise<Bundle> {
  return (await BUNDLES[language]()).default;
}

async function ensureLanguage(i18n: I18n, language: Language) {
  if (i18n.hasResourceBundle(language, "common")) return;
  const bundle = await loadBundle(language);
  for (const [namespace, texts] of Object.entries(bundle)) {
    i18n.addResourceBundle(language, namespace, texts, true, true);
  }
}

let wanted: string | undefined;

/** Switches i18next to a language once its texts are loaded; the last call wins. */
export async function changeLanguage(i18n: I18n, language: string): Promise<void> {
  wanted = language;
  if (!isLanguage(language)) return;
  await ensureLanguage(i18n, language);
  if (wanted === language && i18n.language !== language) await i18n.changeLanguage(language);
}

/** Follows the root loader's locale (after a language switch, or another tab's). */
export function useLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    void changeLanguage(i18n, locale);
  }, [i18n, locale]);
}
