import { Form, Link, useSearchParams } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as doc from "~/components/Document/Document.css";
import { Facts, withDetail } from "~/components/Document/Facts";
import {
  DefaultSave,
  DocumentDateField,
  EditorLineFields,
  EditorLinesCard,
  FormErrors,
  LineProduct,
  MessageList,
  MoveConfirm,
  VatBreakdown,
} from "~/components/Document/LineEditor";
import { SelectField, TextareaField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { FilterSearch, FilterSelect } from "~/components/ListFilters/ListFilters";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as header from "~/components/PageHeader/PageHeader.css";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import { SerialProblems } from "~/components/Serial/SerialProblems";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { labelPreviewHref } from "~/models/label/label-source";
import type { PurchaseOrderRow } from "~/models/purchase-order/purchase-order.server";
import type {
  EditorActionData,
  EditorRow,
  EditorState,
  loadNewPurchaseOrder,
  loadPurchaseOrder,
  PurchaseOrderListData,
  ReceiveActionData,
  ReceiveState,
  ScheduleActionData,
  ScheduleState,
} from "~/web/purchase-order/purchase-order-form.server";
import { useCan } from "~/web/use-can";
import * as s from "./PurchaseOrder.css";

const TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  sent: "info",
  partially_received: "warning",
  received: "success",
  cancelled: "danger",
};

export function PurchaseOrderStatus({ status }: { status: string }) {
  const { t } = useTranslation("purchasing");
  return (
    <Badge tone={TONES[status] ?? "neutral"} testId="purchase-order-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The list: a GET filter form (status, supplier, text), a page of orders and the pager. */
export function PurchaseOrderList({ data }: { data: PurchaseOrderListData }) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  const canWrite = useCan("purchase:write");
  const { rows, total, page, pages, filters, statuses, suppliers, locations } = data;
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.supplierId) params.set("supplier", String(filters.supplierId));
    if (filters.locationId) params.set("location", String(filters.locationId));
    if (filters.search) params.set("q", filters.search);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title={t("list.title")}
        lead={t("list.lead")}
        actions={
          // Supplier claims (issue #31): defective stock sent back to the suppliers it came from.
          <Link to="/purchasing/claims" className={buttonClass("secondary")} data-testid="claims-link">
            {t("list.claims")}
          </Link>
        }
        add={canWrite && { to: "/purchasing/new", label: t("list.add") }}
      />
      <Form method="get" className={list.filters} role="search" key={JSON.stringify(filters)}>
        <FilterSelect
          id="purchase-status"
          name="status"
          label={t("filters.status")}
          value={filters.status ?? ""}
          anyLabel={t("filters.anyStatus")}
          options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <FilterSelect
          id="purchase-supplier"
          name="supplier"
          label={t("filters.supplier")}
          value={filters.supplierId ? String(filters.supplierId) : ""}
          anyLabel={t("filters.anySupplier")}
          options={suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name }))}
        />
        <FilterSelect
          id="purchase-location"
          name="location"
          label={t("filters.location")}
          value={filters.locationId ? String(filters.locationId) : ""}
          anyLabel={t("filters.anyLocation")}
          options={locations.map((location) => ({ value: location.id, label: location.name }))}
        />
        <FilterSearch
          id="purchase-search"
          label={t("filters.search")}
          value={filters.search ?? ""}
          placeholder={t("filters.searchPlaceholder")}
        />
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("filters.apply")}
        </Button>
        <Link to="/purchasing" className={buttonClass("secondary")}>
          {t("filters.clear")}
        </Link>
      </Form>
      <DataTable
        label={t("list.title")}
        columns={[
          {
            key: "number",
            kind: "primary",
            label: t("table.number"),
            cell: (row) => (
              <Link to={`/purchasing/${row.id}`} className={`${list.productName} ${table.nowrap}`}>
                {row.number}
              </Link>
            ),
          },
          {
            key: "supplier",
            label: t("table.supplier"),
            cell: (row) => <Cut text={row.supplierName} max="16rem" />,
          },
          {
            key: "location",
            label: t("table.location"),
            cell: (row) => <Cut text={row.locationName} max="10rem" />,
          },
          {
            key: "status",
            kind: "badge",
            label: t("table.status"),
            cell: (row) => <PurchaseOrderStatus status={row.status} />,
          },
          {
            key: "expected",
            kind: "badge",
            label: t("table.expected"),
            cell: (row) => format.date(`${row.expectedDate}T12:00:00`),
          },
          {
            key: "total",
            kind: "numeric",
            label: t("table.total"),
            testId: "purchase-order-total",
            cell: (row) => format.money(row.subtotal),
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": "purchase-order-row", "data-number": row.number })}
        empty={t("list.empty")}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t("list.pageOf", { page, pages, total: format.number(total) })}
        to={query}
        testId="purchase-order-count"
        total={total}
      />
    </>
  );
}

type Amounts = NonNullable<EditorState["amounts"]>;

/** Without VAT, the VAT per rate, with VAT. */
export function PurchaseOrderTotals({ amounts }: { amounts: Amounts }) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  return (
    <div className={doc.stack} data-testid="purchase-order-totals">
      <dl className={doc.totals}>
        <dt className={doc.totalTerm}>{t("totals.subtotal")}</dt>
        <dd className={doc.totalValue} data-testid="subtotal">
          {format.money(amounts.subtotal)}
        </dd>
        <dt className={doc.totalTerm}>{t("totals.tax")}</dt>
        <dd className={doc.totalValue} data-testid="tax">
          {format.money(amounts.taxAmount)}
        </dd>
        <dt className={doc.grandTotal}>{t("totals.total")}</dt>
        <dd className={`${doc.totalValue} ${doc.grandTotal}`} data-testid="total">
          {format.money(amounts.totalAmount)}
        </dd>
      </dl>
      <VatBreakdown ns="purchasing" rows={amounts.vatBreakdown} />
    </div>
  );
}

/**
 * The editor of a new order or a draft. Without JavaScript every button posts the whole form: Add
 * line and Remove come back with the rows resolved and priced, Save writes. With JavaScript the
 * product field suggests products as one types.
 */
export function PurchaseOrderEditor({
  editor,
  suppliers,
  locations,
}: {
  editor: EditorState;
  suppliers: { id: number; name: string }[];
  /** where it may be delivered (issue #32) */
  locations: { id: number; name: string }[];
}) {
  const { t } = useTranslation("purchasing");
  const errors = editor.errors;
  return (
    <Form method="post" className={doc.stack} data-testid="purchase-order-editor" noValidate>
      <DefaultSave label={t("editor.save")} />
      <input type="hidden" name="version" value={editor.version} />
      <Card>
        <div className={doc.fields}>
          <SelectField
            label={t("editor.supplier")}
            errors={errors.supplierId}
            selectProps={{ id: "purchase-supplier-id", name: "supplierId", defaultValue: editor.supplierId }}
            options={[
              { value: "", label: t("editor.chooseSupplier") },
              ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
            ]}
          />
          <DocumentDateField
            id="purchase-expected-date"
            name="expectedDate"
            label={t("editor.expectedDate")}
            value={editor.expectedDate}
            hint={t("editor.expectedDateHint")}
            errors={errors.expectedDate}
          />
          <SelectField
            label={t("editor.location")}
            errors={errors.locationId}
            selectProps={{ id: "purchase-location-id", name: "locationId", defaultValue: editor.locationId }}
            options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
          />
        </div>
        <TextareaField
          label={t("editor.note")}
          errors={errors.note}
          textareaProps={{ id: "purchase-note", name: "note", defaultValue: editor.note, maxLength: 2000 }}
        />
      </Card>
      <EditorLinesCard ns="purchasing" hint={t("editor.unitCostHint")} errors={errors.lines}>
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
          <PurchaseOrderTotals amounts={editor.amounts} />
        </Card>
      ) : null}
      <FormErrors keys={errors.form} />
      <div className={doc.buttons}>
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
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  return (
    <EditorLineFields
      ns="purchasing"
      index={index}
      idPrefix="purchase-line"
      testId="purchase-editor-line"
      resolvedTestId="purchase-line-resolved"
      codeLabel={t("editor.product")}
      code={row.code}
      quantity={row.quantity}
      amount={{ field: "unitCost", label: t("editor.unitCost"), value: row.unitCost }}
      errors={row.errors}
      productFound={!!row.product}
      onCodeInput={onCodeInput}
      resolved={
        row.product ? (
          <>
            <span className={doc.productName}>
              <Cut text={row.product.name} max="16rem" />
            </span>
            {row.cost ? <span>{format.money(row.cost)}</span> : null}
            {row.lineTotal ? <strong data-testid="line-total">{format.money(row.lineTotal)}</strong> : null}
          </>
        ) : null
      }
    >
      {row.candidates.length ? (
        <ul className={s.candidates} data-testid="purchase-line-candidates">
          {row.candidates.map((candidate) => (
            <li key={candidate.sku}>
              <code>{candidate.sku}</code> {candidate.name}
            </li>
          ))}
        </ul>
      ) : null}
    </EditorLineFields>
  );
}

/** The lines of an order that is no longer a draft: ordered, received, cost. */
function PurchaseOrderLines({ order }: { order: PurchaseOrderRow }) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  return (
    <DataTable
      label={t("detail.lines")}
      columns={[
        {
          key: "product",
          kind: "primary",
          label: t("table.product"),
          cell: (line) => <LineProduct productId={line.productId} name={line.productName} sku={line.sku} />,
        },
        {
          key: "ordered",
          kind: "numeric",
          label: t("table.ordered"),
          cell: (line) => format.number(line.quantityOrdered),
        },
        {
          key: "received",
          kind: "numeric",
          label: t("table.received"),
          testId: "line-received",
          cell: (line) => (
            <span className={line.quantityReceived >= line.quantityOrdered ? s.received : undefined}>
              {format.number(line.quantityReceived)}
            </span>
          ),
        },
        {
          key: "cost",
          kind: "numeric",
          label: t("table.unitCost"),
          cell: (line) => format.money(line.unitCost),
        },
        {
          key: "total",
          kind: "numeric",
          label: t("table.lineTotal"),
          cell: (line) => format.money(line.lineTotal),
        },
      ]}
      rows={order.lines}
      rowKey={(line) => line.id}
      rowProps={() => ({ "data-testid": "purchase-order-line" })}
      empty={t("detail.noLines")}
    />
  );
}

/** Moves that undo or end something, asked in red; the others (send) asked calmly. */
const DANGEROUS = new Set(["cancelled", "received"]);

/**
 * The order's moves: each asks once more on the same page (`?confirm=`, a plain link, so also
 * without JavaScript), saying what it will do, beside the real button and a way back.
 */
function PurchaseOrderMoves({ order, moves }: { order: PurchaseOrderRow; moves: readonly string[] }) {
  const { t } = useTranslation("purchasing");
  const [params] = useSearchParams();
  if (moves.length === 0) return null;
  const asked = moves.find((to) => to === params.get("confirm"));
  if (asked) {
    const question =
      asked === "sent"
        ? order.supplier.email
          ? t("confirm.sentByEmail", { number: order.number, email: order.supplier.email })
          : t("confirm.sentWithoutEmail", { number: order.number, supplier: order.supplier.name })
        : t(`confirm.${asked}`, { number: order.number });
    return (
      <MoveConfirm
        question={question}
        intent="move"
        to={asked}
        version={order.version}
        label={t(`actions.${asked}`)}
        keepLabel={t("confirm.keep")}
        danger={DANGEROUS.has(asked)}
      />
    );
  }
  return (
    <div className={doc.buttons} data-testid="purchase-order-moves">
      {moves.map((to) => (
        <Link
          key={to}
          to={`?confirm=${to}`}
          className={buttonClass(to === "sent" ? "primary" : "secondary")}
          preventScrollReset
        >
          {t(`actions.${to}`)}
        </Link>
      ))}
    </div>
  );
}

/** The receive form: per line what comes in now (what is still to come, to start with) and at what cost. */
function ReceiveForm({ order, receive }: { order: PurchaseOrderRow; receive: ReceiveState }) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  const rows = order.lines.map((line) => ({
    line,
    state: receive.rows.find((row) => row.lineId === line.id) ?? {
      lineId: line.id,
      quantity: "0",
      unitCost: line.unitCost,
      errors: [],
      serials: "",
      serialErrors: [],
    },
  }));
  return (
    <Card title={t("receive.title")}>
      <Form method="post" className={doc.stack} data-testid="receive-form" noValidate>
        <p className={doc.hint}>{t("receive.hint")}</p>
        <DataTable
          label={t("receive.title")}
          columns={[
            {
              key: "product",
              kind: "primary",
              label: t("table.product"),
              cell: ({ line }) => (
                <>
                  <Cut text={line.productName} lines={2} />
                  <Code value={line.sku} />
                </>
              ),
            },
            {
              key: "toCome",
              kind: "numeric",
              label: t("receive.toCome"),
              cell: ({ line }) =>
                `${format.number(line.quantityReceived)} / ${format.number(line.quantityOrdered)}`,
            },
            {
              key: "now",
              label: t("receive.now"),
              cell: ({ line, state }) => (
                <>
                  <input
                    className={s.cellInput}
                    name={`receive[${line.id}].quantity`}
                    defaultValue={state.quantity}
                    inputMode="numeric"
                    maxLength={6}
                    aria-label={t("receive.nowOf", { product: line.productName })}
                    aria-invalid={state.errors.length > 0 ? true : undefined}
                  />
                  <MessageList keys={state.errors} className={s.cellErrors} />
                </>
              ),
            },
            // Serial-tracked lines (issue #31): a column of their own, only when the order has one.
            ...(order.lines.some((line) => line.tracking !== "none")
              ? [
                  {
                    key: "serials",
                    label: t("receive.serialsColumn"),
                    cell: ({ line, state }: (typeof rows)[number]) =>
                      line.tracking === "none" ? "—" : <SerialsField line={line} state={state} />,
                  },
                ]
              : []),
            {
              key: "cost",
              label: t("receive.unitCost"),
              cell: ({ line, state }) => (
                <input
                  className={s.cellInput}
                  name={`receive[${line.id}].unitCost`}
                  defaultValue={format.decimalInput(state.unitCost)}
                  inputMode="decimal"
                  maxLength={12}
                  aria-label={t("receive.unitCostOf", { product: line.productName })}
                />
              ),
            },
          ]}
          rows={rows}
          rowKey={({ line }) => line.id}
          rowProps={() => ({ "data-testid": "receive-line" })}
        />
        {receive.overReceipt ? (
          <label className={doc.confirm}>
            <input type="checkbox" name="confirmOverReceipt" defaultChecked={receive.confirmOverReceipt} />
            {t("receive.confirmOver")}
          </label>
        ) : null}
        <FormErrors keys={receive.errors} testId="receive-errors" />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="receive">
            {t("receive.submit")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * A serial-tracked line's serials (issue #31): a textarea a scanner types into, one per line, or a
 * pasted list; each refused serial named under it.
 */
function SerialsField({
  line,
  state,
}: {
  line: PurchaseOrderRow["lines"][number];
  state: ReceiveState["rows"][number];
}) {
  const { t } = useTranslation("purchasing");
  const id = `receive-serials-${line.id}`;
  return (
    <div className={s.serials}>
      <textarea
        id={id}
        aria-label={t(line.tracking === "imei" ? "receive.imeisOf" : "receive.serialsOf", {
          product: line.productName,
        })}
        className={s.serialsInput}
        name={`receive[${line.id}].serials`}
        defaultValue={state.serials}
        rows={4}
        spellCheck={false}
        autoCapitalize="characters"
        aria-describedby={`${id}-hint`}
        aria-invalid={state.serialErrors.length > 0 ? true : undefined}
        data-testid="receive-serials"
      />
      <span id={`${id}-hint`} className={doc.hint}>
        {t("receive.serialsHint")}
      </span>
      <SerialProblems problems={state.serialErrors} className={s.cellErrors} />
    </div>
  );
}

/**
 * An open order's expected day and note: a supplier moves a delivery, the buyer writes it down.
 * The lines stay as they were sent.
 */
function ScheduleForm({ schedule }: { schedule: ScheduleState }) {
  const { t } = useTranslation("purchasing");
  const errors = schedule.errors;
  return (
    <Card title={t("schedule.title")}>
      <Form method="post" className={doc.stack} data-testid="schedule-form" noValidate>
        <input type="hidden" name="version" value={schedule.version} />
        <p className={doc.hint}>{t("schedule.hint")}</p>
        <div className={s.dateField}>
          <DocumentDateField
            id="schedule-expected-date"
            name="expectedDate"
            label={t("editor.expectedDate")}
            value={schedule.expectedDate}
            errors={errors.expectedDate}
          />
        </div>
        <TextareaField
          label={t("editor.note")}
          errors={errors.note}
          textareaProps={{ id: "schedule-note", name: "note", defaultValue: schedule.note, maxLength: 2000 }}
        />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="reschedule" variant="secondary">
            {t("schedule.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

type DetailData = Awaited<ReturnType<typeof loadPurchaseOrder>>;

/** A purchase order's page: status and moves, the editor while a draft, else its lines; the receive form. */
export function PurchaseOrderDetail({
  data,
  actionData,
}: {
  data: DetailData;
  actionData?: (Partial<EditorActionData> & Partial<ReceiveActionData> & Partial<ScheduleActionData>) | null;
}) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  const { order, moves, suppliers } = data;
  const editor = actionData?.editor ?? data.editor;
  const receive = actionData?.receive ?? data.receive;
  const schedule = actionData?.schedule ?? data.schedule;
  const emailState = order.emailStatus ? t(`detail.emailStatus.${order.emailStatus}`) : null;
  return (
    <>
      <Link to="/purchasing" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader
        title={order.number}
        lead={
          <span className={detail.badges}>
            <PurchaseOrderStatus status={order.status} />
            <span>{order.supplier.name}</span>
          </span>
        }
        actions={
          <span className={header.actions}>
            {/* Shelf labels of the products received (issue #30). */}
            {order.lines.some((line) => line.quantityReceived > 0) ? (
              <Link
                to={labelPreviewHref({ from: "purchase-order", id: order.id })}
                className={buttonClass("secondary")}
              >
                {t("print.labels")}
              </Link>
            ) : null}
            {/* A page of its own outside the app shell, loaded as a document: no client navigation. */}
            <Link
              to={`/purchasing/${order.id}/print`}
              reloadDocument
              className={buttonClass("secondary")}
              data-testid="print-link"
            >
              {t("print.link")}
            </Link>
          </span>
        }
      />
      <div className={doc.stack}>
        <PurchaseOrderMoves order={order} moves={moves} />
        <Card>
          <Facts
            testId="purchase-order-facts"
            facts={[
              {
                term: t("detail.supplier"),
                value: [order.supplier.name, order.supplier.email, order.supplier.phone]
                  .filter(Boolean)
                  .join(" · "),
              },
              { term: t("detail.expected"), value: format.date(`${order.expectedDate}T12:00:00`) },
              {
                term: t("detail.location"),
                testId: "purchase-order-location",
                value: withDetail(order.location.name, order.location.address),
              },
              {
                term: t("detail.created"),
                value: withDetail(format.dateTime(order.createdAt), order.createdBy),
              },
              order.sentAt && {
                term: t("detail.sent"),
                testId: "purchase-order-sent",
                value: withDetail(
                  format.dateTime(order.sentAt),
                  order.sentTo
                    ? t("detail.sentTo", { email: order.sentTo, state: emailState ?? "" })
                    : t("detail.sentWithoutEmail"),
                ),
              },
              order.receivedAt && {
                term: order.closedAt ? t("detail.closed") : t("detail.received"),
                value: format.dateTime(order.closedAt ?? order.receivedAt),
              },
              order.cancelledAt && { term: t("detail.cancelled"), value: format.dateTime(order.cancelledAt) },
              order.note && !editor && !schedule && { term: t("detail.note"), value: order.note },
            ]}
          />
        </Card>
        {editor ? (
          <PurchaseOrderEditor editor={editor} suppliers={suppliers} locations={data.locations} />
        ) : (
          <>
            <PurchaseOrderLines order={order} />
            {receive ? <ReceiveForm order={order} receive={receive} /> : null}
            {schedule ? <ScheduleForm schedule={schedule} /> : null}
            <Card title={t("totals.title")}>
              <PurchaseOrderTotals amounts={order} />
            </Card>
          </>
        )}
      </div>
    </>
  );
}

/** A new purchase order's page: the editor alone. */
export function NewPurchaseOrder({
  data,
  actionData,
}: {
  data: Awaited<ReturnType<typeof loadNewPurchaseOrder>>;
  actionData?: EditorActionData | null;
}) {
  const { t } = useTranslation("purchasing");
  return (
    <>
      <Link to="/purchasing" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader title={t("list.newTitle")} />
      <PurchaseOrderEditor
        editor={actionData?.editor ?? data.editor}
        suppliers={data.suppliers}
        locations={data.locations}
      />
    </>
  );
}
