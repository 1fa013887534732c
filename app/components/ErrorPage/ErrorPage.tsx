import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import * as s from "./ErrorPage.css";

/**
 * The failed request's id, for staff to quote (the server's log line carries it). Shown on a page
 * as the server sent it; after a navigation in the browser the id at hand is the first page's,
 * so none is shown.
 */
export function RequestReference() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ requestId?: string | null }>("root");
  const location = useLocation();
  if (!root?.requestId || location.key !== "default") return null;
  return (
    <p className={s.text} data-testid="request-id">
      {t("error.reference", { id: root.requestId })}
    </p>
  );
}

function ErrorCard({
  title,
  text,
  link,
  reference,
}: {
  title: string;
  text: string;
  link: string;
  reference?: boolean;
}) {
  return (
    <div className={s.page}>
      <div className={s.card}>
        <div className={s.icon}>
          <Icon name="warning" size={40} />
        </div>
        <h1>{title}</h1>
        <p className={s.text}>{text}</p>
        {reference ? <RequestReference /> : null}
        {/* A plain link: the page after an error is loaded afresh. */}
        <a href="/" className={buttonClass("primary")}>
          {link}
        </a>
      </div>
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return <ErrorCard title={t("notFound.title")} text={t("notFound.hint")} link={t("notFound.home")} />;
}

export function ServerError({ title }: { title: string }) {
  const { t } = useTranslation();
  return <ErrorCard title={title} text={t("error.text")} link={t("notFound.home")} reference />;
}
