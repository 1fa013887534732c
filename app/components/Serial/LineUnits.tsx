import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import type { SoldUnit } from "~/models/serial/serial-sale.server";
import * as s from "./LineUnits.css";

/** The serial-tracked units sold on a line (issue #31): each serial, linked to its unit, and its guarantee's end. */
export function LineUnits({ units }: { units: SoldUnit[] }) {
  const { t } = useTranslation("serials");
  const format = useFormat();
  if (units.length === 0) return null;
  return (
    <ul className={s.units} data-testid="line-units">
      {units.map((unit) => (
        <li key={unit.id} className={s.unit}>
          <Link to={`/serials/${unit.id}`} className={s.serial}>
            {unit.serial}
          </Link>
          <span className={s.guarantee}>
            {unit.guaranteeEnds
              ? t("sold.guaranteeUntil", { date: format.date(`${unit.guaranteeEnds}T12:00:00`) })
              : t("sold.noGuarantee")}
          </span>
        </li>
      ))}
    </ul>
  );
}
