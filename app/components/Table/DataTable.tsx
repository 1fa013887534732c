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
import { CSS_ICONS } from "~/components/Icon/icon-paths";
import * as css from "./Table.css";

export type CellKind = css.CellKind;

export type Column<Row> = {
  key: string;
  /** The column's name: its header, and each cell's label when the rows stack on a phone. */
  label: string;
  /** What the header shows instead of the label (a sort link). */
  header?: ReactNode;
  cell: (row: Row, ids: RowIds) => ReactNode;
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
  /**
   * A class the table takes when it shows this column: the styles of what the column's cells hold
   * without classes of their own (a product's name and the line under it, on every row).
   */
  tableClass?: string;
  /** The header's aria-sort when the list is sorted by this column. */
  sorted?: "ascending" | "descending";
  testId?: string;
};

/**
 * Ids a row's cells may give and refer to: `name` for the element that names the row (its name
 * link), which the row's actions name themselves by (`EditDeleteLinks`' `targetId`). Only in a
 * table given an `idPrefix`; elsewhere undefined (the actions spell the name out).
 */
export type RowIds = {
  name?: string;
  /**
   * A row link's `discover`: the first row's links make Remix fetch their routes (lazy route
   * discovery); the other rows' go to the same routes and need not say so (`data-discover` on every
   * link of 50 rows was 3 KB of the products page).
   */
  discover: "render" | "none";
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
  /**
   * What the table's ids start with, unique on the page: given, each row's name has an id (`RowIds`)
   * and the row actions' words are written once a table, so that a row's actions are named by
   * reference rather than by the name again in each of them (a list of many rows). A short one: each
   * row repeats it.
   */
  idPrefix?: string;
  /** The table's test id (its rows are `tbody tr`: no attribute on each of them). */
  testId?: string;
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
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  idPrefix,
  testId,
  empty,
  primaryMin,
}: Props<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const { t } = useTranslation();
  const words = useMemo(
    () => ({
      edit: t("actions.edit"),
      delete: t("actions.delete"),
      editId: `${idPrefix}e`,
      deleteId: `${idPrefix}d`,
    }),
    [t, idPrefix],
  );
  // Once a table, not once a cell: the columns' roles ("1p 2c 4n 4o": a position and a letter, the
  // kind's first; Table.css.ts) and the labels a stacked row shows before each value (custom
  // properties the style sheet reads by column).
  const labels: Record<string, string> = {};
  const roles: string[] = [];
  shown.forEach((column, index) => {
    if (index >= css.LABELLED_COLUMNS) return;
    labels[`--l${index + 1}`] = cssString(column.label);
    const letters = [
      column.kind?.[0],
      column.optional && css.OPTIONAL_LETTER,
      column.folds && css.FOLDS_LETTER,
    ];
    for (const letter of letters) {
      if (letter) roles.push(`${index + 1}${letter}`);
    }
  });
  return (
    <div
      className={css.wrap}
      style={primaryMin ? ({ "--primary-min": primaryMin } as CSSProperties) : undefined}
    >
      <table
        className={[css.table, ...new Set(shown.map((column) => column.tableClass).filter(Boolean))].join(
          " ",
        )}
        aria-label={label}
        style={labels as CSSProperties}
        data-k={roles.join(" ") || undefined}
        data-testid={testId}
      >
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.key} scope="col" aria-sort={column.sorted}>
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <RowWords.Provider value={words}>
            {rows.map((row, index) => {
              const key = rowKey(row);
              const discover = index === 0 ? "render" : "none";
              const ids: RowIds = { name: idPrefix && `${idPrefix}${key}`, discover };
              const cells = shown.map((column) => (
                <td key={column.key} data-testid={column.testId}>
                  {column.cell(row, ids)}
                </td>
              ));
              return (
                <tr key={key} {...rowProps?.(row)}>
                  {index === 0 ? cells : <RowDiscover.Provider value="none">{cells}</RowDiscover.Provider>}
                </tr>
              );
            })}
          </RowWords.Provider>
        </tbody>
      </table>
      {rows.length === 0 && empty ? <div className={css.empty}>{empty}</div> : null}
      {idPrefix && rows.length > 0 ? (
        // What a row's Edit and Delete are named by, with the row's name ("Edit: Anker Nano"),
        // once a table rather than the name again in each action (EditDeleteLinks' `targetId`).
        <>
          <span id={words.editId} hidden>{`${words.edit}:`}</span>
          <span id={words.deleteId} hidden>{`${words.delete}:`}</span>
        </>
      ) : null}
    </div>
  );
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
  // In a table's row the table styles it (Table.css.ts).
  return (
    <code className={useInTableRows() ? undefined : css.code} title={value}>
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
  /**
   * Instead of spelling the name out: the ids of the elements whose texts name the action, its
   * word's and the row's name's ("Edit:" and "Anker Nano": the same accessible name).
   */
  labelledBy?: string;
  tone?: "danger";
};

/** A row action that opens a screen (an edit or delete dialog). */
export function RowLink({
  icon,
  label,
  target,
  labelledBy,
  tone,
  ...link
}: RowActionProps & Omit<LinkProps, "className" | "title" | "aria-label" | "children">) {
  // In a table's rows the table styles it (Table.css.ts): no class on each of them, and an icon the
  // table draws (CSS_ICONS) is its style sheet's, not an element on every row.
  const inRows = useInTableRows();
  const drawn = inRows && CSS_ICONS.includes(icon);
  return (
    <Link
      {...link}
      className={inRows ? undefined : css.rowAction}
      data-i={drawn ? icon : undefined}
      discover={useContext(RowDiscover)}
      title={label}
      aria-label={labelledBy ? undefined : `${label}: ${target}`}
      aria-labelledby={labelledBy}
      data-tone={tone}
    >
      {drawn ? null : <RowActionContent icon={icon} />}
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
      <RowActionContent icon={icon} />
    </button>
  );
}

/**
 * A row action's icon, styled by the action's class rather than attributes and classes of its own
 * (a page repeats it on every row); its word, shown beside it when rows stack, is the action's
 * title drawn by the style sheet (`attr(title)`), not a second copy in the page.
 */
function RowActionContent({ icon }: { icon: IconName }) {
  return (
    <svg aria-hidden="true">
      <use href={`#i-${icon}`} />
    </svg>
  );
}

/** The row's actions, side by side at the row's end. */
export function RowActions({ children }: { children: ReactNode }) {
  // In a table's rows the table styles it (Table.css.ts).
  return <div className={useInTableRows() ? undefined : css.actions}>{children}</div>;
}

/**
 * The row actions' words, looked up once a table (by DataTable) instead of once a row: a page of 50
 * rows asked i18next for them 100 times. Present only in a table's rows, where the table's style
 * sheet draws what a cell holds (a code, the row's actions) from its element: a page of 50 rows
 * would repeat their classes on each of them (see Table.css.ts).
 */
const RowWords = createContext<{
  edit: string;
  delete: string;
  editId: string;
  deleteId: string;
} | null>(null);

/** The `discover` of a row's links (`RowIds.discover`), for the row actions. */
const RowDiscover = createContext<"render" | "none">("render");

/** Inside a table's rows: what a cell holds goes without its class. */
function useInTableRows(): boolean {
  return useContext(RowWords) !== null;
}

/**
 * The usual pair of row actions: Edit and Delete, links to the row's dialogs. A link left out
 * (false) is one the user may not use.
 */
export function EditDeleteLinks({
  editTo,
  deleteTo,
  target,
  targetId,
}: {
  editTo: string | false;
  deleteTo: string | false;
  target: string;
  /** The id of the element that names the row (`RowIds.name`): the actions refer to it. */
  targetId?: string;
}) {
  const words = useContext(RowWords);
  if (!words) throw new Error("EditDeleteLinks stand in a DataTable's row");
  return (
    <>
      {editTo ? (
        <RowLink
          to={editTo}
          preventScrollReset
          icon="edit"
          label={words.edit}
          target={target}
          labelledBy={targetId && `${words.editId} ${targetId}`}
        />
      ) : null}
      {deleteTo ? (
        <RowLink
          to={deleteTo}
          preventScrollReset
          icon="trash"
          tone="danger"
          label={words.delete}
          target={target}
          labelledBy={targetId && `${words.deleteId} ${targetId}`}
        />
      ) : null}
    </>
  );
}
