import { Form, Link, useSearchParams } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { BelowCostConfirm } from "~/components/BelowCost/BelowCostConfirm";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Field, SelectField, TextareaField } from "~/components/Field/Field";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import { LineUnits } from "~/components/Serial/LineUnits";
import { Cut, DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import type { DocumentLine } from "~/models/order/document-read.server";
import { BELOW_COST_REASON } from "~/models/price/below-cost";
import type { SoldUnit } from "~/models/serial/serial-sale.server";
import type { EditorRow, EditorState } from "~/web/order/document-form.server";
import * as s from "./Document.css";
import {
  DefaultSave,
  DocumentDateField,
  EditorLineFields,
  EditorLinesCard,
  FormErrors,
  LineProduct,
  MoveConfirm,
  VatBreakdown,
} from "./LineEditor";
import { CUSTOMER_SUGGESTIONS_ID, useCustomerSuggestions } from "./use-suggestions";

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

type StatusKind = "quote" | "order" | "payment";

export function DocumentStatus({ kind, status }: { kind: StatusKind; status: string }) {
  const { t } = useTranslation("orders");
  return <StatusBadge kind={kind} status={status} word={statusWords(t)(kind, status)} />;
}

/**
 * The status words of a list, each looked up once: a list of 50 documents shows 100 status badges
 * of a handful of statuses, and a lookup (or a `useTranslation` hook) each costs more than the badge.
 */
export function statusWords(t: TFunction<"orders">): (kind: StatusKind, status: string) => string {
  const words = new Map<string, string>();
  return (kind, status) => {
    const key = `${kind}.${status}`;
    let word = words.get(key);
    if (word === undefined) {
      word = t(`status.${key}`, { defaultValue: status });
      words.set(key, word);
    }
    return word;
  };
}

/** A document's status as a badge, coloured by its kind and status, with its word. */
export function StatusBadge({ kind, status, word }: { kind: StatusKind; status: string; word: string }) {
  return (
    <Badge tone={TONES[kind][status] ?? "neutral"} testId={`${kind}-status`}>
      {word}
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
      <VatBreakdown ns="orders" rows={amounts.vatBreakdown} />
    </div>
  );
}

/** A saved document's lines, read-only. */
export function DocumentLines({ lines, units = [] }: { lines: DocumentLine[]; units?: SoldUnit[] }) {
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
              <LineProduct productId={line.productId} name={line.productName} sku={line.sku} />
              <LineUnits units={units.filter((unit) => unit.lineId === line.id)} />
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
      <MoveConfirm
        question={t(`confirm.${asked.intent}-${asked.to}`, { number })}
        intent={asked.intent}
        to={asked.to}
        version={version}
        label={label(asked)}
        keepLabel={t("confirm.keep")}
        danger
      />
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
  locations = [],
}: {
  kind: "quote" | "order";
  editor: EditorState;
  /** the figures a refusal's message names */
  values?: Record<string, string | number>;
  /** where an order may ship from (issue #32); none: no select */
  locations?: EditorState["locations"];
}) {
  const { t } = useTranslation("orders");
  const suggestCustomers = useCustomerSuggestions();
  const errors = editor.errors;
  return (
    <Form method="post" className={s.stack} data-testid="document-editor" noValidate>
      <DefaultSave label={t("editor.save")} />
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
            <DocumentDateField
              id="document-valid-until"
              name="validUntil"
              label={t("editor.validUntil")}
              value={editor.validUntil}
              hint={t("editor.validUntilHint")}
              errors={errors.validUntil}
            />
          ) : null}
          {kind === "order" && locations.length > 0 ? (
            <SelectField
              label={t("editor.location")}
              errors={errors.locationId}
              selectProps={{ id: "document-location", name: "locationId", defaultValue: editor.locationId }}
              options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
            />
          ) : null}
        </div>
        <TextareaField
          label={t("editor.notes")}
          errors={errors.notes}
          textareaProps={{ id: "document-notes", name: "notes", defaultValue: editor.notes, maxLength: 2000 }}
        />
      </Card>
      <EditorLinesCard ns="orders" hint={t("editor.unitPriceHint")} errors={errors.lines}>
        {(onCodeInput) =>
          editor.rows.map((row, i) => (
            // The rows are re-rendered from the server after each post; the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id before they are saved
            <EditorLine key={`${i}-${row.code}`} row={row} index={i} onCodeInput={onCodeInput} />
          ))
        }
      </EditorLinesCard>
      {editor.amounts ? (
        <Card title={t("totals.title")}>
          <DocumentTotals amounts={editor.amounts} />
        </Card>
      ) : null}
      <BelowCostConfirm
        answer={editor.belowCostAnswer}
        reason={editor.belowCostReason}
        errors={errors[BELOW_COST_REASON]}
      />
      <FormErrors keys={errors.form} values={values} />
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
  const { t } = useTranslation("orders");
  const format = useFormat();
  return (
    <EditorLineFields
      ns="orders"
      index={index}
      idPrefix="line"
      testId="editor-line"
      resolvedTestId="line-resolved"
      codeLabel={t("editor.code")}
      code={row.code}
      quantity={row.quantity}
      amount={{ field: "unitPrice", label: t("editor.unitPrice"), value: row.unitPrice }}
      errors={row.errors}
      productFound={!!row.product}
      onCodeInput={onCodeInput}
      resolved={
        row.product ? (
          <>
            <span className={s.productName}>
              <Cut text={row.product.name} max="16rem" />
            </span>
            {row.price ? <span>{format.money(row.price)}</span> : null}
            {row.lineTotal ? <strong data-testid="line-total">{format.money(row.lineTotal)}</strong> : null}
            <LineMargin margin={row.margin} category={row.marginCategory} belowCost={row.belowCost} />
          </>
        ) : null
      }
    />
  );
}
