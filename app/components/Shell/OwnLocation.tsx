import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OwnLocationChoice } from "~/models/location/location-writes.server";
import * as s from "./Shell.css";

/**
 * The staff member's own location (issue #32): where their work goes by default, chosen on /account
 * (the sidebar names it and links there). A plain form (intent "location") that comes back to the
 * page it was on, so it works without JavaScript; with JavaScript the select submits itself.
 */
export function OwnLocation({
  redirectTo,
  choice,
  id = "own-location",
}: {
  redirectTo: string;
  choice: OwnLocationChoice;
  id?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  if (choice.locations.length === 0) return null;
  const fallback = choice.locations.find((location) => location.isDefault);
  const current = String(choice.own ?? "");
  return (
    <fetcher.Form method="post" action="/account" className={s.inlineForm} data-testid={id}>
      <input type="hidden" name="intent" value="location" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={id} className="visually-hidden">
        {t("shell.location")}
      </label>
      <select
        id={id}
        name="locationId"
        className={s.select}
        defaultValue={current}
        key={current}
        title={t("shell.location")}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        <option value="">{t("shell.locationDefault", { name: fallback?.name ?? "" })}</option>
        {choice.locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={`${s.sidebarButton} ${s.withoutScripting}`}
        // Beside the language form's "Change": a name of its own for those who hear the page.
        aria-label={t("shell.changeLocationLabel")}
      >
        {t("shell.changeLocation")}
      </button>
    </fetcher.Form>
  );
}
