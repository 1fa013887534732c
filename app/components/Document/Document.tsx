import { Form, Link, useSearchParams } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, Field, TextareaField } from "~/components/Field/Field";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { EditorRow, EditorState } from "~/models/order/document-form.server";
import type { DocumentLine } from "~/models/order/order.server";
import * as s from "./Document.css";
import {
  CUSTOMER_SUGGESTIONS_ID,
  PRODUCT_SUGGESTIONS_ID,
  useCustomerSuggestions,
  useProductSuggestions,
} from "./use-suggestions";

/** Quote, order and payment statuses as badges, coloured by what they ask of the reader. */
const TONES: Record<"quote" | "order" | "payment", Record<string, BadgeTone>> = {
  quote: {
    draft: "neutral",
    sent: "info",
    accepted: "success",
    rejected: "danger",
    expired: "warning",
    converted: "success",
  },
  order: {
    awaiting_approval: "warning",
    pending: "neutral",
    confirmed: "info",
    shipped: "info",
    delivered: "success",
    cancelled: "danger",
  },
  payment: { pending: "warning", paid: "success", refunded: "neutral" },
};

export function DocumentStatus({ kind, status }: { kind: "quote" | "order" | "payment"; status: string }) {
  const { t } = useTranslation("orders");
  return (
    <Badge tone={TONES[kind][status] ?? "neutral"} testId={`${kind}-status`}>
      {t(`status.${kind}.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** A line's margin at the charged price, coloured like everywhere else, and "under cost" when so. */
export function LineMargin({
  margin,
  category,
  belowCost,
}: {
  margin: number | null;
  category: "low" | "medium" | "high" | null;
  belowCost: boolean;
}) {
  const { t } = useTranslation("orders");
  return (
    <span className={s.buttons}>
      {margin !== null && category ? <MarginBadge margin={margin} category={category} /> : "—"}
      {belowCost ? (
        <Badge tone="danger" testId="below-cost">
          {t("editor.belowCost")}
        </Badge>
      ) : null}
    </span>
  );
}

type Amounts = NonNullable<EditorState["amounts"]>;

/** Subtotal, the customer's discount, the VAT per rate and the total. */
export function DocumentTotals({ amounts }: { amounts: Amounts | null }) {
  const { t } = useTranslation("orders");
  const format = useFormat();
  if (!amounts) return null;
  return (
    <div className={s.stack} data-testid="document-totals">
      <dl className={s.totals}>
        <dt className={s.totalTerm}>{t("totals.subtotal")}</dt>
        <dd className={s.totalValue} data-testid="subtotal">
          {format.money(amounts.subtotal)}
        </dd>
        {Number(amounts.discountPercent) > 0 ? (
          <>
            <dt className={s.totalTerm}>
              {t("totals.discount", { percent: format.rate(amounts.discountPercent) })}
            </dt>
            <dd className={s.totalValue} data-testid="discount">
              −{format.money(amounts.discountAmount)}
            </dd>
          </>
        ) : null}
        <dt className={s.totalTerm}>{t("totals.netTotal")}</dt>
        <dd className={s.totalValue}>{format.money(amounts.netAmount)}</dd>
        <dt className={s.totalTerm}>{t("totals.taxTotal")}</dt>
        <dd className={s.totalValue} data-testid="tax">
          {format.money(amounts.taxAmount)}
        </dd>
        <dt className={s.grandTotal}>{t("totals.total")}</dt>
        <dd className={`${s.totalValue} ${s.grandTotal}`} data-testid="total">
          {format.money(amounts.totalAmount)}
        </dd>
      </dl>
      {amounts.vatBreakdown.length > 0 ? (
        <table className={s.vatTable} aria-label={t("totals.vat")}>
          <thead>
            <tr>
              <th className={s.vatCell} scope="col">
                {t("totals.rate")}
              </th>
              <th className={s.vatCell} scope="col">
                {t("totals.net")}
              </th>
              <th className={s.vatCell} scope="col">
                {t("totals.vat")}
              </th>
              <th className={s.vatCell} scope="col">
                {t("totals.gross")}
              </th>
            </tr>
          </thead>
          <tbody>
            {amounts.vatBreakdown.map((row) => (
              <tr key={row.rate} data-testid="vat-row">
                <th className={s.vatCell} scope="row">
                  {format.rate(row.rate)}
                </th>
                <td className={s.vatCell}>{format.money(row.net)}</td>
                <td className={s.vatCell}>{format.money(row.vat)}</td>
                <td className={s.vatCell}>{format.money(row.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** A saved document's lines, read-only. */
export function DocumentLines({ lines }: { lines: DocumentLine[] }) {
  const { t } = useTranslation("orders");
  const format = useFormat();
  return (
    <DataTable
      label={t("detail.lines")}
      columns={[
        {
          key: "product",
          kind: "primary",
          label: t("table.product"),
          cell: (line) => (
            <>
              <Link to={`/products/${line.productId}`} className={table.clamp} title={line.productName}>
                {line.productName}
              </Link>
              <Code value={line.sku} />
            </>
          ),
        },
        {
          key: "quantity",
          kind: "numeric",
          label: t("table.quantity"),
          cell: (line) => format.number(line.quantity),
        },
        {
          key: "price",
          kind: "numeric",
          label: t("table.unitPrice"),
          cell: (line) => format.money(line.unitPrice),
        },
        {
          key: "total",
          kind: "numeric",
          label: t("table.lineTotal"),
          cell: (line) => format.money(line.totalPrice),
        },
        {
          key: "margin",
          kind: "badge",
          label: t("table.margin"),
          cell: (line) => (
            <LineMargin margin={line.margin} category={line.marginCategory} belowCost={line.belowCost} />
          ),
        },
      ]}
      rows={lines}
      rowKey={(line) => line.id}
      rowProps={() => ({ "data-testid": "document-line" })}
      empty={t("detail.noLines")}
    />
  );
}

/** The status moves the user may make, each a button posting intent and target status. */
/** Moves that undo work or money: asked once more before they are made. */
const CONFIRMED_MOVES = new Set(["move-cancelled", "move-rejected", "pay-refunded"]);

/**
 * The document's status buttons. A move that undoes something (cancel, reject, refund) first
 * asks, on the same page (`?confirm=`, a plain link, so also without JavaScript), what it will do
 * and offers the real button beside a way back.
 */
export function DocumentMoves({
  kind,
  number,
  moves,
  version,
}: {
  kind: "quote" | "order";
  number: string;
  moves: { intent: "move" | "pay"; to: string }[];
  version: number;
}) {
  const { t } = useTranslation("orders");
  const [params] = useSearchParams();
  if (moves.length === 0) return null;
  const label = (move: { intent: string; to: string }) =>
    t(`actions.${move.intent === "pay" ? "payment" : kind}.${move.to}`);
  const asked = moves.find((move) => `${move.intent}-${move.to}` === params.get("confirm"));
  if (asked && CONFIRMED_MOVES.has(`${asked.intent}-${asked.to}`)) {
    return (
      <div
        className={s.moveConfirm}
        role="alertdialog"
        aria-labelledby="move-confirm-title"
        data-testid="move-confirm"
      >
        <p id="move-confirm-title" className={s.confirmText}>
          {t(`confirm.${asked.intent}-${asked.to}`, { number })}
        </p>
        <div className={s.buttons}>
          <Form method="post" replace action="?">
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="to" value={asked.to} />
            <Button type="submit" name="intent" value={asked.intent} variant="danger">
              {label(asked)}
            </Button>
          </Form>
          <Link to="?" replace className={buttonClass("secondary")}>
            {t("confirm.keep")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={s.buttons} data-testid="document-moves">
      {moves.map((move) =>
        CONFIRMED_MOVES.has(`${move.intent}-${move.to}`) ? (
          <Link
            key={`${move.intent}-${move.to}`}
            to={`?confirm=${move.intent}-${move.to}`}
            className={buttonClass("secondary")}
          >
            {label(move)}
          </Link>
        ) : (
          <Form method="post" key={`${move.intent}-${move.to}`}>
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="to" value={move.to} />
            <Button type="submit" name="intent" value={move.intent} variant="primary">
              {label(move)}
            </Button>
          </Form>
        ),
      )}
    </div>
  );
}

/**
 * The editor of a quote or order. Without JavaScript every button posts the whole form: Add line
 * and Remove come back with the rows changed and priced, Save writes.
 */
export function DocumentEditor({
  kind,
  editor,
  values,
}: {
  kind: "quote" | "order";
  editor: EditorState;
  /** the figures a refusal's message names */
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation("orders");
  const suggest = useProductSuggestions();
  const suggestCustomers = useCustomerSuggestions();
  const errors = editor.errors;
  return (
    <Form method="post" className={s.stack} data-testid="document-editor" noValidate>
      {/* Enter in a field saves: the form's first submit button is its default. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden>
        {t("editor.save")}
      </button>
      <input type="hidden" name="version" value={editor.version} />
      <Card>
        <div className={s.fields}>
          <Field
            label={t("editor.customer")}
            errors={[...(errors.customer ?? []), ...(errors.customerId ?? [])]}
            inputProps={{
              id: "document-customer",
              name: "customer",
              defaultValue: editor.customer,
              placeholder: t("editor.customerPlaceholder"),
              list: CUSTOMER_SUGGESTIONS_ID,
              autoComplete: "off",
              maxLength: 400,
              onInput: suggestCustomers.onInput,
            }}
          />
          <datalist id={CUSTOMER_SUGGESTIONS_ID}>
            {suggestCustomers.suggestions.map((customer) => (
              <option key={customer.value} value={customer.value} />
            ))}
          </datalist>
          {kind === "quote" ? (
            <div className={s.lineField}>
              <label className={s.lineLabel} htmlFor="document-valid-until">
                {t("editor.validUntil")}
              </label>
              <input
                id="document-valid-until"
                className={s.lineInput}
                type="date"
                name="validUntil"
                defaultValue={editor.validUntil}
                aria-describedby="document-valid-until-hint"
              />
              <p id="document-valid-until-hint" className={s.hint}>
                {t("editor.validUntilHint")}
              </p>
              <ErrorList errors={errors.validUntil} />
            </div>
          ) : null}
        </div>
        <TextareaField
          label={t("editor.notes")}
          errors={errors.notes}
          textareaProps={{ id: "document-notes", name: "notes", defaultValue: editor.notes, maxLength: 2000 }}
        />
      </Card>
      <Card title={t("editor.lines")}>
        <p className={s.hint}>{t("editor.unitPriceHint")}</p>
        {editor.rows.map((row, i) => (
          // The rows are re-rendered from the server after each post; the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id before they are saved
          <EditorLine key={`${i}-${row.code}`} row={row} index={i} onCodeInput={suggest.onInput} />
        ))}
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
        <ErrorList errors={errors.lines} />
      </Card>
      {editor.amounts ? (
        <Card title={t("totals.title")}>
          <DocumentTotals amounts={editor.amounts} />
        </Card>
      ) : null}
      {editor.belowCost ? (
        <div className={s.stack}>
          <label className={s.confirm}>
            <input
              type="checkbox"
              name="confirmBelowCost"
              defaultChecked={editor.confirmBelowCost}
              aria-describedby={errors.confirmBelowCost ? "confirm-below-cost-error" : undefined}
            />
            {t("editor.confirmBelowCost")}
          </label>
          <ErrorList id="confirm-below-cost-error" errors={errors.confirmBelowCost} />
        </div>
      ) : null}
      {errors.form?.length ? (
        <ul className={s.formErrors} role="alert" data-testid="form-errors">
          {errors.form.map((key) => (
            <li key={key}>{t(key, values)}</li>
          ))}
        </ul>
      ) : null}
      <div className={s.buttons}>
        <Button type="submit" name="intent" value="save">
          {t("editor.save")}
        </Button>
      </div>
    </Form>
  );
}

function EditorLine({
  row,
  index,
  onCodeInput,
}: {
  row: EditorRow;
  index: number;
  onCodeInput: (event: FormEvent<HTMLInputElement>) => void;
}) {
  const { t, i18n } = useTranslation("orders");
  // A saved price is "12.90"; a Finnish reader writes it with a comma (both are accepted back).
  const price = i18n.language === "fi" ? row.unitPrice.replace(".", ",") : row.unitPrice;
  const format = useFormat();
  const n = index + 1;
  const name = (field: string) => `lines[${index}].${field}`;
  const id = (field: string) => `line-${index}-${field}`;
  const invalid = row.errors.length > 0;
  return (
    <fieldset className={s.line} data-testid="editor-line" style={{ border: "none", margin: 0 }}>
      <legend className="visually-hidden">{t("editor.line", { n })}</legend>
      <div className={s.codeField}>
        <label className={s.lineLabel} htmlFor={id("code")}>
          {t("editor.code")}
        </label>
        <input
          id={id("code")}
          className={s.lineInput}
          name={name("code")}
          defaultValue={row.code}
          maxLength={100}
          autoComplete="off"
          list={PRODUCT_SUGGESTIONS_ID}
          onInput={onCodeInput}
          aria-invalid={invalid && !row.product ? true : undefined}
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
          defaultValue={row.quantity}
          inputMode="numeric"
          maxLength={6}
          aria-invalid={row.errors.includes("orders:errors.quantity") ? true : undefined}
        />
      </div>
      <div className={s.priceField}>
        <label className={s.lineLabel} htmlFor={id("unitPrice")}>
          {t("editor.unitPrice")}
        </label>
        <input
          id={id("unitPrice")}
          className={s.lineInput}
          name={name("unitPrice")}
          defaultValue={price}
          inputMode="decimal"
          maxLength={12}
          aria-invalid={row.errors.includes("orders:errors.unitPrice") ? true : undefined}
        />
      </div>
      <div className={s.resolved} data-testid="line-resolved">
        {row.product ? (
          <>
            <span className={s.productName}>
              <Cut text={row.product.name} max="16rem" />
            </span>
            {row.price ? <span>{format.money(row.price)}</span> : null}
            {row.lineTotal ? <strong data-testid="line-total">{format.money(row.lineTotal)}</strong> : null}
            <LineMargin margin={row.margin} category={row.marginCategory} belowCost={row.belowCost} />
          </>
        ) : null}
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
      {row.errors.length ? (
        <ul className={s.lineErrors}>
          {row.errors.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
