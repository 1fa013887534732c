export const LANGUAGES = ["en", "fi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * Shared by the server's and the browser's i18next: Finnish falls back to English, then to the key.
 * A key a screen's namespace lacks is looked up in common too, where the shared validation
 * messages live ("validation.money.negative" reads the same on every screen). The texts
 * themselves are in `bundles/` (one per language): the server has them all
 * (`resources.server.ts`); the browser gets its page's language inlined in the HTML and loads
 * another one when the user switches (`client.ts`).
 */
export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  fallbackNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}
