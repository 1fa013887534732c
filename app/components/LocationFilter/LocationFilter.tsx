import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import * as list from "~/components/ProductList/ProductList.css";

/**
 * A stock screen's location filter (issue #32): a plain GET form (a native select, so it works
 * before JavaScript) keeping the screen's other parameters; "All locations" shows the totals.
 */
export function LocationFilter({
  locations,
  locationId,
  keep = {},
}: {
  locations: { id: number; name: string }[];
  locationId: number | null;
  /** the screen's other query parameters, kept as hidden fields (the page starts again at 1) */
  keep?: Record<string, string | null | undefined>;
}) {
  const { t } = useTranslation("common");
  if (locations.length < 2 && locationId === null) return null;
  return (
    <Form method="get" className={list.filters} data-testid="location-filter" preventScrollReset>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor="location-filter">{t("locationFilter.label")}</label>
      <select id="location-filter" name="location" defaultValue={locationId ?? ""}>
        <option value="">{t("locationFilter.all")}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass("secondary")}>
        {t("locationFilter.apply")}
      </button>
    </Form>
  );
}
