import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/Card/Card";
import { Code, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { CountProblems as Problems } from "~/models/stock-count/stock-count.server";
import * as s from "./StockCount.css";

/**
 * Every problem of an open count at once, before the commit: codes no product has (each with its
 * remove button), lines sold below zero since they were counted, serials scanned whose unit is
 * sold, returned, defective or at the supplier, serial-tracked products counted by quantity,
 * products in scope not counted, and counted products outside the scope.
 */
export function CountProblems({
  problems,
  editable,
  version,
}: {
  problems: Problems;
  editable: boolean;
  /** the count's version as the page read it, sent with each remove form */
  version: number;
}) {
  const { t } = useTranslation(["stock-count", "serials"]);
  const format = useFormat();
  const { unknownCodes, belowZero, notCounted, outsideScope, unexpectedSerials, countBySerials } = problems;
  const none =
    !unknownCodes.length &&
    !belowZero.length &&
    !unexpectedSerials.length &&
    !countBySerials.length &&
    !notCounted.total &&
    !outsideScope.total;
  const more = (shown: number, total: number) =>
    total > shown ? <li className={table.muted}>{t("problems.more", { count: total - shown })}</li> : null;
  return (
    <Card title={t("problems.title")} className={s.section}>
      <div data-testid="count-problems">
        {none ? <p className={table.muted}>{t("problems.none")}</p> : null}
        {unknownCodes.length ? (
          <section className={s.problem} data-testid="problem-unknown">
            <p className={s.problemTitle}>{t("problems.unknownCodes", { count: unknownCodes.length })}</p>
            <ul className={s.problemList}>
              {unknownCodes.map((unknown) => (
                <li key={unknown.id} className={s.codeItem}>
                  <Code value={unknown.code} />
                  <span className={table.muted}>
                    {t("problems.times")}: {format.number(unknown.counted)}
                  </span>
                  {editable ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="lineId" value={unknown.id} />
                      <input type="hidden" name="version" value={version} />
                      <RowButton
                        name="intent"
                        value="remove"
                        icon="trash"
                        tone="danger"
                        label={t("lines.remove")}
                        target={unknown.code}
                      />
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {belowZero.length ? (
          <section className={s.problem} data-testid="problem-below-zero">
            <p className={s.problemTitle}>{t("problems.belowZero", { count: belowZero.length })}</p>
            <ul className={s.problemList}>
              {belowZero.map((product) => (
                <li key={product.id}>
                  {t("problems.belowZeroLine", {
                    name: product.name,
                    sku: product.sku,
                    stock: product.stockLevel,
                    counted: product.counted,
                    expected: product.expected,
                  })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {unexpectedSerials.length ? (
          <section className={s.problem} data-testid="problem-serials">
            <p className={s.problemTitle}>
              {t("problems.unexpectedSerials", { count: unexpectedSerials.length })}
            </p>
            <ul className={s.problemList}>
              {unexpectedSerials.map((serial) => (
                <li key={`${serial.lineId}-${serial.serial}`}>
                  <a href={`#line-${serial.lineId}-serials`}>{serial.serial}</a>{" "}
                  {t("problems.unexpectedSerialLine", {
                    name: serial.name,
                    sku: serial.sku,
                    state: serial.locationName
                      ? t("serials.stateAt", {
                          state: t(`serials:state.${serial.state}`),
                          location: serial.locationName,
                        })
                      : t(`serials:state.${serial.state}`),
                  })}
                  {serial.orderId && serial.orderNumber ? (
                    <>
                      {" "}
                      <Link to={`/orders/${serial.orderId}`}>{serial.orderNumber}</Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {countBySerials.length ? (
          <section className={s.problem} data-testid="problem-count-by-serials">
            <p className={s.problemTitle}>{t("problems.countBySerials", { count: countBySerials.length })}</p>
            <ul className={s.problemList}>
              {countBySerials.map((product) => (
                <li key={product.lineId}>
                  {t("problems.countBySerialsLine", {
                    name: product.name,
                    sku: product.sku,
                    counted: product.counted,
                    serials: product.serials,
                  })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {notCounted.total ? (
          <section className={s.problem} data-testid="problem-not-counted">
            <p className={s.problemTitle}>{t("problems.notCounted", { count: notCounted.total })}</p>
            <ul className={s.problemList}>
              {notCounted.sample.map((product) => (
                <li key={product.id}>
                  <Link to={`/products/${product.id}`}>{product.name}</Link> ({product.sku})
                </li>
              ))}
              {more(notCounted.sample.length, notCounted.total)}
            </ul>
          </section>
        ) : null}
        {outsideScope.total ? (
          <section className={s.problem} data-testid="problem-outside">
            <p className={s.problemTitle}>{t("problems.outsideScope", { count: outsideScope.total })}</p>
            <ul className={s.problemList}>
              {outsideScope.sample.map((product) => (
                <li key={product.id}>
                  <Link to={`/products/${product.id}`}>{product.name}</Link> ({product.sku})
                </li>
              ))}
              {more(outsideScope.sample.length, outsideScope.total)}
            </ul>
          </section>
        ) : null}
      </div>
    </Card>
  );
}
