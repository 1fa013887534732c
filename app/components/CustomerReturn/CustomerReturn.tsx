import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as doc from "~/components/Document/Document.css";
import { Facts, withDetail } from "~/components/Document/Facts";
import {
  DefaultSave,
  FormErrors,
  LineProduct,
  MoveConfirm,
  VatBreakdown,
} from "~/components/Document/LineEditor";
import { Field, SelectField, TextareaField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { FilterSearch, FilterSelect } from "~/components/ListFilters/ListFilters";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as header from "~/components/PageHeader/PageHeader.css";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type {
  ReturnableLine,
  ReturnableOrder,
  ReturnLineProblems,
  ReturnListRow,
  ReturnProblem,
  ReturnRow,
} from "~/models/customer-return/customer-return.server";
import { RETURN_OUTCOMES, RETURN_REASONS } from "~/models/customer-return/customer-return-state";
import { guaranteeEnded, unitAge } from "~/models/customer-return/return-amounts";
import type {
  EditorLine,
  EditorState,
  loadNewReturn,
  loadReturn,
  ReturnListData,
} from "~/web/customer-return/customer-return-form.server";
import { useCan } from "~/web/use-can";
import * as s from "./CustomerReturn.css";

const TONES: Record<string, BadgeTone> = { draft: "neutral", completed: "success", cancelled: "danger" };

export function ReturnStatus({ status }: { status: string }) {
  const { t } = useTranslation("returns");
  return (
    <Badge tone={TONES[status] ?? "neutral"} testId="return-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The list: a GET filter form (status, text), a page of returns, newest first, and the pager. */
export function ReturnList({ data }: { data: ReturnListData }) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  const { rows, total, page, pages, filters, statuses } = data;
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.search) params.set("q", filters.search);
    if (filters.customerId) params.set("customer", String(filters.customerId));
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title={t("list.title")}
        lead={t("list.lead")}
        add={{ to: "/returns/new", label: t("list.add") }}
      />
      <Form method="get" className={list.filters} role="search" key={JSON.stringify(filters)}>
        {filters.customerId ? <input type="hidden" name="customer" value={filters.customerId} /> : null}
        <FilterSelect
          id="return-status"
          name="status"
          label={t("filters.status")}
          value={filters.status ?? ""}
          anyLabel={t("filters.anyStatus")}
          options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <FilterSearch
          id="return-search"
          label={t("filters.search")}
          value={filters.search ?? ""}
          placeholder={t("filters.searchPlaceholder")}
        />
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("filters.apply")}
        </Button>
        <Link to="/returns" className={buttonClass("secondary")}>
          {t("filters.clear")}
        </Link>
      </Form>
      <ReturnTable rows={rows} />
      <Pager
        page={page}
        pages={pages}
        summary={t("list.pageOf", { page, pages, total: format.number(total) })}
        to={query}
        testId="return-count"
        total={total}
      />
    </>
  );
}

/** Returns as rows: number, order, customer, status, day, units, refund. */
function ReturnTable({ rows, compact = false }: { rows: ReturnListRow[]; compact?: boolean }) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  return (
    <DataTable
      label={t("list.title")}
      columns={[
        {
          key: "number",
          kind: "primary",
          label: t("table.number"),
          cell: (row) => (
            <Link to={`/returns/${row.id}`} className={`${list.productName} ${table.nowrap}`}>
              {row.number}
            </Link>
          ),
        },
        !compact && {
          key: "order",
          kind: "badge",
          label: t("table.order"),
          cell: (row) => <Link to={`/orders/${row.orderId}`}>{row.orderNumber}</Link>,
        },
        !compact && {
          key: "customer",
          label: t("table.customer"),
          cell: (row) => (row.customerName ? <Cut text={row.customerName} max="14rem" /> : "—"),
        },
        {
          key: "status",
          kind: "badge",
          label: t("table.status"),
          cell: (row) => <ReturnStatus status={row.status} />,
        },
        { key: "date", kind: "badge", label: t("table.date"), cell: (row) => format.date(row.createdAt) },
        {
          key: "units",
          kind: "numeric",
          label: t("table.units"),
          optional: !compact,
          cell: (row) => format.number(row.units),
        },
        {
          key: "refund",
          kind: "numeric",
          label: t("table.refund"),
          cell: (row) => (Number(row.refundTotal) > 0 ? format.money(row.refundTotal) : "—"),
        },
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ "data-testid": "return-row", "data-number": row.number })}
      empty={compact ? t("customer.empty") : t("list.empty")}
    />
  );
}

/** A customer's latest returns, on their page. */
export function CustomerReturns({
  customerId,
  rows,
  total,
}: {
  customerId: number;
  rows: ReturnListRow[];
  total: number;
}) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  return (
    <Card title={t("customer.title")}>
      <div data-testid="customer-returns">
        <ReturnTable rows={rows} compact />
      </div>
      {total > rows.length ? (
        <p className={detail.spacedAbove}>
          <Link to={`/returns?customer=${customerId}`}>
            {t("customer.all", { total: format.number(total) })}
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Age and guarantee

/**
 * A unit's age since its sale and its guarantee's end; past the end, the reminder that liability
 * for defects may still apply. Never a refusal: a claim is taken all the same.
 */
export function UnitGuarantee({
  soldOn,
  guaranteeEnds,
  on,
}: {
  soldOn: string | null;
  guaranteeEnds: string | null;
  on: string;
}) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  const day = (value: string) => format.date(`${value}T12:00:00`);
  const age = soldOn ? unitAge(soldOn, on) : null;
  const parts = [
    soldOn ? t("guarantee.soldOn", { date: day(soldOn) }) : null,
    age
      ? "months" in age
        ? t("guarantee.age.months", { count: age.months })
        : t("guarantee.age.days", { count: age.days })
      : null,
    guaranteeEnds ? t("guarantee.ends", { date: day(guaranteeEnds) }) : t("guarantee.none"),
  ].filter(Boolean);
  return (
    <>
      <span className={s.guarantee} data-testid="unit-guarantee">
        {parts.join(" · ")}
      </span>
      {guaranteeEnded(guaranteeEnds, on) ? (
        <span className={s.guaranteeEnded} data-testid="guarantee-ended">
          {t("guarantee.ended")}
        </span>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// The form

/** A line's problems from the write path, each naming its serial or figures. */
function Problems({ problems }: { problems: ReturnProblem[] }) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  if (problems.length === 0) return null;
  return (
    <ul className={s.problems} data-testid="return-problems">
      {problems.map((problem) => {
        const values =
          problem.problem === "refundTooLarge"
            ? { asked: format.money(problem.asked), max: format.money(problem.max) }
            : problem;
        return <li key={JSON.stringify(problem)}>{t(`problems.${problem.problem}`, values)}</li>;
      })}
    </ul>
  );
}

function Errors({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) return null;
  return (
    <ul className={s.problems}>
      {keys.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

/**
 * The return's form: one block per order line (units to tick or a quantity, reason, outcome, the
 * replacements and the refund), a note, and Save. Without JavaScript it is one plain form.
 */
export function ReturnEditor({
  order,
  editor,
  action,
  locations = [],
}: {
  order: ReturnableOrder;
  editor: EditorState;
  action?: string;
  /** where an admin or a manager may send the goods (issue #32); none: no select */
  locations?: { id: number; name: string }[];
}) {
  const { t } = useTranslation("returns");
  return (
    <Form method="post" action={action} className={doc.stack} data-testid="return-editor" noValidate>
      <DefaultSave label={t("editor.save")} />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="version" value={editor.version} />
      <Card title={t("editor.title")}>
        <p className={doc.hint}>{t("editor.hint")}</p>
        {order.lines.map((line) => (
          <EditorBlock
            key={line.id}
            line={line}
            row={editor.lines.find((row) => row.lineId === line.id)}
            today={order.today}
          />
        ))}
      </Card>
      <Card>
        {locations.length > 0 ? (
          <SelectField
            label={t("editor.location")}
            selectProps={{ id: "return-location", name: "locationId", defaultValue: editor.locationId }}
            options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
          />
        ) : editor.locationId === String(order.location.id) ? (
          <p className={doc.hint} data-testid="return-location">
            {t("editor.locationOfOrder", { location: order.location.name })}
          </p>
        ) : null}
        <TextareaField
          label={t("editor.note")}
          errors={editor.noteErrors}
          textareaProps={{ id: "return-note", name: "note", defaultValue: editor.note, maxLength: 2000 }}
        />
      </Card>
      <FormErrors keys={editor.errors} />
      <div className={doc.buttons}>
        <Button type="submit" name="intent" value="save">
          {t("editor.save")}
        </Button>
      </div>
    </Form>
  );
}

function EditorBlock({
  line,
  row,
  today,
}: {
  line: ReturnableLine;
  row: EditorLine | undefined;
  today: string;
}) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  const name = (field: string) => `line[${line.id}].${field}`;
  const id = (field: string) => `return-${line.id}-${field}`;
  const tracked = line.tracking !== "none";
  const invalid = (row?.errors.length ?? 0) > 0 || (row?.problems.length ?? 0) > 0;
  return (
    <fieldset className={s.line} data-testid="return-line" data-sku={line.sku}>
      <legend className="visually-hidden">{line.productName}</legend>
      <div className={s.lineHead}>
        <span className={doc.productName}>
          <LineProduct productId={line.productId} name={line.productName} sku={line.sku} />
        </span>
        <span className={doc.hint}>
          {t("editor.sold", { sold: line.sold, returned: line.returned, available: line.available })}
          {" · "}
          {t("editor.paid", { amount: format.money(line.unitPaid) })}
        </span>
      </div>
      <div className={s.lineFields}>
        {tracked ? (
          <fieldset className={s.units}>
            <legend className={doc.lineLabel}>{t("editor.units")}</legend>
            {line.units.length === 0 && !row?.serials.length ? (
              <span className={doc.hint}>{t("editor.noUnits")}</span>
            ) : null}
            {line.units.map((unit) => (
              <label key={unit.unitId} className={s.unit}>
                <input
                  type="checkbox"
                  name={name("serial")}
                  value={unit.serial}
                  defaultChecked={row?.serials.includes(unit.serial)}
                  data-testid="return-unit"
                />
                <span className={s.serial}>{unit.serial}</span>
                <UnitGuarantee soldOn={unit.soldOn} guaranteeEnds={unit.guaranteeEnds} on={today} />
              </label>
            ))}
          </fieldset>
        ) : (
          <Field
            label={t("editor.quantity")}
            inputProps={{
              id: id("quantity"),
              name: name("quantity"),
              defaultValue: row?.quantity ?? "",
              inputMode: "numeric",
              maxLength: 5,
              "aria-label": t("editor.quantityOf", { product: line.productName }),
              "aria-invalid": invalid ? true : undefined,
            }}
          />
        )}
        <LineSelect
          id={id("reason")}
          name={name("reason")}
          label={t("editor.reason")}
          value={row?.reason ?? "defective"}
          options={RETURN_REASONS.map((reason) => ({ value: reason, label: t(`reason.${reason}`) }))}
        />
        <LineSelect
          id={id("outcome")}
          name={name("outcome")}
          label={t("editor.outcome")}
          value={row?.outcome ?? "defective_stock"}
          options={RETURN_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcome.${outcome}`) }))}
        />
        {tracked ? (
          <div className={doc.lineField}>
            <label className={doc.lineLabel} htmlFor={id("replacements")}>
              {t("editor.replacements")}
            </label>
            <textarea
              id={id("replacements")}
              name={name("replacements")}
              className={`${doc.lineInput} ${s.replacements}`}
              defaultValue={row?.replacements ?? ""}
              rows={2}
              spellCheck={false}
              autoCapitalize="characters"
              aria-describedby={`${id("replacements")}-hint`}
            />
            <span id={`${id("replacements")}-hint`} className={doc.hint}>
              {t("editor.replacementsHint", {
                serials: line.inStock.length ? line.inStock.join(", ") : t("editor.noneInStock"),
              })}
            </span>
          </div>
        ) : null}
        <div className={doc.lineField}>
          <label className={doc.lineLabel} htmlFor={id("refund")}>
            {t("editor.refund")}
          </label>
          <input
            id={id("refund")}
            name={name("refund")}
            className={doc.lineInput}
            defaultValue={row?.refund ?? ""}
            inputMode="decimal"
            maxLength={12}
            aria-describedby={`${id("refund")}-hint`}
          />
          <span id={`${id("refund")}-hint`} className={doc.hint}>
            {t("editor.refundHint", { amount: format.money(line.unitPaid) })}
          </span>
        </div>
      </div>
      <Errors keys={row?.errors ?? []} />
      <Problems problems={row?.problems ?? []} />
    </fieldset>
  );
}

/** A native select (works before JavaScript), labelled above. */
function LineSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className={doc.lineField}>
      <label className={doc.lineLabel} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className={doc.lineInput} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// A new return

/** /returns/new: the order's number asked for, or the order's lines to return from. */
export function NewReturn({
  data,
  editor,
}: {
  data: Awaited<ReturnType<typeof loadNewReturn>>;
  editor?: EditorState | null;
}) {
  const { t } = useTranslation("returns");
  const { order } = data;
  return (
    <>
      <Link to="/returns" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader
        title={t("new.title")}
        lead={
          order ? (
            <span className={detail.badges}>
              <Link to={`/orders/${order.id}`}>{order.number}</Link>
              {order.customerName && order.customerId ? (
                <Link to={`/customers/${order.customerId}`}>{order.customerName}</Link>
              ) : null}
            </span>
          ) : undefined
        }
      />
      {order ? (
        order.returnable && (editor ?? data.editor) ? (
          <ReturnEditor
            order={order}
            editor={(editor ?? data.editor) as EditorState}
            locations={data.locations}
          />
        ) : (
          <NotReturnable order={order} />
        )
      ) : (
        <FindOrder number={data.number} notFound={data.notFound} />
      )}
    </>
  );
}

function NotReturnable({ order }: { order: ReturnableOrder }) {
  const { t } = useTranslation("returns");
  return (
    <Card>
      <p data-testid="not-returnable">
        {t("new.notReturnable", {
          number: order.number,
          status: t(`orders:status.order.${order.status}`, { defaultValue: order.status }),
        })}
      </p>
    </Card>
  );
}

/** The counter's first question: which order (a GET form, so also without JavaScript). */
function FindOrder({ number, notFound }: { number: string; notFound: boolean }) {
  const { t } = useTranslation("returns");
  return (
    <Card title={t("new.findTitle")}>
      <Form method="get" className={doc.stack}>
        <Field
          label={t("new.orderNumber")}
          errors={notFound ? [t("new.notFound", { number })] : undefined}
          inputProps={{
            id: "return-order-number",
            name: "number",
            defaultValue: number,
            maxLength: 50,
            autoComplete: "off",
            spellCheck: false,
            "aria-describedby": "return-order-number-hint",
          }}
        />
        <p id="return-order-number-hint" className={doc.hint}>
          {t("new.orderNumberHint")}
        </p>
        <div className={doc.buttons}>
          <Button type="submit">{t("new.find")}</Button>
        </div>
      </Form>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// A return's page

type DetailData = Awaited<ReturnType<typeof loadReturn>>;

/** The moves the role may make: each asks once more on the page (`?confirm=`, a plain link). */
function ReturnMoves({ ret, moves }: { ret: ReturnRow; moves: readonly string[] }) {
  const { t } = useTranslation("returns");
  const [params] = useSearchParams();
  if (moves.length === 0) return null;
  const asked = moves.find((to) => to === params.get("confirm"));
  if (asked) {
    return (
      <MoveConfirm
        question={t(`confirm.${asked}`, { number: ret.number })}
        intent="move"
        to={asked}
        version={ret.version}
        label={t(`actions.${asked}`)}
        keepLabel={t("confirm.keep")}
        danger={asked === "cancelled"}
      />
    );
  }
  return (
    <div className={doc.buttons} data-testid="return-moves">
      {moves.map((to) => (
        <Link
          key={to}
          to={`?confirm=${to}`}
          className={buttonClass(to === "completed" ? "primary" : "secondary")}
          preventScrollReset
        >
          {t(`actions.${to}`)}
        </Link>
      ))}
    </div>
  );
}

/** The return's lines as they are (a completed or cancelled return, or a reader's view of a draft). */
function ReturnLines({ ret }: { ret: ReturnRow }) {
  const { t } = useTranslation("returns");
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
          key: "quantity",
          kind: "numeric",
          label: t("table.quantity"),
          cell: (line) => format.number(line.quantity),
        },
        { key: "reason", label: t("table.reason"), cell: (line) => t(`reason.${line.reason}`) },
        {
          key: "outcome",
          label: t("table.outcome"),
          cell: (line) => (
            <span>
              {t(`outcome.${line.outcome}`)}
              <span className={table.muted}> · {t(`goesTo.${line.goesTo}`)}</span>
            </span>
          ),
        },
        {
          key: "serials",
          label: t("table.serials"),
          cell: (line) =>
            line.units.length === 0 ? (
              "—"
            ) : (
              <ul className={s.unitList}>
                {line.units.map((unit) => (
                  <li key={unit.unitId}>
                    <Link to={`/serials/${unit.unitId}`} className={s.serial}>
                      {unit.serial}
                    </Link>
                    {unit.replacementSerial && unit.replacementUnitId ? (
                      <span className={table.muted}>
                        {" "}
                        {t("detail.replacedBy")}{" "}
                        <Link to={`/serials/${unit.replacementUnitId}`} className={s.serial}>
                          {unit.replacementSerial}
                        </Link>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ),
        },
        {
          key: "refund",
          kind: "numeric",
          label: t("table.refund"),
          cell: (line) => (line.refundAmount ? format.money(line.refundAmount) : "—"),
        },
      ]}
      rows={ret.lines}
      rowKey={(line) => line.id}
      rowProps={() => ({ "data-testid": "return-line-row" })}
    />
  );
}

/** Each returned unit's age and guarantee, read on the return's day. */
function GuaranteeCard({ ret }: { ret: ReturnRow }) {
  const { t } = useTranslation("returns");
  const units = ret.lines.flatMap((line) => line.units.map((unit) => ({ line, unit })));
  if (units.length === 0) return null;
  return (
    <Card title={t("guarantee.title")}>
      <ul className={`${s.unitList} ${doc.stack}`} data-testid="return-guarantees">
        {units.map(({ line, unit }) => (
          <li key={unit.unitId} className={s.unit}>
            <span className={s.serial}>{unit.serial}</span>
            <span className={table.muted}>{line.productName}</span>
            <UnitGuarantee soldOn={unit.soldOn} guaranteeEnds={unit.guaranteeEnds} on={ret.asOf} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What is refunded: the total, its VAT per rate. */
function RefundTotals({ ret }: { ret: ReturnRow }) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  return (
    <Card title={t("totals.title")}>
      {Number(ret.refundTotal) > 0 ? (
        <div className={doc.stack} data-testid="return-refund">
          <dl className={doc.totals}>
            <dt className={doc.totalTerm}>{t("totals.net")}</dt>
            <dd className={doc.totalValue}>{format.money(ret.refundNet)}</dd>
            <dt className={doc.totalTerm}>{t("totals.tax")}</dt>
            <dd className={doc.totalValue}>{format.money(ret.refundTax)}</dd>
            <dt className={doc.grandTotal}>{t("totals.total")}</dt>
            <dd className={`${doc.totalValue} ${doc.grandTotal}`} data-testid="refund-total">
              {format.money(ret.refundTotal)}
            </dd>
          </dl>
          <VatBreakdown ns="orders" rows={ret.vatBreakdown} />
        </div>
      ) : (
        <p className={doc.hint}>{t("totals.none")}</p>
      )}
    </Card>
  );
}

/** Problems a completion found (another return or sale took a unit since the draft was saved). */
function RefusedCompletion({ lines }: { lines: ReturnLineProblems[] }) {
  const { t } = useTranslation("returns");
  return (
    <div role="alert" className={doc.formErrors} data-testid="completion-refused">
      <p>{t("errors.problems")}</p>
      {lines.map((line) => (
        <div key={line.index}>
          <strong>
            {line.productName} <Code value={line.sku} />
          </strong>
          <Problems problems={line.problems} />
        </div>
      ))}
    </div>
  );
}

/** A return's page: status and moves, its facts, the form while a draft, else its lines; guarantee; refund. */
export function ReturnDetail({
  data,
  editor,
  refused,
}: {
  data: DetailData;
  editor?: EditorState | null;
  refused?: ReturnLineProblems[] | null;
}) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  const canDraft = useCan("return:draft");
  const { ret, order, moves } = data;
  const form = editor ?? data.editor;
  const refunded = ret.status === "completed" && ret.lines.some((line) => line.refundAmount !== null);
  return (
    <>
      <Link to="/returns" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader
        title={ret.number}
        lead={
          <span className={detail.badges}>
            <ReturnStatus status={ret.status} />
            <span>{format.date(ret.createdAt)}</span>
          </span>
        }
        actions={
          refunded ? (
            <span className={header.actions}>
              {/* A page of its own outside the app shell, loaded as a document. */}
              <Link
                to={`/returns/${ret.id}/credit-note`}
                reloadDocument
                className={buttonClass("secondary")}
                data-testid="credit-note-link"
              >
                {t("detail.creditNote")}
              </Link>
            </span>
          ) : null
        }
      />
      <div className={doc.stack}>
        {refused?.length ? <RefusedCompletion lines={refused} /> : null}
        <ReturnMoves ret={ret} moves={moves} />
        <Card>
          <Facts
            testId="return-facts"
            facts={[
              {
                term: t("detail.order"),
                value: <Link to={`/orders/${ret.orderId}`}>{ret.orderNumber}</Link>,
              },
              { term: t("detail.location"), value: ret.location.name, testId: "return-location-name" },
              {
                term: t("detail.customer"),
                value:
                  ret.customerId && ret.customerName ? (
                    <Link to={`/customers/${ret.customerId}`}>{ret.customerName}</Link>
                  ) : (
                    t("detail.noCustomer")
                  ),
              },
              { term: t("detail.created"), value: withDetail(format.dateTime(ret.createdAt), ret.createdBy) },
              ret.completedAt && {
                term: t("detail.completed"),
                value: withDetail(format.dateTime(ret.completedAt), ret.completedBy),
              },
              ret.cancelledAt && { term: t("detail.cancelled"), value: format.dateTime(ret.cancelledAt) },
              ret.note && !form && { term: t("detail.note"), value: ret.note },
            ]}
          />
        </Card>
        {form && order && canDraft ? (
          <ReturnEditor order={order} editor={form} locations={data.locations} />
        ) : (
          <ReturnLines ret={ret} />
        )}
        <GuaranteeCard ret={ret} />
        <RefundTotals ret={ret} />
      </div>
    </>
  );
}
