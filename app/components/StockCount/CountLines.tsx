import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Code, Cut, DataTable, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { differenceTone, signed } from "~/models/stock-count/stock-count";
import type { CountLineRow } from "~/models/stock-count/stock-count.server";
import * as s from "./StockCount.css";

type Props = {
  label: string;
  lines: CountLineRow[];
  /** an open count and a user who may change it: each line's quantity is a small form */
  editable: boolean;
  /** the count's version as the page read it, sent with each line's forms (a stale one is refused) */
  version?: number;
  /** a refused quantity, under its row's field */
  lineError?: { productId: number; message: string; values?: Record<string, number> } | null;
  empty?: string;
  /** the variance list leaves out when and by whom */
  compact?: boolean;
};

/**
 * A count's lines: the product, its stock when counted (expected), what was counted, and the
 * difference in units and at cost, coloured (green found more, red missing). While the count is
 * open, each quantity is a form of its own (typed, it replaces the count) and a line can be removed.
 * A serial-tracked product's count links to its serials (CountSerials), which set it.
 */
export function CountLines({ label, lines, editable, version, lineError, empty, compact = false }: Props) {
  const { t } = useTranslation("stock-count");
  const format = useFormat();
  const none = "\u2014";
  return (
    <DataTable
      label={label}
      empty={empty}
      rows={lines}
      rowKey={(line) => line.id}
      rowProps={(line) => ({ "data-testid": "count-line", "data-sku": line.sku ?? line.code ?? "" })}
      columns={[
        {
          key: "product",
          kind: "primary",
          label: t("lines.product"),
          cell: (line) =>
            line.productId === null ? (
              <>
                <Badge tone="warning">{t("lines.unknown")}</Badge> <Code value={line.code ?? ""} />
              </>
            ) : (
              <>
                <Link to={`/products/${line.productId}`} className={table.clamp} title={line.name ?? ""}>
                  {line.name}
                </Link>
                {!line.inScope || line.belowZero ? (
                  <span className={s.flags}>
                    {line.inScope ? null : <Badge tone="info">{t("lines.outside")}</Badge>}
                    {line.belowZero ? <Badge tone="danger">{t("lines.belowZero")}</Badge> : null}
                  </span>
                ) : null}
              </>
            ),
        },
        {
          key: "sku",
          kind: "code",
          label: t("lines.sku"),
          cell: (line) => (line.sku ? <Code value={line.sku} /> : none),
        },
        {
          key: "expected",
          kind: "numeric",
          label: t("lines.expected"),
          testId: "line-expected",
          cell: (line) => (line.expected === null ? none : format.number(line.expected)),
        },
        {
          key: "counted",
          kind: "numeric",
          label: t("lines.counted"),
          testId: "line-counted",
          cell: (line) =>
            line.serials !== null && !compact ? (
              // A serial-tracked product counts its serials (issue #31): its box is below.
              <span className={s.flags}>
                {format.number(line.counted)}
                <a href={`#line-${line.id}-serials`}>{t("lines.bySerials")}</a>
              </span>
            ) : editable && line.productId !== null ? (
              <QuantityForm
                version={version}
                line={line}
                error={lineError?.productId === line.productId ? lineError : null}
              />
            ) : (
              format.number(line.counted)
            ),
        },
        {
          key: "difference",
          kind: "numeric",
          label: t("lines.difference"),
          testId: "line-difference",
          cell: (line) =>
            line.difference === null ? (
              none
            ) : (
              <span className={s.tone[differenceTone(line.difference)]}>{signed(line.difference)}</span>
            ),
        },
        {
          key: "value",
          kind: "numeric",
          label: t("lines.value"),
          testId: "line-value",
          cell: (line) =>
            line.differenceValue === null ? (
              none
            ) : (
              <span className={s.tone[differenceTone(Number(line.differenceValue))]}>
                {format.money(line.differenceValue)}
              </span>
            ),
        },
        !compact && {
          key: "countedAt",
          kind: "text",
          optional: true,
          label: t("lines.countedAt"),
          cell: (line) => (
            <>
              <span className={table.nowrap}>{format.dateTime(line.countedAt)}</span>
              {line.countedByName ? <Cut text={line.countedByName} max="column" /> : null}
            </>
          ),
        },
        editable && {
          key: "remove",
          kind: "actions",
          label: t("lines.remove"),
          cell: (line) => (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="lineId" value={line.id} />
              <input type="hidden" name="version" value={version ?? ""} />
              <RowButton
                name="intent"
                value="remove"
                icon="trash"
                tone="danger"
                label={t("lines.remove")}
                target={line.name ?? line.code ?? ""}
              />
            </Form>
          ),
        },
      ]}
    />
  );
}

/** A line's counted quantity, typed and saved on its own (it replaces the count). */
function QuantityForm({
  line,
  version,
  error,
}: {
  line: CountLineRow;
  version: number | undefined;
  error: { message: string; values?: Record<string, number> } | null;
}) {
  const { t } = useTranslation("stock-count");
  const id = `line-${line.id}-quantity`;
  return (
    <Form method="post" preventScrollReset className={s.lineForm}>
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="productId" value={line.productId ?? ""} />
      <input type="hidden" name="version" value={version ?? ""} />
      <input type="hidden" name="previous" value={line.counted} />
      <label htmlFor={id} className="visually-hidden">
        {`${t("lines.setLabel")}: ${line.name}`}
      </label>
      <input
        id={id}
        name="quantity"
        className={s.lineInput}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        defaultValue={line.counted}
        // A quantity refused stays as typed would need the form's state: the message says what was wrong.
        key={line.counted}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className={table.rowAction} aria-label={`${t("lines.set")}: ${line.name}`}>
        {t("lines.set")}
      </button>
      {error ? (
        <p id={`${id}-error`} className={s.lineError}>
          {t(error.message, error.values)}
        </p>
      ) : null}
    </Form>
  );
}
