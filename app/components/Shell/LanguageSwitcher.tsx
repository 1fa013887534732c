import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "~/i18n/config";
import * as s from "./Shell.css";

/**
 * A plain form that sets the `lng` cookie and comes back (works without JavaScript). With
 * JavaScript it also submits on change, switches at once and remembers the choice in
 * localStorage; its button stays, so that the sidebar does not move when the script starts.
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
          void i18n.changeLanguage(language);
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
      {/* Always there, also once the page is live: nothing moves as the script takes over. */}
      <button type="submit" className={s.sidebarButton}>
        {t("shell.changeLanguage")}
      </button>
    </fetcher.Form>
  );
}
