import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Code } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import type { CountStatus } from "~/models/stock-count/stock-count";
import type { CountLineRow } from "~/models/stock-count/stock-count.server";
import type { CountActionData } from "~/web/stock-count/stock-count-form.server";
import * as s from "./StockCount.css";

type Props = {
  /** the page's lines; those of serial-tracked products are shown */
  lines: CountLineRow[];
  status: CountStatus;
  /** an open count and a user who may change it: each line's serials are a form */
  editable: boolean;
  version: number;
  /** a refused list, shown again as typed with its problems */
  error?: CountActionData["serialError"] | null;
};

/**
 * The serial-tracked products of the page's lines (issue #31), each counted by its serials: a box
 * a scanner types into, one per line, or a pasted list (a plain form: it works without
 * JavaScript), beside the units in stock nobody scanned (missing) and the serials scanned that
 * are not a unit in stock (unexpected), each saying what it is.
 */
export function CountSerials({ lines, status, editable, version, error }: Props) {
  const { t } = useTranslation("stock-count");
  const tracked = lines.filter((line) => line.serials !== null && line.productId !== null);
  if (tracked.length === 0) return null;
  return (
    <Card title={t("serials.title")} className={s.section}>
      <p className={s.hint}>{t(editable ? "serials.lead" : "serials.leadClosed")}</p>
      {tracked.map((line) => (
        <SerialLine
          key={line.id}
          line={line}
          status={status}
          editable={editable}
          version={version}
          error={error?.productId === line.productId ? error : null}
        />
      ))}
    </Card>
  );
}

function SerialLine({
  line,
  status,
  editable,
  version,
  error,
}: {
  line: CountLineRow;
  status: CountStatus;
  editable: boolean;
  version: number;
  error: CountActionData["serialError"] | null;
}) {
  const { t } = useTranslation("stock-count");
  const serials = line.serials ?? { counted: [], missing: [], unexpected: [] };
  const id = `line-${line.id}-serials`;
  const committed = status === "committed";
  return (
    <section
      id={id}
      className={s.serialLine}
      aria-labelledby={`${id}-title`}
      data-testid="serial-line"
      data-sku={line.sku ?? ""}
    >
      <h3 id={`${id}-title`} className={s.serialLineTitle}>
        <Link to={`/products/${line.productId}`}>{line.name}</Link>
        <Code value={line.sku ?? ""} />
        <span className={table.muted} data-testid="serial-counted">
          {t("serials.counted", { count: serials.counted.length })}
        </span>
      </h3>
      {editable ? (
        <Form method="post" preventScrollReset className={s.serialsForm}>
          <input type="hidden" name="intent" value="serials" />
          <input type="hidden" name="productId" value={line.productId ?? ""} />
          <input type="hidden" name="previous" value={line.counted} />
          <input type="hidden" name="version" value={version} />
          <label htmlFor={`${id}-input`}>
            {t(line.tracking === "imei" ? "serials.imeis" : "serials.serials")}
            <span className="visually-hidden">{`: ${line.name}`}</span>
          </label>
          <textarea
            id={`${id}-input`}
            name="serials"
            className={s.serialsInput}
            // The list as saved; after a refusal, as typed (the key makes a saved list show anew).
            key={error ? "refused" : serials.counted.join("\n")}
            defaultValue={error ? error.text : serials.counted.join("\n")}
            rows={Math.min(12, Math.max(4, serials.counted.length + 1))}
            spellCheck={false}
            autoCapitalize="characters"
            autoComplete="off"
            aria-describedby={`${id}-hint${error ? ` ${id}-errors` : ""}`}
            aria-invalid={error ? true : undefined}
            data-testid="serials-input"
          />
          <span id={`${id}-hint`} className={s.hint}>
            {t("serials.hint")}
          </span>
          {error ? (
            <ul id={`${id}-errors`} className={s.serialErrors} data-testid="serial-errors" role="alert">
              <li>{t(error.message, error.values)}</li>
              {error.problems.map((problem) => (
                <li key={`${problem.problem}-${"serial" in problem ? problem.serial : ""}`}>
                  {t(`serials:serialProblems.${problem.problem}`, problem)}
                </li>
              ))}
            </ul>
          ) : null}
          <div>
            <Button type="submit" variant="secondary">
              {t("serials.save")}
            </Button>
          </div>
        </Form>
      ) : (
        <div>
          <p className={s.problemTitle}>{t("serials.scanned")}</p>
          <SerialCodes serials={serials.counted} empty={t("serials.none")} testId="serials-scanned" />
        </div>
      )}
      <div>
        <p className={s.problemTitle}>
          {t(committed ? "serials.missingCommitted" : "serials.missing", { count: serials.missing.length })}
        </p>
        <SerialCodes serials={serials.missing} empty={t("serials.noneMissing")} testId="serials-missing" />
        <p className={s.problemTitle}>{t("serials.unexpected", { count: serials.unexpected.length })}</p>
        {serials.unexpected.length ? (
          <ul className={s.serialList} data-testid="serials-unexpected">
            {serials.unexpected.map((found) => (
              <li key={found.serial} className={s.serialFinding}>
                <Code value={found.serial} />
                <Finding found={found} committed={committed} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={table.muted}>{t("serials.noneUnexpected")}</p>
        )}
      </div>
    </section>
  );
}

/** What an unexpected serial is: unknown, written off before, or in a state its own document settles. */
function Finding({
  found,
  committed,
}: {
  found: NonNullable<CountLineRow["serials"]>["unexpected"][number];
  committed: boolean;
}) {
  const { t } = useTranslation(["stock-count", "serials"]);
  // A short badge (it does not wrap) and what becomes of the serial, which may.
  if (found.state === null)
    return (
      <>
        <Badge tone="info">{t("serials.unknownBadge")}</Badge>
        <span className={table.muted}>{t(committed ? "serials.unknownTaken" : "serials.unknown")}</span>
      </>
    );
  const unit = found.unitId ? <Link to={`/serials/${found.unitId}`}>{t("serials.unit")}</Link> : null;
  if (found.state === "scrapped")
    return (
      <>
        <Badge tone="info">{t("serials:state.scrapped")}</Badge>
        <span className={table.muted}>{t(committed ? "serials.writtenOffTaken" : "serials.writtenOff")}</span>
        {unit}
      </>
    );
  return (
    <>
      <Badge tone="danger">
        {found.locationName
          ? t("serials.stateAt", { state: t(`serials:state.${found.state}`), location: found.locationName })
          : t(`serials:state.${found.state}`)}
      </Badge>
      {found.orderId && found.orderNumber ? (
        <Link to={`/orders/${found.orderId}`}>{found.orderNumber}</Link>
      ) : null}
      {unit}
      <span className={table.muted}>{t("serials.settle")}</span>
    </>
  );
}

function SerialCodes({ serials, empty, testId }: { serials: string[]; empty: string; testId: string }) {
  if (serials.length === 0) return <p className={table.muted}>{empty}</p>;
  return (
    <ul className={s.serialList} data-testid={testId}>
      {serials.map((serial) => (
        <li key={serial}>
          <Code value={serial} />
        </li>
      ))}
    </ul>
  );
}
