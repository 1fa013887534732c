import { Form, NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/Icon/Icon";
import { UNREAD_BADGE_LIMIT } from "~/models/alert/unread-badge";
import { SIDEBAR } from "~/models/registry";
import { can } from "~/models/user/permissions";
import { displayName } from "~/models/user/user";
import type { PageUser } from "~/web/root-loader.server";
import { LanguageSwitcher } from "./LanguageSwitcher";
import * as s from "./Shell.css";

/**
 * The signed-in frame: sidebar, top bar and the page. The sidebar's entries are the aggregates'
 * (SIDEBAR: each declares its own in its folder, with its place, label and icon by name).
 */
export function Shell({
  user,
  unreadAlerts,
  children,
}: {
  user: PageUser;
  unreadAlerts: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const name = displayName(user);
  return (
    <div className={s.layout}>
      <a className={s.skip} href="#main">
        {t("shell.skipToContent")}
      </a>
      <aside className={s.sidebar}>
        <NavLink to="/" className={s.brand}>
          <Icon name="zap" size={22} />
          {t("app.name")}
        </NavLink>
        <nav className={s.nav} aria-label={t("nav.main")}>
          {SIDEBAR.filter((item) => !item.permission || can(user.role, item.permission)).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={s.navLink}
              prefetch="intent"
              // Found when pointed at (prefetch) or followed, not on every page's render: 25
              // `data-discover` attributes were 0.5 KB of each page (issue #27's page weight).
              discover="none"
            >
              <Icon name={item.icon as IconName} size="parent" />
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className={s.footer}>
          <div className={s.profile}>
            {user.profileImageUrl ? (
              <img className={s.avatar} src={user.profileImageUrl} alt={t("shell.profileImage", { name })} />
            ) : (
              <span className={s.avatar} aria-hidden>
                {name.charAt(0).toUpperCase()}
              </span>
            )}
            <div>
              <p className={s.name} data-testid="user-name">
                <NavLink to="/account" className={s.nameLink} title={t("shell.accountLink")}>
                  {name}
                </NavLink>
              </p>
              <p className={s.role} data-testid="user-role">
                {t(`roles.${user.role}`)}
              </p>
            </div>
          </div>
          <LanguageSwitcher redirectTo={redirectTo} />
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className={s.sidebarButton}>
              <Icon name="logout" size={16} />
              {t("shell.logout")}
            </button>
          </Form>
        </div>
      </aside>
      <div className={s.main}>
        <header className={s.topbar}>
          <Form method="get" action="/products" className={s.search} role="search">
            <span className={s.searchIcon}>
              <Icon name="search" size={16} />
            </span>
            <label htmlFor="global-search" className="visually-hidden">
              {t("shell.searchLabel")}
            </label>
            <input
              id="global-search"
              className={s.searchInput}
              type="search"
              name="search"
              placeholder={t("shell.searchPlaceholder")}
            />
          </Form>
          <NavLink
            to="/notifications/recent"
            className={s.bell}
            aria-label={
              unreadAlerts >= UNREAD_BADGE_LIMIT
                ? t("shell.alertsMany", { count: UNREAD_BADGE_LIMIT - 1 })
                : t("shell.alerts", { count: unreadAlerts })
            }
          >
            <Icon name="bell" size={20} />
            {unreadAlerts > 0 ? (
              <span className={s.badge} data-testid="alert-count">
                {unreadAlerts >= UNREAD_BADGE_LIMIT ? `${UNREAD_BADGE_LIMIT - 1}+` : unreadAlerts}
              </span>
            ) : null}
          </NavLink>
        </header>
        <main id="main" className={s.content}>
          {children}
        </main>
      </div>
    </div>
  );
}
