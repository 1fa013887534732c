import { Link, type LinkProps } from "@remix-run/react";
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  useContext,
  useMemo,
} from "react";
import { useTranslation } from "react-i18next";
import type { IconName } from "~/components/Icon/Icon";
import * as css from "./Table.css";

export type CellKind = keyof typeof css.kind;

export type Column<Row> = {
  key: string;
  /** The column's name: its header, and each cell's label when the rows stack on a phone. */
  label: string;
  /** What the header shows instead of the label (a sort link). */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  /**
   * primary: the row's name, at most two lines, the title of a stacked row; code: one word cut with
   * an ellipsis; numeric: right-aligned figures; badge: kept on one line; actions: the row's buttons,
   * never cut; text: wraps.
   */
  kind?: CellKind;
  /**
   * A column beyond what the spec lists for the screen: gives way first, on tables under 1,100 px
   * (shown again as a line of a stacked row).
   */
  optional?: boolean;
  /**
   * A column the spec lists that may fold on tables under 1,000 px (a 1,280 px window, a tablet);
   * at 1366 x 900 and wider it is always its own column.
   */
  folds?: boolean;
  /** The header's aria-sort when the list is sorted by this column. */
  sorted?: "ascending" | "descending";
  testId?: string;
};

type Props<Row> = {
  /** Names the table for assistive technology. */
  label: string;
  /** Columns in order; `false` leaves a column out (a role that may not act). */
  columns: ReadonlyArray<Column<Row> | false | null | undefined>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowProps?: (
    row: Row,
  ) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };
  /** Shown under the headers when there are no rows. */
  empty?: ReactNode;
  /**
   * The least width of the row's name column (a CSS length; 11rem unless told): a table of many
   * short columns asks less, so that every column the spec lists fits at 1366 x 900.
   */
  primaryMin?: string;
};

/**
 * The one list table: fits the frame it stands in. Names clamp to two lines and codes to one, with
 * the whole text in their title; optional columns give way on narrow frames, then the spec's folding
 * ones (never at 1366 x 900); on a phone each row is a
 * stacked card (see Table.css.ts).
 */
export function DataTable<Row>({ label, columns, rows, rowKey, rowProps, empty, primaryMin }: Props<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const { t } = useTranslation();
  const words = useMemo(() => ({ edit: t("actions.edit"), delete: t("actions.delete") }), [t]);
  // Once a table, not once a cell: the cells' classes, and the labels a stacked row shows before
  // each value (custom properties the style sheet reads by column, Table.css.ts).
  const cellClasses = shown.map(classes);
  const labels: Record<string, string> = {};
  shown.forEach((column, index) => {
    if (index < css.LABELLED_COLUMNS) labels[`--l${index + 1}`] = cssString(column.label);
  });
  return (
    <div
      className={css.wrap}
      style={primaryMin ? ({ "--primary-min": primaryMin } as CSSProperties) : undefined}
    >
      <table className={css.table} aria-label={label} style={labels as CSSProperties}>
        <thead>
          <tr>
            {shown.map((column, index) => (
              <th key={column.key} scope="col" className={cellClasses[index]} aria-sort={column.sorted}>
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <RowActionWords.Provider value={words}>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {shown.map((column, index) => (
                  <td key={column.key} className={cellClasses[index]} data-testid={column.testId}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </RowActionWords.Provider>
        </tbody>
      </table>
      {rows.length === 0 && empty ? <div className={css.empty}>{empty}</div> : null}
    </div>
  );
}

function classes(column: Pick<Column<never>, "kind" | "optional" | "folds">) {
  const names = [
    column.kind && column.kind !== "text" ? css.kind[column.kind] : "",
    column.optional ? css.optional : "",
    column.folds ? css.folds : "",
  ]
    .filter(Boolean)
    .join(" ");
  return names || undefined;
}

/** A text as a CSS string (a label for `content`). */
function cssString(text: string) {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\a ")}"`;
}

/** Text cut to the cell (one line, or two for names) with the whole text as its title. */
export function Cut({
  text,
  lines = 1,
  max = "14rem",
  children,
}: {
  text: string;
  lines?: 1 | 2;
  /**
   * The widest a one-line cut may grow, 14rem unless told; "column" takes the column's width
   * without widening it (a line under a name).
   */
  max?: keyof typeof css.ellipsis | "column";
  children?: ReactNode;
}) {
  return (
    <span
      className={lines === 2 ? css.clamp : max === "column" ? css.ellipsisFill : css.ellipsis[max]}
      title={text}
    >
      {children ?? text}
    </span>
  );
}

/** A code (SKU, EAN): monospace, never broken at its hyphens, cut with its whole value as title. */
export function Code({ value }: { value: string }) {
  return (
    <code className={css.code} title={value}>
      {value}
    </code>
  );
}

type RowActionProps = {
  icon: IconName;
  /** The action's word ("Edit"): the tooltip, and the text when rows stack. */
  label: string;
  /** What the action acts on, for its accessible name ("Edit: Anker Nano"). */
  target: string;
  tone?: "danger";
};

/** A row action that opens a screen (an edit or delete dialog). */
export function RowLink({
  icon,
  label,
  target,
  tone,
  ...link
}: RowActionProps & Omit<LinkProps, "className" | "title" | "aria-label" | "children">) {
  return (
    <Link
      {...link}
      className={css.rowAction}
      title={label}
      aria-label={`${label}: ${target}`}
      data-tone={tone}
    >
      <RowActionContent icon={icon} label={label} />
    </Link>
  );
}

/** A row action that posts its form at once (remove, delete without confirmation). */
export function RowButton({
  icon,
  label,
  target,
  tone,
  ...button
}: RowActionProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "title" | "aria-label" | "children">) {
  return (
    <button
      type="submit"
      {...button}
      className={css.rowAction}
      title={label}
      aria-label={`${label}: ${target}`}
      data-tone={tone}
    >
      <RowActionContent icon={icon} label={label} />
    </button>
  );
}

/**
 * A row action's icon and its word (shown when rows stack), styled by the action's class rather
 * than attributes and classes of their own: a page repeats them on every row.
 */
function RowActionContent({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <svg aria-hidden="true">
        <use href={`#i-${icon}`} />
      </svg>
      <span>{label}</span>
    </>
  );
}

/** The row's actions, side by side at the row's end. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className={css.actions}>{children}</div>;
}

/**
 * The row actions' words, looked up once a table (by DataTable) instead of once a row: a page of 50
 * rows asked i18next for them 100 times.
 */
const RowActionWords = createContext<{ edit: string; delete: string } | null>(null);

/**
 * The usual pair of row actions: Edit and Delete, links to the row's dialogs. A link left out
 * (false) is one the user may not use.
 */
export function EditDeleteLinks({
  editTo,
  deleteTo,
  target,
}: {
  editTo: string | false;
  deleteTo: string | false;
  target: string;
}) {
  const words = useContext(RowActionWords);
  if (!words) throw new Error("EditDeleteLinks stand in a DataTable's row");
  return (
    <>
      {editTo ? (
        <RowLink to={editTo} preventScrollReset icon="edit" label={words.edit} target={target} />
      ) : null}
      {deleteTo ? (
        <RowLink
          to={deleteTo}
          preventScrollReset
          icon="trash"
          tone="danger"
          label={words.delete}
          target={target}
        />
      ) : null}
    </>
  );
}
