import { useTranslation } from "react-i18next";
import { isLanguage } from "./config";
import { formatters } from "./format";

/** Formatters for the interface language of the current page. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return formatters(isLanguage(language) ? language : "en");
}
