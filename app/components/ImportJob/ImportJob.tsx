import { Link, useRevalidator } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { buttonClass } from "~/components/Button/Button";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import { Code, type Column, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import {
  columnHeader,
  IMPORT_ACTIONS,
  IMPORT_KIND_SPECS,
  type ImportAction,
  type ImportCounts,
  type ImportKind,
  type ImportRowView,
  type ImportStatus,
  type ImportValue,
} from "~/models/import/import";
import type { ImportFigures } from "~/models/product/product-import";
import { VALUE_WORDS } from "~/models/report/file-columns";
import * as css from "./ImportJob.css";

const STATUS_TONE: Record<ImportStatus, BadgeTone> = {
  preview: "info",
  queued: "neutral",
  running: "warning",
  done: "success",
  failed: "danger",
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation("import");
  return (
    <Badge tone={STATUS_TONE[status]} testId="import-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * While an import runs its page shows how far it got: without JavaScript the page reloads itself
 * every two seconds (a refresh the browser honours only when scripts are off); with JavaScript the
 * data is fetched again instead.
 */
export function ImportProgress({ done, total, active }: { done: number; total: number; active: boolean }) {
  const { t } = useTranslation("import");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  return (
    <div className={css.panel}>
      {active ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <progress
        className={css.progress}
        max={Math.max(total, 1)}
        value={done}
        aria-label={t("job.progressLabel")}
        data-testid="import-progress"
      />
      <span className={table.muted}>{t("job.progress", { done, total })}</span>
    </div>
  );
}

/** The check's groups as links (each a page of its own rows), with their counts. */
export function ImportGroupTabs({
  counts,
  current,
  to,
}: {
  counts: ImportCounts;
  current: ImportAction;
  to: (group: ImportAction) => string;
}) {
  const { t } = useTranslation("import");
  return (
    <nav className={css.tabs} aria-label={t("groups.label")} data-testid="import-groups">
      {IMPORT_ACTIONS.map((group) => (
        <Link
          key={group}
          to={to(group)}
          className={buttonClass(group === current ? "primary" : "secondary")}
          aria-current={group === current ? "page" : undefined}
          data-testid={`import-group-${group}`}
          data-count={counts[group]}
          preventScrollReset
        >
          {t(`groups.${group}`, { count: counts[group] })}
        </Link>
      ))}
    </nav>
  );
}

/** Columns whose values are amounts of money, and percentages, in a change. */
const MONEY = new Set(["purchasePrice", "sellingPrice", "creditLimit"]);
const RATES = new Set(["vatRate", "discountPercentage"]);

/** The name and the detail beside it: what each kind's rows are called (i18n keys). */
const ROW_LABELS: Record<ImportKind, { name: string; detail: string }> = {
  products: { name: "import:table.product", detail: "products:table.sku" },
  customers: { name: "import:customers.table.name", detail: "customers:table.email" },
  categories: { name: "import:categories.table.name", detail: "categories:table.parent" },
};

/** The page of the record a row matched, if its kind has one. */
function recordLink(kind: ImportKind, id: number): string | null {
  return kind === "categories" ? null : `${IMPORT_KIND_SPECS[kind].list}/${id}`;
}

/**
 * A page of one group's rows: errors with what to fix, updates with their changes (and, for
 * products, the price and margin before and after).
 */
export function ImportRows({
  kind,
  group,
  rows,
}: {
  kind: ImportKind;
  group: ImportAction;
  rows: ImportRowView[];
}) {
  const { t, i18n } = useTranslation("import");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useFormat();
  const shown = (column: string, value: ImportValue) => {
    if (value === null || value === "") return "—";
    if (MONEY.has(column)) return format.money(String(value));
    if (RATES.has(column)) return format.rate(String(value));
    if (column === "stockLevel") return format.number(Number(value));
    const word = VALUE_WORDS[column]?.[String(value)];
    if (word) return language === "fi" ? word.fi : word.en;
    return String(value);
  };
  const products = kind === "products";
  const header = (column: string) => columnHeader(kind, column, language);
  const columns: (Column<ImportRowView> | false)[] = [
    { key: "line", kind: "numeric", label: t("table.line"), cell: (row) => row.line, testId: "import-line" },
    {
      key: "product",
      kind: "primary",
      label: t(ROW_LABELS[kind].name),
      cell: (row) => {
        const to = row.recordId ? recordLink(kind, row.recordId) : null;
        return (
          <span className={table.clamp} title={row.name}>
            {to ? <Link to={to}>{row.name || "—"}</Link> : row.name || "—"}
          </span>
        );
      },
    },
    products
      ? {
          key: "sku",
          kind: "code",
          label: t(ROW_LABELS[kind].detail),
          cell: (row) => <Code value={row.detail} />,
        }
      : {
          key: "detail",
          label: t(ROW_LABELS[kind].detail),
          cell: (row) => <Cut text={row.detail || "—"} max="16rem" />,
        },
    group === "error" && {
      key: "fix",
      label: t("table.fix"),
      cell: (row) => (
        <ul className={table.plainList}>
          {row.errors.map((error) => {
            const message = t(error.message, error.values);
            return (
              <li key={`${error.column}${error.message}`} className={css.fix}>
                {error.column ? t("cellError", { column: header(error.column), message }) : message}
              </li>
            );
          })}
        </ul>
      ),
    },
    group === "update" && {
      key: "changes",
      label: t("table.changes"),
      cell: (row) => (
        <ul className={table.plainList}>
          {row.changes.map((change) => (
            <li key={change.column}>
              {t("change", {
                column: header(change.column),
                from: shown(change.column, change.from),
                to: shown(change.column, change.to),
              })}
            </li>
          ))}
        </ul>
      ),
    },
    products &&
      (group === "update" || group === "create") && {
        key: "price",
        kind: "numeric",
        label: t("table.price"),
        cell: (row) => (
          <Transition before={row.before} after={row.after} show={(f) => format.money(f.sellingPrice)} />
        ),
      },
    products &&
      (group === "update" || group === "create") && {
        key: "margin",
        kind: "badge",
        label: t("table.margin"),
        cell: (row) => (
          <Transition
            before={row.before}
            after={row.after}
            show={(f) => <MarginBadge margin={f.margin} category={f.marginCategory} />}
          />
        ),
      },
  ];
  return (
    <DataTable
      label={t(`groups.${group}`, { count: rows.length })}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.line}
      rowProps={(row) => ({ "data-testid": "import-row", "data-line": row.line })}
      empty={<span className={table.muted}>{t("groups.empty")}</span>}
    />
  );
}

/** A figure before and after the row (a new product has only its after). */
function Transition({
  before,
  after,
  show,
}: {
  before: ImportFigures | null;
  after: ImportFigures | null;
  show: (figures: ImportFigures) => ReactNode;
}) {
  if (!after) return before ? show(before) : null;
  if (!before) return show(after);
  return (
    <span className={css.transition}>
      <span className={css.was}>{show(before)}</span>
      <span aria-hidden="true">→</span>
      <span>{show(after)}</span>
    </span>
  );
}
