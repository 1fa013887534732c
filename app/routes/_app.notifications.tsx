import { Link, Outlet, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { pageTitle } from "~/i18n/page-title";
import { NOTIFICATION_TABS } from "~/models/notification/notification-tabs";

/**
 * Notifications & Automation: the page's header and its three tabs, each a route of its own
 * (`_app.notifications._index.tsx` the settings, `.rules.tsx` the automation rules with their
 * dialogs, `.recent.tsx` the alert history and the e-mail outbox). Each guards itself; the
 * header and the tabs need no data.
 */
export const handle = { i18n: ["common", "notifications"] };

export const meta = pageTitle("nav.notifications");

export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const { pathname } = useLocation();
  const current =
    NOTIFICATION_TABS.find((tab) => tab.path !== "/notifications" && pathname.startsWith(tab.path)) ??
    NOTIFICATION_TABS[0];
  return (
    <>
      <PageHeader title={t("page.title")} lead={t("page.lead")} />
      <nav className={list.filters} aria-label={t("page.tabs.label")}>
        {NOTIFICATION_TABS.map((tab) => (
          <Link
            key={tab.name}
            to={tab.path}
            className={buttonClass(tab === current ? "primary" : "secondary")}
            aria-current={tab === current ? "page" : undefined}
            preventScrollReset
          >
            {t(`page.tabs.${tab.name}`)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </>
  );
}
