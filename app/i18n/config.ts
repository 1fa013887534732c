// Every locales/<language>/<namespace>.json file, found at build time: a new screen adds its own
// namespace file and nothing here changes.
const files = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json", { eager: true });

export const LANGUAGES = ["en", "fi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(files)) {
  const [, language, namespace] = file.match(/locales\/(\w+)\/([\w-]+)\.json$/) ?? [];
  if (!language || !namespace) continue;
  resources[language] = { ...resources[language], [namespace]: module.default };
}

export const NAMESPACES = Object.keys(resources.en ?? {});

/**
 * Shared by the server's and the browser's i18next: Finnish falls back to English, then to the key.
 * A key a screen's namespace lacks is looked up in common too, where the shared validation
 * messages live ("validation.money.negative" reads the same on every screen).
 */
export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  fallbackNS: "common",
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}
