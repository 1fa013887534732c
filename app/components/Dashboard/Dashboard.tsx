import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Icon, type IconName } from "~/components/Icon/Icon";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import { useFormat } from "~/i18n/use-format";
import type { AlertRow } from "~/models/alert/alert.server";
import { alertText } from "~/models/alert/alert-text";
import type { CategoryValue, DashboardStats, MarginDistribution } from "~/models/dashboard/dashboard.server";
import type { ProductRow } from "~/models/product/product-reads.server";
import { BarChart } from "./BarChart";
import * as s from "./Dashboard.css";
import { QuickCalculator } from "./QuickCalculator";

export type DashboardData = {
  stats: DashboardStats;
  recent: ProductRow[];
  alerts: AlertRow[];
  byCategory: CategoryValue[];
  margins: MarginDistribution;
  /** products whose shelf label is out of date (the reprint queue) */
  labelsOutOfDate: number;
  vatRate: number;
  /** may add and import products */
  canEdit: boolean;
};

export function Dashboard({ data }: { data: DashboardData }) {
  const { t } = useTranslation("dashboard");
  const format = useFormat();
  const { stats } = data;
  const cards: { label: string; value: string; icon: IconName; testId: string; detail?: string }[] = [
    {
      label: t("stats.totalProducts"),
      value: format.number(stats.totalProducts),
      icon: "products",
      testId: "stat-total",
    },
    {
      label: t("stats.avgMargin"),
      value: format.percent(stats.avgMargin),
      icon: "chart",
      testId: "stat-margin",
    },
    {
      label: t("stats.lowStock"),
      value: format.number(stats.lowStockCount),
      icon: "warning",
      testId: "stat-low-stock",
    },
    {
      label: t("stats.inventoryValue"),
      value: format.moneyShort(stats.inventoryValue),
      icon: "inventory",
      testId: "stat-value",
      // In transit between locations (issue #32): beside it, and in the whole stock's value.
      detail:
        stats.inTransitUnits > 0
          ? t("stats.inTransit", {
              value: format.moneyShort(stats.inTransitValue),
              total: format.moneyShort(stats.totalValue),
            })
          : undefined,
    },
  ];
  return (
    <>
      <div className={s.stats}>
        {cards.map((card) => (
          <Card key={card.testId}>
            <div className={s.stat}>
              <span className={s.statIcon}>
                <Icon name={card.icon} />
              </span>
              <div>
                <p className={s.statLabel}>{card.label}</p>
                <p className={s.statValue} data-testid={card.testId}>
                  {card.value}
                </p>
                {card.detail ? (
                  <p className={s.statLabel} data-testid={`${card.testId}-detail`}>
                    {card.detail}
                  </p>
                ) : null}
              </div>
            </div>
          </Card>
        ))}
      </div>
      <LabelsOutOfDate count={data.labelsOutOfDate} />
      <div className={s.columns}>
        <Card title={t("recent.title")}>
          <RecentProducts products={data.recent} />
        </Card>
        <Card title={t("alerts.title")}>
          <Alerts alerts={data.alerts} />
        </Card>
      </div>
      <div className={s.columns}>
        <Card title={t("charts.byCategory")}>
          <BarChart
            title={t("charts.byCategory")}
            bars={data.byCategory.map((c) => ({
              label: c.name ?? t("charts.noCategory"),
              value: Number(c.value),
              display: format.money(c.value),
            }))}
          />
        </Card>
        <Card title={t("charts.margins")}>
          <BarChart
            title={t("charts.margins")}
            bars={(["low", "medium", "high"] as const).map((band) => ({
              label: t(`marginBand.${band}`, { ns: "common" }),
              value: data.margins[band],
              display: format.number(data.margins[band]),
              tone: band,
            }))}
          />
        </Card>
      </div>
      <div className={s.columns}>
        <Card title={t("quickCalculator.title")}>
          <QuickCalculator vatRate={data.vatRate} />
        </Card>
        <Card title={t("quickActions.title")}>
          <QuickActions canEdit={data.canEdit} />
        </Card>
      </div>
    </>
  );
}

/** How many shelf labels are out of date, for every role, with the way to the queue that prints them. */
function LabelsOutOfDate({ count }: { count: number }) {
  const { t } = useTranslation("dashboard");
  const format = useFormat();
  return (
    <Card className={s.labels}>
      <div className={s.labelsRow}>
        <span className={s.statIcon}>
          <Icon name="tag" />
        </span>
        <p className={s.labelsText} data-testid="labels-out-of-date" data-count={count}>
          {count > 0
            ? t("labels.outOfDate", { count, formatted: format.number(count) })
            : t("labels.upToDate")}
        </p>
        <Link to="/labels">{t("labels.open")}</Link>
      </div>
    </Card>
  );
}

function RecentProducts({ products }: { products: ProductRow[] }) {
  const { t } = useTranslation("dashboard");
  const format = useFormat();
  return (
    <>
      <ul className={s.list}>
        {products.map((p) => (
          <li key={p.id} className={s.listItem}>
            <div>
              <Link to={`/products/${p.id}`} className={s.strong}>
                {p.name}
              </Link>
              <p className={s.muted}>{p.sku}</p>
            </div>
            <div className={s.right}>
              <span>{format.money(p.sellingPrice)}</span>
              <MarginBadge margin={p.margin} category={p.marginCategory} />
            </div>
          </li>
        ))}
      </ul>
      {products.length === 0 ? <p className={s.muted}>{t("recent.empty")}</p> : null}
      <p>
        <Link to="/products">{t("recent.viewAll")}</Link>
      </p>
    </>
  );
}

const ALERT_ICON: Record<string, IconName> = {
  low_stock: "warning",
  low_margin: "chart",
  product_status: "info",
};

function Alerts({ alerts }: { alerts: AlertRow[] }) {
  const { t } = useTranslation("dashboard");
  if (alerts.length === 0) return <p className={s.muted}>{t("alerts.empty")}</p>;
  return (
    <div id="alerts">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
      {alerts.length >= 20 ? <p className={s.muted}>{t("alerts.more")}</p> : null}
    </div>
  );
}

/** One alert in the reader's language, with a dismiss form that works without JavaScript. */
function AlertItem({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation("dashboard");
  const format = useFormat();
  const fetcher = useFetcher();
  const location = useLocation();
  const known = alert.type in ALERT_ICON;
  if (fetcher.state !== "idle") return null; // dismissed: gone at once
  // The words of /notifications and the e-mails (alert-text.ts), in the reader's language.
  const text = alertText(alert, t, {
    percent: (value) => format.percent(value),
    money: (value) => format.money(value),
    date: (value) => format.date(value),
  });
  const message = text.message;
  return (
    <div className={s.alert[(known ? alert.type : "other") as keyof typeof s.alert]} data-testid="alert">
      <Icon name={ALERT_ICON[alert.type] ?? "bell"} />
      <div className={s.alertBody}>
        <p className={s.strong}>{text.title}</p>
        <p className={s.muted}>
          {alert.productId ? <Link to={`/products/${alert.productId}`}>{message}</Link> : message}
        </p>
      </div>
      <fetcher.Form method="post" action="/?index">
        <input type="hidden" name="alertId" value={alert.id} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <Button
          type="submit"
          name="intent"
          value="dismiss-alert"
          variant="ghost"
          aria-label={t("alerts.dismiss")}
        >
          <Icon name="close" size={16} />
        </Button>
      </fetcher.Form>
    </div>
  );
}

function QuickActions({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation("dashboard");
  const actions: { to: string; label: string; icon: IconName }[] = [
    ...(canEdit
      ? [
          { to: "/products/new", label: t("quickActions.addProduct"), icon: "products" as const },
          { to: "/products/import", label: t("quickActions.bulkImport"), icon: "zap" as const },
        ]
      : [{ to: "/inventory", label: t("quickActions.inventory"), icon: "inventory" as const }]),
    { to: "/reports", label: t("quickActions.exportReport"), icon: "reports" },
    { to: "/categories", label: t("quickActions.categories"), icon: "categories" },
  ];
  return (
    <div className={s.actions}>
      {actions.map((a) => (
        <Link key={a.to} to={a.to} className={s.action}>
          <Icon name={a.icon} size={22} />
          {a.label}
        </Link>
      ))}
    </div>
  );
}
