import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import * as s from "./ListFiles.css";

/**
 * A list's header actions: its download in both formats (plain links: the browser downloads the
 * file, with or without JavaScript), its import for those who may write it, and its add button.
 */
export function ListFileActions({
  type,
  importTo,
  add,
}: {
  /** the list's file at /reports/export */
  type: "customers" | "categories";
  importTo: string | false;
  add: { to: string; label: string } | false;
}) {
  const { t } = useTranslation("common");
  return (
    <div className={s.actions}>
      <a
        href={`/reports/export?type=${type}&format=excel`}
        download
        className={buttonClass("secondary")}
        data-testid="export-excel"
      >
        <Icon name="reports" size={16} />
        {t("files.exportExcel")}
      </a>
      <a
        href={`/reports/export?type=${type}&format=csv`}
        download
        className={buttonClass("secondary")}
        data-testid="export-csv"
      >
        <Icon name="reports" size={16} />
        {t("files.exportCsv")}
      </a>
      {importTo ? (
        <Link to={importTo} className={buttonClass("secondary")}>
          {t("files.import")}
        </Link>
      ) : null}
      {add ? (
        <Link to={add.to} className={buttonClass("primary")} preventScrollReset>
          {add.label}
        </Link>
      ) : null}
    </div>
  );
}
