import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { StatCards } from "~/components/StatCards/StatCards";
import { CountLines } from "~/components/StockCount/CountLines";
import { CountProblems } from "~/components/StockCount/CountProblems";
import { CountSerials } from "~/components/StockCount/CountSerials";
import { CountStatusBadge, scopeText } from "~/components/StockCount/count-words";
import { ScanForm } from "~/components/StockCount/ScanForm";
import * as s from "~/components/StockCount/StockCount.css";
import * as table from "~/components/Table/Table.css";
import { Toaster } from "~/components/Toaster/Toaster";
import { useFormat } from "~/i18n/use-format";
import { signed } from "~/models/stock-count/stock-count";
import {
  countProblems,
  countSummary,
  getStockCount,
  listCountLines,
} from "~/models/stock-count/stock-count.server";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import { type CountActionData, countPageForm } from "~/web/stock-count/stock-count-form.server";

export const handle = { i18n: ["common", "stock-count", "scanner", "serials"] };

/** Lines a page of the count shows, newest first. */
const LINES_PAGE = 50;
/** Differences the review shows (the largest at cost first); the file has them all. */
const VARIANCE_SHOWN = 100;
const STEPS = ["confirm", "cancel"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const count = id ? await getStockCount(id) : null;
  if (!count) throw recordNotFound("stockCount");
  const search = new URL(request.url).searchParams;
  const page = pageNumber(search.get("page"));
  const editable = count.status === "open" && can(user.role, "stock:write");
  // The review and the cancel are steps of the page (links), so they work without JavaScript.
  const step = editable ? (STEPS.find((known) => known === search.get("step")) ?? null) : null;
  const [summary, lines, variance] = await Promise.all([
    countSummary(count),
    listCountLines(count, { limit: LINES_PAGE, offset: (page - 1) * LINES_PAGE }),
    step === "confirm"
      ? listCountLines(count, { limit: VARIANCE_SHOWN, offset: 0, differences: true })
      : Promise.resolve(null),
  ]);
  const problems = await countProblems(count, undefined, summary.notCounted);
  return {
    count,
    summary,
    problems,
    lines: lines.lines,
    page,
    pages: Math.max(1, Math.ceil(lines.total / LINES_PAGE)),
    linesTotal: lines.total,
    variance,
    step,
    editable,
  };
}

// Admins and managers count, commit and cancel; a salesperson reads.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "stock:write" });
  const id = idParam(params.id);
  const count = id ? await getStockCount(id) : null;
  if (!count) throw recordNotFound("stockCount");
  return countPageForm(request, await readForm(request), count, user.id);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.count.number ?? "Stock count"} · VoltStock` },
];

export default function StockCountPage() {
  const { t } = useTranslation("stock-count");
  const format = useFormat();
  const { count, summary, problems, lines, page, pages, linesTotal, variance, step, editable } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<CountActionData>();
  const here = `/inventory/count/${count.id}`;
  const scanning = editable && !step;
  const cards = [
    { label: t("totals.lines"), value: format.number(summary.lines), testId: "count-lines" },
    {
      label: t("totals.units"),
      value: `${format.number(summary.countedUnits)} / ${format.number(summary.expectedUnits)}`,
      testId: "count-units",
    },
    { label: t("totals.difference"), value: signed(summary.differenceUnits), testId: "count-difference" },
    { label: t("totals.value"), value: format.money(summary.differenceValue), testId: "count-value" },
  ];
  return (
    <>
      <Link to="/inventory/count" className={detail.back}>
        ← {t("back")}
      </Link>
      <PageHeader
        title={count.number}
        lead={
          <span className={s.actions}>
            <CountStatusBadge status={count.status} />
            <span data-testid="count-location">{t("at", { location: count.locationName })}</span>
            <span data-testid="count-scope">{scopeText(t, count)}</span>
          </span>
        }
        actions={
          <div className={s.actions}>
            <a href={`${here}/variance.csv`} download className={buttonClass("secondary")}>
              {t("actions.download")}
            </a>
            {editable && !step ? (
              <>
                <Link to="?step=cancel" className={buttonClass("secondary")} preventScrollReset>
                  {t("actions.cancel")}
                </Link>
                <Link to="?step=confirm" className={buttonClass("primary")}>
                  {t("actions.review")}
                </Link>
              </>
            ) : null}
          </div>
        }
      />
      {count.note ? <p className={s.meta}>{count.note}</p> : null}
      {count.status === "committed" && count.committedAt ? (
        <p className={s.meta} data-testid="count-closed">
          {t("committed", { at: format.dateTime(count.committedAt), name: count.committedByName ?? "—" })}
          {count.zeroUncounted ? ` ${t("committedZero")}` : null}
        </p>
      ) : null}
      {count.status === "cancelled" && count.cancelledAt ? (
        <p className={s.meta} data-testid="count-closed">
          {t("cancelledAt", { at: format.dateTime(count.cancelledAt) })}
        </p>
      ) : null}
      {/* A scan's answer shows under the scan field; once the count is closed there is none to show it. */}
      <Toaster
        toast={actionData?.scanned && scanning ? null : (actionData?.toast ?? null)}
        placement="inline"
      />
      {step === "cancel" ? <CancelStep number={count.number} version={count.version} /> : null}
      {step === "confirm" && variance ? (
        <ConfirmStep
          number={count.number}
          location={count.locationName}
          version={count.version}
          summary={summary}
          variance={variance}
          blocked={
            problems.unknownCodes.length > 0 ||
            problems.belowZero.length > 0 ||
            problems.unexpectedSerials.length > 0 ||
            problems.countBySerials.length > 0 ||
            summary.lines === 0
          }
        />
      ) : null}
      {scanning ? (
        <ScanForm
          version={count.version}
          lastResult={actionData?.intent === "scan" ? actionData.result : undefined}
          answer={actionData?.intent === "scan" ? actionData.scanned : undefined}
        />
      ) : null}
      <StatCards items={cards} />
      {count.status === "open" ? (
        <CountProblems problems={problems} editable={editable} version={count.version} />
      ) : null}
      <section className={s.section} aria-labelledby="count-lines-title">
        <h2 id="count-lines-title" className={s.sectionTitle}>
          {t("lines.title")}
        </h2>
        <CountLines
          label={t("lines.title")}
          lines={lines}
          editable={editable && !step}
          version={count.version}
          lineError={actionData?.lineError ?? null}
          empty={t("lines.empty")}
        />
        <Pager
          page={page}
          pages={pages}
          summary={t("lines.pageOf", { page, pages, total: format.number(linesTotal) })}
          to={(n) => `?page=${n}`}
          testId="count-lines-total"
          total={linesTotal}
        />
      </section>
      <CountSerials
        lines={lines}
        status={count.status}
        editable={editable && !step}
        version={count.version}
        error={actionData?.intent === "serials" ? actionData.serialError : null}
      />
    </>
  );
}

/**
 * The review before the commit: the variance, the choice for what nobody counted, the button. The
 * form sends the count's version the review was read at: a commit after someone else committed or
 * cancelled the count is refused as stale.
 */
function ConfirmStep({
  number,
  location,
  version,
  summary,
  variance,
  blocked,
}: {
  number: string;
  location: string;
  version: number;
  summary: ReturnType<typeof useLoaderData<typeof loader>>["summary"];
  variance: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["variance"]>;
  blocked: boolean;
}) {
  const { t } = useTranslation("stock-count");
  const format = useFormat();
  return (
    <Card title={t("confirm.title", { number })} className={s.stepCard}>
      <div data-testid="commit-step">
        <p>
          {t("confirm.lead", {
            count: summary.withDifference,
            units: signed(summary.differenceUnits),
            value: format.money(summary.differenceValue),
          })}
        </p>
        <p className={table.muted}>
          {t("totals.valueParts", {
            surplus: format.money(summary.surplusValue),
            shortage: format.money(summary.shortageValue),
          })}
        </p>
        <CountLines label={t("confirm.variance")} lines={variance.lines} editable={false} compact />
        {variance.total > variance.lines.length ? (
          <p className={table.muted}>
            {t("confirm.more", { count: variance.total - variance.lines.length })}
          </p>
        ) : null}
        {blocked ? (
          <p className={table.danger} role="alert">
            {t("confirm.blocked")}
          </p>
        ) : (
          <Form method="post">
            <input type="hidden" name="version" value={version} />
            {summary.notCounted ? (
              <label className={s.checkbox}>
                <input type="checkbox" name="zeroUncounted" value="true" />
                <span>{t("confirm.zeroUncounted", { count: summary.notCounted, location })}</span>
              </label>
            ) : null}
            <div className={s.actions}>
              <Button type="submit" name="intent" value="commit">
                {t("confirm.submit")}
              </Button>
              <Link to="?" className={buttonClass("secondary")}>
                {t("actions.back")}
              </Link>
            </div>
          </Form>
        )}
        {blocked ? (
          <Link to="?" className={buttonClass("secondary")}>
            {t("actions.back")}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/** The cancel's question: a POST form (with the count's version read), and the way back. */
function CancelStep({ number, version }: { number: string; version: number }) {
  const { t } = useTranslation("stock-count");
  return (
    <Card title={t("cancel.title", { number })} className={s.stepCard}>
      <p>{t("cancel.lead")}</p>
      <Form method="post" className={s.actions}>
        <input type="hidden" name="version" value={version} />
        <Button type="submit" variant="danger" name="intent" value="cancel">
          {t("cancel.submit")}
        </Button>
        <Link to="?" className={buttonClass("secondary")}>
          {t("actions.back")}
        </Link>
      </Form>
    </Card>
  );
}
