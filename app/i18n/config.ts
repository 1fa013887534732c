import enCommon from "./locales/en/common.json";
import fiCommon from "./locales/fi/common.json";

export const LANGUAGES = ["en", "fi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const resources = {
  en: { common: enCommon },
  fi: { common: fiCommon },
};

/** Shared by the server's and the browser's i18next: Finnish falls back to English, then to the key. */
export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}
