import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "~/i18n/client";
import { LANGUAGES } from "~/i18n/config";
import * as s from "./Shell.css";

/**
 * A plain form that sets the `lng` cookie and comes back (works without JavaScript). With
 * JavaScript it submits on change, switches as soon as that language's texts are loaded and
 * remembers the choice in localStorage.
 */
export function LanguageSwitcher({ redirectTo }: { redirectTo: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const current = i18n.resolvedLanguage ?? "en";
  return (
    <fetcher.Form method="post" action="/language" className={s.inlineForm}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor="language" className="visually-hidden">
        {t("shell.language")}
      </label>
      <select
        id="language"
        name="language"
        className={s.select}
        defaultValue={current}
        key={current}
        onChange={(event) => {
          const language = event.currentTarget.value;
          localStorage.setItem("language", language);
          // The page changes once that language's texts are loaded (a language seen before at
          // once; another once the saved choice names its files, app/i18n/client.ts).
          void changeLanguage(i18n, language);
          document.documentElement.lang = language;
          fetcher.submit(event.currentTarget.form);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {language === "en" ? t("shell.english") : t("shell.finnish")}
          </option>
        ))}
      </select>
      <button type="submit" className={`${s.sidebarButton} ${s.withoutScripting}`}>
        {t("shell.changeLanguage")}
      </button>
    </fetcher.Form>
  );
}
