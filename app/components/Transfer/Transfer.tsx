import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as doc from "~/components/Document/Document.css";
import { Facts, withDetail } from "~/components/Document/Facts";
import { FormErrors, LineProduct, MoveConfirm } from "~/components/Document/LineEditor";
import { PRODUCT_SUGGESTIONS_ID, useProductSuggestions } from "~/components/Document/use-suggestions";
import { SelectField, TextareaField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { FilterSelect } from "~/components/ListFilters/ListFilters";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import * as po from "~/components/PurchaseOrder/PurchaseOrder.css";
import { SerialProblems } from "~/components/Serial/SerialProblems";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { TransferRow } from "~/models/transfer/transfer-schema";
import { TRANSFER_LOSS_REASONS } from "~/models/transfer/transfer-status";
import type {
  loadNewTransfer,
  loadTransfer,
  NewTransferState,
  ReceiptState,
  TransfersPageData,
} from "~/web/transfer/transfer-form.server";
import * as s from "./Transfer.css";

const TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  sent: "info",
  received: "success",
  cancelled: "neutral",
};

export function TransferStatus({ status }: { status: string }) {
  const { t } = useTranslation("transfers");
  return (
    <Badge tone={TONES[status] ?? "neutral"} testId="transfer-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** /transfers: what is in transit, and the transfers newest first, filtered by a GET form. */
export function TransfersPage({ data }: { data: TransfersPageData }) {
  const { t } = useTranslation("transfers");
  const format = useFormat();
  const { rows, total, page, pages, filters, statuses, locations, inTransit, canWrite } = data;
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.locationId) params.set("location", String(filters.locationId));
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title={t("list.title")}
        lead={t("list.lead")}
        add={canWrite ? { to: "/transfers/new", label: t("list.new") } : false}
      />
      <div className={doc.stack}>
        <Card title={t("inTransit.title")}>
          <dl className={doc.totals} data-testid="in-transit">
            <dt className={doc.totalTerm}>{t("inTransit.units")}</dt>
            <dd className={doc.totalValue} data-testid="in-transit-units">
              {format.number(inTransit.units)}
            </dd>
            <dt className={doc.totalTerm}>{t("inTransit.value")}</dt>
            <dd className={doc.totalValue}>{format.money(inTransit.value)}</dd>
            <dt className={doc.totalTerm}>{t("inTransit.valueAtCost")}</dt>
            <dd className={doc.totalValue}>{format.money(inTransit.valueAtCost)}</dd>
          </dl>
        </Card>
        <Card title={t("list.transfers")}>
          <Form method="get" className={list.filters} role="search" key={JSON.stringify(filters)}>
            <FilterSelect
              id="transfer-status"
              name="status"
              label={t("filters.status")}
              value={filters.status ?? ""}
              anyLabel={t("filters.anyStatus")}
              options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
            <FilterSelect
              id="transfer-location"
              name="location"
              label={t("filters.location")}
              value={filters.locationId ? String(filters.locationId) : ""}
              anyLabel={t("filters.anyLocation")}
              options={locations.map((location) => ({ value: location.id, label: location.name }))}
            />
            <Button type="submit">
              <Icon name="search" size={16} />
              {t("filters.apply")}
            </Button>
            <Link to="/transfers" className={buttonClass("secondary")}>
              {t("filters.clear")}
            </Link>
          </Form>
          <DataTable
            label={t("list.transfers")}
            columns={[
              {
                key: "number",
                kind: "primary",
                label: t("table.number"),
                cell: (row) => (
                  <Link to={`/transfers/${row.id}`} className={`${list.productName} ${table.nowrap}`}>
                    {row.number}
                  </Link>
                ),
              },
              {
                key: "from",
                label: t("table.from"),
                cell: (row) => <Cut text={row.from.name} max="12rem" />,
              },
              { key: "to", label: t("table.to"), cell: (row) => <Cut text={row.to.name} max="12rem" /> },
              {
                key: "status",
                kind: "badge",
                label: t("table.status"),
                cell: (row) => <TransferStatus status={row.status} />,
              },
              {
                key: "units",
                kind: "numeric",
                label: t("table.units"),
                cell: (row) => format.number(row.units),
              },
              {
                key: "inTransit",
                kind: "numeric",
                label: t("table.inTransit"),
                cell: (row) => (row.inTransit ? format.number(row.inTransit) : "—"),
              },
              {
                key: "lost",
                kind: "numeric",
                optional: true,
                label: t("table.lost"),
                cell: (row) => (row.lost ? format.number(row.lost) : "—"),
              },
              {
                key: "created",
                kind: "badge",
                optional: true,
                label: t("table.created"),
                cell: (row) => format.date(row.createdAt),
              },
            ]}
            rows={rows}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ "data-testid": "transfer-row", "data-number": row.number })}
            empty={t("list.empty")}
          />
          <Pager
            page={page}
            pages={pages}
            summary={t("list.pageOf", { page, pages, total: format.number(total) })}
            to={query}
            testId="transfer-count"
            total={total}
          />
        </Card>
      </div>
    </>
  );
}

/** /transfers/new: from, to, a note and up to eight lines (SKU, quantity, serials), one plain form. */
export function NewTransferPage({
  data,
  state,
}: {
  data: Awaited<ReturnType<typeof loadNewTransfer>>;
  state?: NewTransferState;
}) {
  const { t } = useTranslation("transfers");
  // After a refusal, what was posted; before, what the address named.
  const form = state ?? data.start;
  // With JavaScript, a name typed in a SKU field offers the products it finds, by SKU.
  const suggest = useProductSuggestions();
  const places = [
    { value: "", label: t("new.choose") },
    ...data.locations.map((l) => ({ value: String(l.id), label: l.name })),
  ];
  return (
    <>
      <Link to="/transfers" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader title={t("new.title")} lead={t("new.lead")} />
      <Form method="post" className={doc.stack} data-testid="new-transfer" noValidate>
        <Card>
          <div className={doc.fields}>
            <SelectField
              label={t("detail.from")}
              selectProps={{ id: "transfer-from", name: "from", defaultValue: form.from }}
              options={places}
            />
            <SelectField
              label={t("detail.to")}
              selectProps={{ id: "transfer-to", name: "to", defaultValue: form.to }}
              options={places}
            />
          </div>
        </Card>
        <Card title={t("detail.lines")}>
          <p className={doc.hint}>{t("new.hint")}</p>
          {Array.from({ length: data.rows }, (_, i) => `line-${i}`).map((key, i) => (
            <div key={key} className={s.lineRow} data-testid="new-transfer-line">
              <div className={doc.codeField}>
                <label className={doc.lineLabel} htmlFor={`line-${i}-sku`}>
                  {t("new.sku", { n: i + 1 })}
                </label>
                <input
                  id={`line-${i}-sku`}
                  className={doc.lineInput}
                  name={`lines[${i}].sku`}
                  defaultValue={form.lines[i]?.sku ?? ""}
                  maxLength={100}
                  spellCheck={false}
                  list={PRODUCT_SUGGESTIONS_ID}
                  onInput={suggest.onInput}
                />
              </div>
              <div className={doc.quantityField}>
                <label className={doc.lineLabel} htmlFor={`line-${i}-quantity`}>
                  {t("new.quantity")}
                </label>
                <input
                  id={`line-${i}-quantity`}
                  className={doc.lineInput}
                  name={`lines[${i}].quantity`}
                  defaultValue={form.lines[i]?.quantity ?? ""}
                  inputMode="numeric"
                  maxLength={7}
                />
              </div>
              <div className={doc.codeField}>
                <label className={doc.lineLabel} htmlFor={`line-${i}-serials`}>
                  {t("new.serials")}
                </label>
                <textarea
                  id={`line-${i}-serials`}
                  className={doc.lineInput}
                  name={`lines[${i}].serials`}
                  defaultValue={form.lines[i]?.serials ?? ""}
                  rows={1}
                  spellCheck={false}
                />
                <SerialProblems problems={state?.serialErrors[i] ?? []} className={doc.lineErrors} />
              </div>
            </div>
          ))}
          <datalist id={PRODUCT_SUGGESTIONS_ID}>
            {suggest.suggestions.map((product) => (
              <option key={product.value} value={product.value} label={product.label} />
            ))}
          </datalist>
        </Card>
        <Card>
          <TextareaField
            label={t("detail.note")}
            textareaProps={{
              id: "transfer-note",
              name: "note",
              defaultValue: form.note,
              maxLength: 2000,
            }}
          />
        </Card>
        <FormErrors keys={state?.errors} values={state?.values} />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="create">
            {t("new.create")}
          </Button>
        </div>
      </Form>
    </>
  );
}

type TransferData = Awaited<ReturnType<typeof loadTransfer>>;
type Line = TransferRow["lines"][number];

/** A transfer's page: status and moves, facts, its lines (with the receipt form while it is on its way). */
export function TransferPage({ data, receipt }: { data: TransferData; receipt?: ReceiptState }) {
  const { t } = useTranslation("transfers");
  const format = useFormat();
  const { transfer, canWrite, canReceive } = data;
  return (
    <>
      <Link to="/transfers" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader
        title={transfer.number}
        lead={
          <span className={detail.badges}>
            <TransferStatus status={transfer.status} />
            <span>
              {transfer.from.name} → {transfer.to.name}
            </span>
          </span>
        }
      />
      <div className={doc.stack}>
        {canWrite ? <TransferMoves transfer={transfer} /> : null}
        <Card>
          <Facts
            testId="transfer-facts"
            facts={[
              { term: t("detail.from"), value: transfer.from.name },
              { term: t("detail.to"), value: transfer.to.name },
              {
                term: t("detail.created"),
                value: withDetail(format.dateTime(transfer.createdAt), transfer.createdBy),
              },
              transfer.sentAt && {
                term: t("detail.sent"),
                value: withDetail(format.dateTime(transfer.sentAt), transfer.sentBy),
              },
              transfer.receivedAt && {
                term: t("detail.received"),
                value: withDetail(format.dateTime(transfer.receivedAt), transfer.receivedBy),
              },
              transfer.cancelledAt && {
                term: t("detail.cancelled"),
                value: format.dateTime(transfer.cancelledAt),
              },
              {
                term: t("detail.inTransit"),
                value: format.number(transfer.inTransit),
                testId: "transfer-in-transit",
              },
              transfer.note && { term: t("detail.note"), value: transfer.note },
            ]}
          />
        </Card>
        {canReceive ? <ReceiptForm transfer={transfer} receipt={receipt} /> : <Lines transfer={transfer} />}
      </div>
    </>
  );
}

/** A draft's moves, each asked once more on the page (`?confirm=`): send, cancel, or delete it. */
function TransferMoves({ transfer }: { transfer: TransferRow }) {
  const { t } = useTranslation("transfers");
  const [params] = useSearchParams();
  const asked = params.get("confirm");
  if (asked === "sent" || asked === "cancelled" || asked === "delete") {
    return (
      <MoveConfirm
        question={t(`confirm.${asked}`, {
          number: transfer.number,
          from: transfer.from.name,
          to: transfer.to.name,
        })}
        intent={asked === "delete" ? "delete" : "move"}
        to={asked}
        version={transfer.version}
        label={t(`actions.${asked}`)}
        keepLabel={t("confirm.keep")}
        danger={asked !== "sent"}
      />
    );
  }
  return (
    <div className={doc.buttons} data-testid="transfer-moves">
      <Link to="?confirm=sent" className={buttonClass("primary")} preventScrollReset>
        {t("actions.sent")}
      </Link>
      <Link to="?confirm=cancelled" className={buttonClass("secondary")} preventScrollReset>
        {t("actions.cancelled")}
      </Link>
      <Link to="?confirm=delete" className={buttonClass("secondary")} preventScrollReset>
        {t("actions.delete")}
      </Link>
    </div>
  );
}

const lineTitle = (line: Line) => (
  <LineProduct productId={line.productId} name={line.productName} sku={line.sku} />
);

function SerialsCell({ line }: { line: Line }) {
  const { t } = useTranslation("transfers");
  if (line.serials.length === 0) return "—";
  return (
    <ul className={s.serialList}>
      {line.serials.map((unit) => (
        <li key={unit.unitId}>
          <Link to={`/serials/${unit.unitId}`}>{unit.serial}</Link>
          {unit.received === false ? <span className={s.muted}> · {t("detail.notReceived")}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function LossCell({ line }: { line: Line }) {
  const { t } = useTranslation("transfers");
  const format = useFormat();
  if (!line.lost) return "—";
  return (
    <span data-testid="line-loss">
      {format.number(line.lost)} · {t(`loss.${line.lossReason}`)}
      {line.lossNote ? ` · ${line.lossNote}` : ""}
    </span>
  );
}

/** The lines as they are: sent, received and lost. */
function Lines({ transfer }: { transfer: TransferRow }) {
  const { t } = useTranslation("transfers");
  const format = useFormat();
  return (
    <Card title={t("detail.lines")}>
      <DataTable
        label={t("detail.lines")}
        columns={[
          { key: "product", kind: "primary", label: t("table.product"), cell: lineTitle },
          {
            key: "quantity",
            kind: "numeric",
            label: t("table.quantity"),
            cell: (line) => format.number(line.quantity),
          },
          { key: "serials", label: t("table.serials"), cell: (line) => <SerialsCell line={line} /> },
          {
            key: "received",
            kind: "numeric",
            label: t("table.received"),
            cell: (line) => (line.received === null ? "—" : format.number(line.received)),
          },
          { key: "loss", label: t("table.loss"), cell: (line) => <LossCell line={line} /> },
        ]}
        rows={transfer.lines}
        rowKey={(line) => line.id}
        rowProps={() => ({ "data-testid": "transfer-line" })}
        empty={t("detail.noLines")}
      />
    </Card>
  );
}

/** A sent transfer's receipt: each line's quantity received (default all), the loss's reason, in one plain form. */
function ReceiptForm({ transfer, receipt }: { transfer: TransferRow; receipt?: ReceiptState }) {
  const { t } = useTranslation("transfers");
  const format = useFormat();
  return (
    <Card title={t("receive.title")}>
      <Form method="post" className={doc.stack} data-testid="transfer-receipt" noValidate>
        <input type="hidden" name="version" value={transfer.version} />
        <p className={doc.hint}>{t("receive.hint")}</p>
        <DataTable
          label={t("detail.lines")}
          columns={[
            { key: "product", kind: "primary", label: t("table.product"), cell: lineTitle },
            {
              key: "quantity",
              kind: "numeric",
              label: t("table.sent"),
              cell: (line) => format.number(line.quantity),
            },
            {
              key: "received",
              label: t("table.received"),
              cell: (line) => {
                const typed = receipt?.lines[line.id];
                if (line.serials.length > 0)
                  return (
                    <div className={s.receiptFields}>
                      {line.serials.map((unit) => (
                        <label key={unit.unitId} className={s.serialList}>
                          <input
                            type="checkbox"
                            name={`serial[${line.id}]`}
                            value={unit.serial}
                            defaultChecked={typed ? typed.serials.includes(unit.serial) : true}
                          />{" "}
                          {unit.serial}
                        </label>
                      ))}
                      <SerialProblems
                        problems={receipt?.serialErrors[line.id] ?? []}
                        className={po.cellErrors}
                      />
                    </div>
                  );
                return (
                  <input
                    className={po.cellInput}
                    name={`received[${line.id}]`}
                    defaultValue={typed?.received ?? String(line.quantity)}
                    inputMode="numeric"
                    maxLength={7}
                    aria-label={t("receive.receivedOf", { product: line.productName })}
                  />
                );
              },
            },
            {
              key: "loss",
              label: t("table.lossReason"),
              cell: (line) => {
                const typed = receipt?.lines[line.id];
                return (
                  <div className={s.receiptFields}>
                    <select
                      className={s.textInput}
                      name={`lossReason[${line.id}]`}
                      defaultValue={typed?.lossReason ?? ""}
                      aria-label={t("receive.lossReasonOf", { product: line.productName })}
                    >
                      <option value="">{t("receive.noLoss")}</option>
                      {TRANSFER_LOSS_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {t(`loss.${reason}`)}
                        </option>
                      ))}
                    </select>
                    <input
                      className={s.textInput}
                      name={`lossNote[${line.id}]`}
                      defaultValue={typed?.lossNote ?? ""}
                      placeholder={t("receive.lossNote")}
                      maxLength={2000}
                      aria-label={t("receive.lossNoteOf", { product: line.productName })}
                    />
                  </div>
                );
              },
            },
          ]}
          rows={transfer.lines}
          rowKey={(line) => line.id}
          rowProps={() => ({ "data-testid": "transfer-line" })}
          empty={t("detail.noLines")}
        />
        <FormErrors keys={receipt?.errors} values={receipt?.values} testId="receipt-errors" />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="receive">
            {t("receive.submit")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
