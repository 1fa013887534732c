import { Form, Link } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList } from "~/components/Field/Field";
import { Code } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { VatBreakdownRow } from "~/models/order/document-amounts";
import * as s from "./Document.css";
import { PRODUCT_SUGGESTIONS_ID, useProductSuggestions } from "./use-suggestions";

/**
 * The parts that a sales document (quote, order) and a purchase order share on screen: the line
 * editor, the VAT table, a move's second question and the product cell of a line. Each takes the
 * translation namespace of its document ("orders", "purchasing"), whose keys have the same names.
 */
export type DocumentNamespace = "orders" | "purchasing";

type LineFieldsProps = {
  ns: DocumentNamespace;
  index: number;
  /** the start of the inputs' ids ("line" gives "line-0-code") */
  idPrefix: string;
  testId: string;
  resolvedTestId: string;
  codeLabel: string;
  code: string;
  quantity: string;
  /** the line's amount field: a sales price or a purchase cost, as stored ("12.90") */
  amount: { field: string; label: string; value: string };
  /** the line's error keys ("orders:errors.quantity"); the field named by one is marked invalid */
  errors: string[];
  productFound: boolean;
  onCodeInput: (event: FormEvent<HTMLInputElement>) => void;
  /** what the line resolved to: the product, its price, total and the like */
  resolved: ReactNode;
  /** shown under the line's errors (a search's candidates) */
  children?: ReactNode;
};

/**
 * One line of an editor: product code (with the product suggestions), quantity and amount, what
 * they resolved to, and a Remove button that posts the whole form (so it works without JavaScript).
 */
export function EditorLineFields({
  ns,
  index,
  idPrefix,
  testId,
  resolvedTestId,
  codeLabel,
  code,
  quantity,
  amount,
  errors,
  productFound,
  onCodeInput,
  resolved,
  children,
}: LineFieldsProps) {
  const { t } = useTranslation(ns);
  const format = useFormat();
  const n = index + 1;
  const name = (field: string) => `lines[${index}].${field}`;
  const id = (field: string) => `${idPrefix}-${index}-${field}`;
  const invalid = (field: string) => (errors.includes(`${ns}:errors.${field}`) ? true : undefined);
  return (
    <fieldset className={s.line} data-testid={testId} style={{ border: "none", margin: 0 }}>
      <legend className="visually-hidden">{t("editor.line", { n })}</legend>
      <div className={s.codeField}>
        <label className={s.lineLabel} htmlFor={id("code")}>
          {codeLabel}
        </label>
        <input
          id={id("code")}
          className={s.lineInput}
          name={name("code")}
          defaultValue={code}
          maxLength={100}
          autoComplete="off"
          list={PRODUCT_SUGGESTIONS_ID}
          onInput={onCodeInput}
          aria-invalid={errors.length > 0 && !productFound ? true : undefined}
        />
      </div>
      <div className={s.quantityField}>
        <label className={s.lineLabel} htmlFor={id("quantity")}>
          {t("editor.quantity")}
        </label>
        <input
          id={id("quantity")}
          className={s.lineInput}
          name={name("quantity")}
          defaultValue={quantity}
          inputMode="numeric"
          maxLength={6}
          aria-invalid={invalid("quantity")}
        />
      </div>
      <div className={s.priceField}>
        <label className={s.lineLabel} htmlFor={id(amount.field)}>
          {amount.label}
        </label>
        <input
          id={id(amount.field)}
          className={s.lineInput}
          name={name(amount.field)}
          defaultValue={format.decimalInput(amount.value)}
          inputMode="decimal"
          maxLength={12}
          aria-invalid={invalid(amount.field)}
        />
      </div>
      <div className={s.resolved} data-testid={resolvedTestId}>
        {resolved}
      </div>
      <button
        type="submit"
        name="intent"
        value={`removeLine-${index}`}
        className={table.rowAction}
        aria-label={t("editor.removeLine", { n })}
        title={t("editor.removeLine", { n })}
        data-tone="danger"
      >
        {t("editor.remove")}
      </button>
      <MessageList keys={errors} className={s.lineErrors} />
      {children}
    </fieldset>
  );
}

/**
 * The editor's card of lines: a hint, the lines (each given the product suggestions' handler), the
 * suggestions themselves and Add line, which posts the whole form.
 */
export function EditorLinesCard({
  ns,
  hint,
  errors,
  children,
}: {
  ns: DocumentNamespace;
  hint: string;
  errors?: string[];
  children: (onCodeInput: (event: FormEvent<HTMLInputElement>) => void) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  const suggest = useProductSuggestions();
  return (
    <Card title={t("editor.lines")}>
      <p className={s.hint}>{hint}</p>
      {children(suggest.onInput)}
      <datalist id={PRODUCT_SUGGESTIONS_ID}>
        {suggest.suggestions.map((product) => (
          <option key={product.value} value={product.value} label={product.label} />
        ))}
      </datalist>
      <div className={`${s.buttons} ${s.addLine}`}>
        <Button type="submit" name="intent" value="addLine" variant="secondary">
          {t("editor.addLine")}
        </Button>
      </div>
      <ErrorList errors={errors} />
    </Card>
  );
}

/** A document's day (a quote's last valid day, an order's expected delivery), with its hint. */
export function DocumentDateField({
  id,
  name,
  label,
  value,
  hint,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  hint?: string;
  errors?: string[];
}) {
  return (
    <div className={s.lineField}>
      <label className={s.lineLabel} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={s.lineInput}
        type="date"
        name={name}
        defaultValue={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={errors?.length ? true : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className={s.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList errors={errors} />
    </div>
  );
}

/** Enter in any field of an editor saves: a form's first submit button is its default. */
export function DefaultSave({ label }: { label: string }) {
  return (
    <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden>
      {label}
    </button>
  );
}

/** Translated messages (keys with their namespace) as a list; nothing when there are none. */
export function MessageList({
  keys,
  className,
  values,
  alert,
  testId,
}: {
  keys: string[] | undefined;
  className: string;
  values?: Record<string, string | number>;
  /** said at once by a screen reader (a form's refusal) */
  alert?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!keys?.length) return null;
  return (
    <ul className={className} role={alert ? "alert" : undefined} data-testid={testId}>
      {keys.map((key) => (
        <li key={key}>{t(key, values)}</li>
      ))}
    </ul>
  );
}

/** A form's refusal as a whole (not one field's): said at once. */
export function FormErrors({
  keys,
  values,
  testId = "form-errors",
}: {
  keys: string[] | undefined;
  values?: Record<string, string | number>;
  testId?: string;
}) {
  return <MessageList keys={keys} values={values} className={s.formErrors} alert testId={testId} />;
}

/** The VAT per rate under a document's totals; on a phone each rate becomes a block of lines. */
export function VatBreakdown({ ns, rows }: { ns: DocumentNamespace; rows: VatBreakdownRow[] }) {
  const { t } = useTranslation(ns);
  const format = useFormat();
  if (rows.length === 0) return null;
  const columns = [
    ["net", t("totals.net")],
    ["vat", t("totals.vat")],
    ["gross", t("totals.gross")],
  ] as const;
  return (
    <div className={s.vatWrap}>
      <table className={s.vatTable} aria-label={t("totals.vat")}>
        <thead>
          <tr>
            <th className={s.vatCell} scope="col">
              {t("totals.rate")}
            </th>
            {columns.map(([key, label]) => (
              <th key={key} className={s.vatCell} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rate} data-testid="vat-row">
              <th className={s.vatCell} scope="row">
                {format.rate(row.rate)}
              </th>
              {columns.map(([key, label]) => (
                <td key={key} className={s.vatCell} data-label={label}>
                  {format.money(row[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A move's second question, on the same page (`?confirm=`, so also without JavaScript): what it
 * will do, the real button (posting intent, target status and the version read) and a way back.
 */
export function MoveConfirm({
  question,
  intent,
  to,
  version,
  label,
  keepLabel,
  danger,
}: {
  question: string;
  intent: string;
  to: string;
  version: number;
  label: string;
  keepLabel: string;
  /** a move that undoes or ends something: asked in red */
  danger: boolean;
}) {
  return (
    <div
      className={danger ? s.moveConfirm : s.askCalm}
      role="alertdialog"
      aria-labelledby="move-confirm-title"
      data-testid="move-confirm"
    >
      <p id="move-confirm-title" className={s.confirmText}>
        {question}
      </p>
      <div className={s.buttons}>
        <Form method="post" replace action="?">
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="to" value={to} />
          <Button type="submit" name="intent" value={intent} variant={danger ? "danger" : "primary"}>
            {label}
          </Button>
        </Form>
        <Link to="?" replace className={buttonClass("secondary")}>
          {keepLabel}
        </Link>
      </div>
    </div>
  );
}

/** A line's product in a table: its name, linking to the product, and its SKU beneath. */
export function LineProduct({ productId, name, sku }: { productId: number; name: string; sku: string }) {
  return (
    <>
      <Link to={`/products/${productId}`} className={table.clamp} title={name}>
        {name}
      </Link>
      <Code value={sku} />
    </>
  );
}
