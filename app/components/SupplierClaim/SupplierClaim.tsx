import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as doc from "~/components/Document/Document.css";
import { Facts, withDetail } from "~/components/Document/Facts";
import { DefaultSave, FormErrors, LineProduct, MoveConfirm } from "~/components/Document/LineEditor";
import { TextareaField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { FilterSearch, FilterSelect } from "~/components/ListFilters/ListFilters";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import * as po from "~/components/PurchaseOrder/PurchaseOrder.css";
import { SerialProblems } from "~/components/Serial/SerialProblems";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { SupplierClaimRow } from "~/models/supplier-claim/supplier-claim-schema";
import { CLAIM_OUTCOMES } from "~/models/supplier-claim/supplier-claim-status";
import type {
  ClaimActionData,
  ClaimsPageData,
  DraftState,
  loadClaim,
  OutcomeState,
} from "~/web/supplier-claim/supplier-claim-form.server";
import * as s from "./SupplierClaim.css";

const TONES: Record<string, BadgeTone> = { draft: "neutral", sent: "info", closed: "success" };
const OUTCOME_TONES: Record<string, BadgeTone> = { credited: "success", replaced: "info", refused: "danger" };

export function ClaimStatus({ status }: { status: string }) {
  const { t } = useTranslation("claims");
  return (
    <Badge tone={TONES[status] ?? "neutral"} testId="claim-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/**
 * /purchasing/claims: the defective stock per supplier, each with its "Create claim" button (a
 * plain form), and the claims, newest first, filtered by a GET form.
 */
export function ClaimsPage({ data }: { data: ClaimsPageData }) {
  const { t } = useTranslation("claims");
  const format = useFormat();
  const { defective, rows, total, page, pages, filters, statuses, suppliers, canWrite } = data;
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.supplierId) params.set("supplier", String(filters.supplierId));
    if (filters.search) params.set("q", filters.search);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <>
      <Link to="/purchasing" className={detail.back}>
        ← {t("list.backToPurchasing")}
      </Link>
      <PageHeader title={t("list.title")} lead={t("list.lead")} />
      <div className={doc.stack}>
        <Card title={t("defective.title")}>
          <p className={doc.hint}>{t("defective.hint")}</p>
          <DataTable
            label={t("defective.title")}
            columns={[
              {
                key: "supplier",
                kind: "primary",
                label: t("table.supplier"),
                cell: (row) => <Link to={`/suppliers/${row.supplierId}`}>{row.supplierName}</Link>,
              },
              {
                key: "products",
                label: t("defective.products"),
                cell: (row) => (
                  <ul className={s.products}>
                    {row.products.map((product) => (
                      <li key={product.productId}>
                        {t("defective.productLine", {
                          quantity: format.number(product.quantity),
                          product: product.productName,
                        })}{" "}
                        <Code value={product.sku} />
                        {product.serials.length ? (
                          <div className={s.serials}>{product.serials.join(", ")}</div>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ),
              },
              {
                key: "units",
                kind: "numeric",
                label: t("table.units"),
                cell: (row) => format.number(row.units),
              },
              {
                key: "value",
                kind: "numeric",
                label: t("table.value"),
                testId: "defective-value",
                cell: (row) => format.money(row.value),
              },
              // The button's column only beside rows: an empty table's header alone would squeeze it.
              ...(canWrite && defective.length > 0
                ? [
                    {
                      key: "create",
                      kind: "actions" as const,
                      label: t("defective.create"),
                      cell: (row: (typeof defective)[number]) => (
                        <Form method="post">
                          <input type="hidden" name="supplierId" value={row.supplierId} />
                          <Button type="submit" name="intent" value="create" variant="secondary">
                            {t("defective.create")}
                          </Button>
                        </Form>
                      ),
                    },
                  ]
                : []),
            ]}
            rows={defective}
            rowKey={(row) => row.supplierId}
            rowProps={(row) => ({ "data-testid": "defective-supplier", "data-supplier": row.supplierName })}
            empty={t("defective.empty")}
          />
        </Card>
        <Card title={t("list.claims")}>
          <Form method="get" className={list.filters} role="search" key={JSON.stringify(filters)}>
            <FilterSelect
              id="claim-status"
              name="status"
              label={t("filters.status")}
              value={filters.status ?? ""}
              anyLabel={t("filters.anyStatus")}
              options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
            <FilterSelect
              id="claim-supplier"
              name="supplier"
              label={t("table.supplier")}
              value={filters.supplierId ? String(filters.supplierId) : ""}
              anyLabel={t("filters.anySupplier")}
              options={suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name }))}
            />
            <FilterSearch
              id="claim-search"
              label={t("filters.search")}
              value={filters.search ?? ""}
              placeholder={t("filters.searchPlaceholder")}
            />
            <Button type="submit">
              <Icon name="search" size={16} />
              {t("filters.apply")}
            </Button>
            <Link to="/purchasing/claims" className={buttonClass("secondary")}>
              {t("filters.clear")}
            </Link>
          </Form>
          <DataTable
            label={t("list.claims")}
            columns={[
              {
                key: "number",
                kind: "primary",
                label: t("table.number"),
                cell: (row) => (
                  <Link to={`/purchasing/claims/${row.id}`} className={`${list.productName} ${table.nowrap}`}>
                    {row.number}
                  </Link>
                ),
              },
              {
                key: "supplier",
                label: t("table.supplier"),
                cell: (row) => <Cut text={row.supplierName} max="14rem" />,
              },
              {
                key: "status",
                kind: "badge",
                label: t("table.status"),
                cell: (row) => <ClaimStatus status={row.status} />,
              },
              {
                key: "units",
                kind: "numeric",
                label: t("table.units"),
                cell: (row) => format.number(row.units),
              },
              {
                key: "value",
                kind: "numeric",
                label: t("table.value"),
                cell: (row) => format.money(row.totalValue),
              },
              {
                key: "credited",
                kind: "numeric",
                label: t("table.credited"),
                cell: (row) => format.money(row.creditedTotal),
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
            rowProps={(row) => ({ "data-testid": "claim-row", "data-number": row.number })}
            empty={t("list.empty")}
          />
          <Pager
            page={page}
            pages={pages}
            summary={t("list.pageOf", { page, pages, total: format.number(total) })}
            to={query}
            testId="claim-count"
            total={total}
          />
        </Card>
      </div>
    </>
  );
}

type ClaimData = Awaited<ReturnType<typeof loadClaim>>;
type Line = SupplierClaimRow["lines"][number];

/** A claim's page: status and moves, facts, the draft's form or the lines with their outcomes, totals. */
export function ClaimPage({ data, actionData }: { data: ClaimData; actionData?: ClaimActionData | null }) {
  const { t } = useTranslation("claims");
  const format = useFormat();
  const { claim, editable, sendable, settle } = data;
  const emailState = claim.emailStatus ? t(`detail.emailStatus.${claim.emailStatus}`) : null;
  return (
    <>
      <Link to="/purchasing/claims" className={detail.back}>
        ← {t("list.back")}
      </Link>
      <PageHeader
        title={claim.number}
        lead={
          <span className={detail.badges}>
            <ClaimStatus status={claim.status} />
            <span>{claim.supplier.name}</span>
          </span>
        }
      />
      <div className={doc.stack}>
        {sendable ? <ClaimMoves claim={claim} /> : null}
        <Card>
          <Facts
            testId="claim-facts"
            facts={[
              {
                term: t("detail.supplier"),
                value: (
                  <>
                    <Link to={`/suppliers/${claim.supplier.id}`}>{claim.supplier.name}</Link>
                    {claim.supplier.email ? ` · ${claim.supplier.email}` : ""}
                    {claim.supplier.phone ? ` · ${claim.supplier.phone}` : ""}
                  </>
                ),
              },
              {
                term: t("detail.created"),
                value: withDetail(format.dateTime(claim.createdAt), claim.createdBy),
              },
              claim.sentAt && {
                term: t("detail.sent"),
                testId: "claim-sent",
                value: withDetail(
                  format.dateTime(claim.sentAt),
                  claim.sentTo
                    ? t("detail.sentTo", { email: claim.sentTo, state: emailState ?? "" })
                    : t("detail.sentWithoutEmail"),
                ),
              },
              claim.closedAt && { term: t("detail.closed"), value: format.dateTime(claim.closedAt) },
              claim.note && !editable && { term: t("detail.note"), value: claim.note },
            ]}
          />
        </Card>
        {editable ? (
          <DraftForm claim={claim} draft={actionData?.draft} />
        ) : (
          <OutcomesForm claim={claim} settle={settle} outcomes={actionData?.outcomes} />
        )}
        <Card title={t("totals.title")}>
          <dl className={doc.totals} data-testid="claim-totals">
            <dt className={doc.totalTerm}>{t("totals.value")}</dt>
            <dd className={doc.totalValue} data-testid="claim-value">
              {format.money(claim.totalValue)}
            </dd>
            <dt className={doc.grandTotal}>{t("totals.credited")}</dt>
            <dd className={`${doc.totalValue} ${doc.grandTotal}`} data-testid="claim-credited">
              {format.money(claim.creditedTotal)}
            </dd>
          </dl>
        </Card>
      </div>
    </>
  );
}

/** A draft's moves, each asked once more on the page (`?confirm=`): send, or delete the draft. */
function ClaimMoves({ claim }: { claim: SupplierClaimRow }) {
  const { t } = useTranslation("claims");
  const [params] = useSearchParams();
  const asked = params.get("confirm");
  if (asked === "sent" || asked === "delete") {
    const question =
      asked === "delete"
        ? t("confirm.delete", { number: claim.number })
        : claim.supplier.email
          ? t("confirm.sentByEmail", { number: claim.number, email: claim.supplier.email })
          : t("confirm.sentWithoutEmail", { number: claim.number, supplier: claim.supplier.name });
    return (
      <MoveConfirm
        question={question}
        intent={asked === "delete" ? "delete" : "move"}
        to={asked}
        version={claim.version}
        label={asked === "delete" ? t("actions.delete") : t("actions.sent")}
        keepLabel={t("confirm.keep")}
        danger={asked === "delete"}
      />
    );
  }
  return (
    <div className={doc.buttons} data-testid="claim-moves">
      <Link to="?confirm=sent" className={buttonClass("primary")} preventScrollReset>
        {t("actions.sent")}
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

function SerialCell({ line }: { line: Line }) {
  if (!line.serial || !line.unitId) return "—";
  return (
    <Link to={`/serials/${line.unitId}`} className={table.nowrap}>
      {line.serial}
    </Link>
  );
}

/** A draft's form: its note, and each line's quantity (untracked products) and note, or its removal. */
function DraftForm({ claim, draft }: { claim: SupplierClaimRow; draft?: DraftState }) {
  const { t } = useTranslation("claims");
  const format = useFormat();
  return (
    <Form method="post" className={doc.stack} data-testid="claim-draft" noValidate>
      <DefaultSave label={t("draft.save")} />
      <input type="hidden" name="version" value={claim.version} />
      <Card title={t("detail.lines")}>
        <p className={doc.hint}>{t("draft.hint")}</p>
        <DataTable
          label={t("detail.lines")}
          columns={[
            { key: "product", kind: "primary", label: t("table.product"), cell: lineTitle },
            { key: "serial", label: t("table.serial"), cell: (line) => <SerialCell line={line} /> },
            {
              key: "quantity",
              label: t("table.quantity"),
              cell: (line) =>
                line.serial ? (
                  format.number(line.quantity)
                ) : (
                  <input
                    className={po.cellInput}
                    name={`line[${line.id}].quantity`}
                    defaultValue={draft?.lines[line.id]?.quantity ?? String(line.quantity)}
                    inputMode="numeric"
                    maxLength={7}
                    aria-label={t("draft.quantityOf", { product: line.productName })}
                  />
                ),
            },
            {
              key: "cost",
              kind: "numeric",
              label: t("table.unitCost"),
              cell: (line) => format.money(line.unitCost),
            },
            {
              key: "note",
              label: t("table.note"),
              cell: (line) => (
                <input
                  className={s.textInput}
                  name={`line[${line.id}].note`}
                  defaultValue={draft?.lines[line.id]?.note ?? line.note ?? ""}
                  maxLength={2000}
                  aria-label={t("draft.noteOf", { product: line.productName })}
                />
              ),
            },
            {
              key: "remove",
              kind: "actions",
              label: t("draft.remove"),
              cell: (line) => (
                <Button type="submit" name="intent" value={`remove-${line.id}`} variant="secondary">
                  {t("draft.remove")}
                </Button>
              ),
            },
          ]}
          rows={claim.lines}
          rowKey={(line) => line.id}
          rowProps={() => ({ "data-testid": "claim-line" })}
          empty={t("detail.noLines")}
        />
      </Card>
      <Card>
        <TextareaField
          label={t("detail.note")}
          textareaProps={{
            id: "claim-note",
            name: "note",
            defaultValue: draft?.note ?? claim.note ?? "",
            maxLength: 2000,
          }}
        />
      </Card>
      <FormErrors keys={draft?.errors} values={draft?.values} />
      <div className={doc.buttons}>
        <Button type="submit" name="intent" value="save">
          {t("draft.save")}
        </Button>
      </div>
    </Form>
  );
}

/** A line's outcome as recorded: its badge, the amount credited or the replacement, the note. */
function OutcomeCell({ line }: { line: Line }) {
  const { t } = useTranslation("claims");
  const format = useFormat();
  if (!line.outcome) return <span className={s.muted}>{t("outcome.waiting")}</span>;
  return (
    <div className={s.outcomeFields} data-testid="line-outcome">
      <Badge tone={OUTCOME_TONES[line.outcome] ?? "neutral"}>{t(`outcome.${line.outcome}`)}</Badge>
      {line.creditedAmount ? <span>{format.money(line.creditedAmount)}</span> : null}
      {line.replacementSerial && line.replacementUnitId ? (
        <Link to={`/serials/${line.replacementUnitId}`}>{line.replacementSerial}</Link>
      ) : null}
      {line.outcomeNote ? <span className={s.muted}>{line.outcomeNote}</span> : null}
    </div>
  );
}

/** The supplier's answer for a line still waiting: the outcome, and what it needs. */
function OutcomeFields({ line, outcomes }: { line: Line; outcomes?: OutcomeState }) {
  const { t } = useTranslation("claims");
  const format = useFormat();
  const typed = outcomes?.lines[line.id];
  const problems = outcomes?.serialErrors[line.id] ?? [];
  const tracked = line.tracking !== "none";
  return (
    <div className={s.outcomeFields}>
      <select
        className={s.textInput}
        name={`outcome[${line.id}]`}
        defaultValue={typed?.outcome ?? ""}
        aria-label={t("outcome.of", { product: line.productName })}
        data-testid="outcome-select"
      >
        <option value="">{t("outcome.none")}</option>
        {CLAIM_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {t(`outcome.${outcome}`)}
          </option>
        ))}
      </select>
      <input
        className={po.cellInput}
        name={`credited[${line.id}]`}
        defaultValue={typed?.creditedAmount ?? ""}
        placeholder={format.decimalInput(line.lineTotal)}
        inputMode="decimal"
        maxLength={14}
        aria-label={t("outcome.creditedOf", { product: line.productName })}
      />
      {tracked ? (
        <input
          className={s.textInput}
          name={`serial[${line.id}]`}
          defaultValue={typed?.serial ?? ""}
          placeholder={t("outcome.serialPlaceholder")}
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={100}
          aria-label={t("outcome.serialOf", { product: line.productName })}
          aria-invalid={problems.length > 0 ? true : undefined}
        />
      ) : null}
      <input
        className={s.textInput}
        name={`outcomeNote[${line.id}]`}
        defaultValue={typed?.note ?? ""}
        placeholder={t("outcome.notePlaceholder")}
        maxLength={2000}
        aria-label={t("outcome.noteOf", { product: line.productName })}
      />
      <SerialProblems problems={problems} className={po.cellErrors} />
    </div>
  );
}

/**
 * A sent or closed claim's lines with their outcomes; while sent, the lines still waiting take the
 * supplier's answer in one plain form (a line left without a choice waits on).
 */
function OutcomesForm({
  claim,
  settle,
  outcomes,
}: {
  claim: SupplierClaimRow;
  settle: boolean;
  outcomes?: OutcomeState;
}) {
  const { t } = useTranslation("claims");
  const format = useFormat();
  const open = settle && claim.lines.some((line) => line.outcome === null);
  const lines = (
    <DataTable
      label={t("detail.lines")}
      columns={[
        { key: "product", kind: "primary", label: t("table.product"), cell: lineTitle },
        { key: "serial", label: t("table.serial"), cell: (line) => <SerialCell line={line} /> },
        {
          key: "quantity",
          kind: "numeric",
          label: t("table.quantity"),
          cell: (line) => format.number(line.quantity),
        },
        {
          key: "total",
          kind: "numeric",
          label: t("table.lineTotal"),
          cell: (line) => format.money(line.lineTotal),
        },
        {
          key: "note",
          label: t("table.note"),
          optional: true,
          cell: (line) => line.note ?? "—",
        },
        {
          key: "outcome",
          label: t("table.outcome"),
          cell: (line) =>
            open && line.outcome === null ? (
              <OutcomeFields line={line} outcomes={outcomes} />
            ) : (
              <OutcomeCell line={line} />
            ),
        },
      ]}
      rows={claim.lines}
      rowKey={(line) => line.id}
      rowProps={() => ({ "data-testid": "claim-line" })}
      empty={t("detail.noLines")}
    />
  );
  if (!open) return <Card title={t("detail.lines")}>{lines}</Card>;
  return (
    <Card title={t("detail.lines")}>
      <Form method="post" className={doc.stack} data-testid="claim-outcomes" noValidate>
        <input type="hidden" name="version" value={claim.version} />
        <p className={doc.hint}>{t("outcome.hint")}</p>
        {lines}
        <FormErrors keys={outcomes?.errors} values={outcomes?.values} testId="outcome-errors" />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="outcomes">
            {t("outcome.submit")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
