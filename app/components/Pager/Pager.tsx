import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import * as list from "~/components/ProductList/ProductList.css";
import * as table from "~/components/Table/Table.css";

/**
 * A server-paged list's footer: where the reader is ("Page 2 of 9 (412 products)", worded by the
 * page) and links to the pages before and after, which work without JavaScript.
 */
export function Pager({
  page,
  pages,
  summary,
  to,
  testId,
  total,
}: {
  page: number;
  pages: number;
  summary: string;
  to: (page: number) => string;
  testId?: string;
  total?: number;
}) {
  const { t } = useTranslation();
  return (
    <div className={list.more}>
      <span className={table.muted} data-testid={testId} data-total={total}>
        {summary}
      </span>
      <span className={list.stockCell}>
        {page > 1 ? (
          <Link to={to(page - 1)} className={buttonClass("secondary")} preventScrollReset>
            {t("pager.previous")}
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={to(page + 1)} className={buttonClass("secondary")} preventScrollReset>
            {t("pager.next")}
          </Link>
        ) : null}
      </span>
    </div>
  );
}
