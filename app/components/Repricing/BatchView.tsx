import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { BelowCostConfirm } from "~/components/BelowCost/BelowCostConfirm";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Pager } from "~/components/Pager/Pager";
import { MARGIN_TONE } from "~/components/ProductBadges/ProductBadges";
import { StatCards } from "~/components/StatCards/StatCards";
import { Code, type Column, Cut, DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import type { MarginCategory } from "~/models/margin";
import { BELOW_COST_REASON, BELOW_COST_SHOWN, type BelowCostAnswer } from "~/models/price/below-cost";
import type { BatchLineRow, BatchTotals, PriceBatchRow } from "~/models/price-batch/price-batch.server";
import type { BatchActionData } from "~/web/price-batch/price-batch-form.server";
import { useCan } from "~/web/use-can";
import { BatchStateBadge } from "./BatchList";
import { roundingText, ruleText, scopeText } from "./batch-words";
import * as s from "./Repricing.css";

/** The rule, rounding, products chosen, state and who made it. */
export function BatchFacts({ batch }: { batch: PriceBatchRow }) {
  const { t } = useTranslation("repricing");
  const format = useFormat();
  const facts = [
    { term: t("batch.rule"), value: ruleText(t, format, batch), testId: "batch-rule" },
    ...(batch.rule === "undo" || batch.rule === "supplierCost"
      ? []
      : [{ term: t("batch.rounding"), value: roundingText(t, format, batch), testId: "batch-rounding" }]),
    { term: t("batch.scope"), value: scopeText(t, batch), testId: "batch-scope" },
    {
      term: t("batch.createdBy"),
      value: `${format.dateTime(batch.createdAt)}${batch.createdByName ? `, ${batch.createdByName}` : ""}`,
      testId: "batch-created",
    },
  ];
  return (
    <dl className={s.facts}>
      <div>
        <dt className={s.term}>{t("batch.state")}</dt>
        <dd className={s.value}>
          <BatchStateBadge state={batch.state} />{" "}
          {batch.undoneById ? t("batch.undoneBy", { id: batch.undoneById }) : null}
        </dd>
      </div>
      {facts.map((fact) => (
        <div key={fact.testId}>
          <dt className={s.term}>{fact.term}</dt>
          <dd className={s.value} data-testid={fact.testId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The counts, the stock value's change, and the products per margin band before and after. */
export function BatchFigures({ batch, totals }: { batch: PriceBatchRow; totals: BatchTotals }) {
  const { t } = useTranslation("repricing");
  const format = useFormat();
  const change = Number(totals.stockValueChange);
  const bands: MarginCategory[] = ["low", "medium", "high"];
  return (
    <>
      <StatCards
        items={[
          { label: t("batch.products"), value: format.number(batch.products), testId: "batch-products" },
          { label: t("batch.changed"), value: format.number(batch.changed), testId: "batch-changed" },
          {
            label: t("batch.belowCostCount"),
            value: format.number(batch.belowCost),
            testId: "batch-below-cost",
          },
          { label: t("batch.claimsCount"), value: format.number(batch.claims), testId: "batch-claims" },
          {
            label: t("batch.stockValueChange"),
            value: `${change > 0 ? "+" : ""}${format.money(change)}`,
            testId: "batch-stock-value",
          },
        ]}
      />
      <Card title={t("batch.bands")} className={s.section}>
        <DataTable
          label={t("batch.bands")}
          rows={bands}
          rowKey={(band) => band}
          rowProps={(band) => ({ "data-testid": `band-${band}` })}
          columns={[
            {
              key: "band",
              kind: "primary",
              label: t("batch.band"),
              cell: (band) => <Badge tone={MARGIN_TONE[band]}>{t(`common:marginBand.${band}`)}</Badge>,
            },
            {
              key: "before",
              kind: "numeric",
              label: t("batch.before"),
              cell: (band) => format.number(totals.before[band]),
            },
            {
              key: "after",
              kind: "numeric",
              label: t("batch.after"),
              cell: (band) => format.number(totals.after[band]),
            },
          ]}
        />
      </Card>
    </>
  );
}

/** A preview's held-back lines as the below-cost guard's box shows them (it offers the reason up front). */
function belowCostOffer(batch: PriceBatchRow, belowCost: BatchLineRow[]): BelowCostAnswer {
  return {
    findings: belowCost.slice(0, BELOW_COST_SHOWN).map((line) => ({
      productId: line.productId,
      label: `${line.name} (${line.sku})`,
      price: line.newSellingPrice,
      cost: null,
      margin: line.newMargin,
    })),
    count: batch.belowCost,
    forbidden: false,
  };
}

/**
 * Apply a preview, or undo an applied batch: plain forms with their pending labels. A preview
 * with lines below cost offers a second apply, with an admin's or a manager's reason, that writes
 * them too; an undo the guard refused asks for the reason in its form.
 */
export function BatchActions({ batch, belowCost }: { batch: PriceBatchRow; belowCost: BatchLineRow[] }) {
  const { t } = useTranslation("repricing");
  const navigation = useNavigation();
  const answered = useActionData<BatchActionData>();
  const canConfirm = useCan("price:belowCost");
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const withReason = navigation.formData?.has(BELOW_COST_REASON) ?? false;
  const asked = (intent: BatchActionData["intent"]) =>
    answered?.intent === intent ? answered.belowCost : undefined;
  if (batch.state === "preview") {
    const offer = batch.belowCost > 0 ? belowCostOffer(batch, belowCost) : null;
    return (
      <Card className={s.section}>
        <p className={s.hint}>{t("batch.applyHint")}</p>
        <Form method="post" className={s.actions}>
          <Button type="submit" name="intent" value="apply" disabled={!!pending || batch.changed === 0}>
            {pending === "apply" && !withReason
              ? t("batch.applying")
              : t("batch.apply", { count: batch.changed })}
          </Button>
        </Form>
        {offer ? (
          <Form method="post" className={s.section}>
            <BelowCostConfirm
              answer={{ ...offer, forbidden: asked("apply")?.answer?.forbidden ?? false }}
              reason={asked("apply")?.reason}
              errors={asked("apply")?.errors}
            />
            {canConfirm ? (
              <div className={s.actions}>
                <Button
                  type="submit"
                  variant="secondary"
                  name="intent"
                  value="apply"
                  disabled={!!pending}
                  className={s.longButton}
                >
                  {pending === "apply" && withReason
                    ? t("batch.applying")
                    : t("batch.applyBelowCost", { count: batch.changed + batch.belowCost })}
                </Button>
              </div>
            ) : null}
          </Form>
        ) : null}
      </Card>
    );
  }
  if (batch.state === "applied") {
    const refused = asked("undo");
    return (
      <Form method="post" className={s.section}>
        {refused?.answer ? (
          <BelowCostConfirm answer={refused.answer} reason={refused.reason} errors={refused.errors} />
        ) : null}
        <div className={s.actions}>
          <Button type="submit" variant="secondary" name="intent" value="undo" disabled={!!pending}>
            {pending === "undo" ? t("batch.undoing") : t("batch.undo")}
          </Button>
        </div>
      </Form>
    );
  }
  return null;
}

function useLineColumns(costs: boolean): Column<BatchLineRow>[] {
  const { t } = useTranslation("repricing");
  const format = useFormat();
  const margin = (value: number, band: MarginCategory) => (
    <Badge tone={MARGIN_TONE[band]} testId="margin-badge">
      {format.percent(value)}
    </Badge>
  );
  const moved = (before: string, after: string) => {
    const change = Number(after) - Number(before);
    return change > 0 ? s.up : change < 0 ? s.down : undefined;
  };
  return [
    {
      key: "product",
      kind: "primary",
      label: t("table.product"),
      cell: (line) => <Cut text={line.name} lines={2} />,
    },
    {
      key: "sku",
      kind: "code",
      label: t("table.sku"),
      optional: true,
      cell: (line) => <Code value={line.sku} />,
    },
    ...(costs
      ? [
          {
            key: "oldCost",
            kind: "numeric" as const,
            label: t("table.oldCost"),
            cell: (line: BatchLineRow) => format.money(line.oldPurchasePrice),
          },
          {
            key: "newCost",
            kind: "numeric" as const,
            label: t("table.newCost"),
            cell: (line: BatchLineRow) => (
              <span className={moved(line.oldPurchasePrice, line.newPurchasePrice)}>
                {format.money(line.newPurchasePrice)}
              </span>
            ),
          },
        ]
      : []),
    {
      key: "oldPrice",
      kind: "numeric",
      label: t("table.oldPrice"),
      cell: (line) => format.money(line.oldSellingPrice),
    },
    {
      key: "newPrice",
      kind: "numeric",
      label: t("table.newPrice"),
      testId: "new-price",
      cell: (line) => (
        <span className={moved(line.oldSellingPrice, line.newSellingPrice)}>
          {format.money(line.newSellingPrice)}
        </span>
      ),
    },
    {
      key: "oldMargin",
      kind: "badge",
      label: t("table.oldMargin"),
      cell: (line) => margin(line.oldMargin, line.oldBand),
    },
    {
      key: "newMargin",
      kind: "badge",
      label: t("table.newMargin"),
      testId: "new-margin",
      cell: (line) => margin(line.newMargin, line.newBand),
    },
    {
      key: "flags",
      kind: "badge",
      label: t("table.flags"),
      cell: (line) => (
        <span className={s.flags}>
          {line.belowCost ? <Badge tone="danger">{t("table.heldBack")}</Badge> : null}
          {line.campaignPrice ? (
            <Badge tone="warning">{`${t("table.claim")} (${format.money(line.campaignPrice)})`}</Badge>
          ) : null}
        </span>
      ),
    },
  ];
}

/** The held-back and flagged products (at most a hundred each), then every product, paged. */
export function BatchLines({
  batch,
  lines,
  belowCost,
  claims,
  page,
  pages,
}: {
  batch: PriceBatchRow;
  lines: BatchLineRow[];
  belowCost: BatchLineRow[];
  claims: BatchLineRow[];
  page: number;
  pages: number;
}) {
  const { t } = useTranslation("repricing");
  const format = useFormat();
  const columns = useLineColumns(batch.rule === "supplierCost" || batch.rule === "undo");
  const listed = (title: string, hint: string, rows: BatchLineRow[], total: number, testId: string) =>
    rows.length ? (
      <Card title={title} className={s.section}>
        <p className={s.hint}>
          {hint}
          {total > rows.length ? ` ${t("batch.listedAtMost", { shown: rows.length, total })}` : null}
        </p>
        <DataTable
          label={title}
          rows={rows}
          rowKey={(line) => line.productId}
          rowProps={() => ({ "data-testid": testId })}
          columns={columns}
        />
      </Card>
    ) : null;
  return (
    <>
      {listed(t("batch.belowCost"), t("batch.belowCostHint"), belowCost, batch.belowCost, "below-cost-row")}
      {listed(t("batch.claims"), t("batch.claimsHint"), claims, batch.claims, "claim-row")}
      <Card title={t("batch.lines")} className={s.section}>
        <DataTable
          label={t("batch.lines")}
          rows={lines}
          rowKey={(line) => line.productId}
          rowProps={() => ({ "data-testid": "batch-line" })}
          columns={columns}
        />
        <Pager
          page={page}
          pages={pages}
          summary={t("batch.pageOf", { page, pages, total: format.number(batch.products) })}
          to={(n) => `?page=${n}`}
          testId="batch-lines-total"
          total={batch.products}
        />
      </Card>
    </>
  );
}
