import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import type { RecordKind } from "~/models/aggregate";
import { LISTS } from "~/models/registry";
import { RequestReference } from "./ErrorPage";
import * as s from "./ErrorPage.css";

/** Where each kind of record is listed (its aggregate's declaration): the way back from a missing one. */
export type { RecordKind };

function recordKind(error: unknown): RecordKind | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const kind = (error.data as { notFound?: unknown } | null)?.notFound;
  return typeof kind === "string" && kind in LISTS ? (kind as RecordKind) : null;
}

/**
 * What a signed-in screen shows when its loader or action fails: a missing record by name with a
 * link back to its list, anything else as a short apology; the app's frame stays around it.
 */
export function ScreenError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const kind = recordKind(error);
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = kind ? t(`recordNotFound.${kind}.title`) : missing ? t("notFound.title") : t("error.title");
  const text = kind ? t("recordNotFound.text") : missing ? t("notFound.hint") : t("error.text");
  return (
    <div className={s.card} role="alert" data-testid="screen-error">
      <div className={s.icon}>
        <Icon name="warning" size={40} />
      </div>
      <h1>{title}</h1>
      <p className={s.text}>{text}</p>
      {kind || missing ? null : <RequestReference />}
      <Link to={kind ? LISTS[kind] : "/"} className={buttonClass("primary")}>
        {kind ? t(`recordNotFound.${kind}.back`) : t("error.back")}
      </Link>
    </div>
  );
}
