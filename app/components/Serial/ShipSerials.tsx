import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { useFormat } from "~/i18n/use-format";
import type { ShipmentForm } from "~/web/order/shipment-form.server";
import { SerialProblems } from "./SerialProblems";
import * as s from "./ShipSerials.css";

/**
 * Shipping an order with serial-tracked lines (issue #31): per line, tick units in stock or scan or
 * paste their serials, one per unit; the button ships the order. A plain form: it works without
 * JavaScript, and a refusal comes back with what was posted and each serial's problem.
 */
export function ShipSerials({
  shipment,
  version,
  label,
}: {
  shipment: ShipmentForm;
  version: number;
  label: string;
}) {
  const { t } = useTranslation("serials");
  const format = useFormat();
  return (
    <Card title={t("ship.title")}>
      <Form method="post" className={s.form} data-testid="ship-serials">
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="to" value="shipped" />
        <p className={s.hint}>{t("ship.lead")}</p>
        {shipment.refused ? (
          <p className={s.refused} role="alert">
            {t("errors.refused")}
          </p>
        ) : null}
        {shipment.lines.map((line) => {
          const id = `ship-${line.lineId}`;
          const kind = line.tracking === "imei" ? "imei" : "serial";
          return (
            <div key={line.lineId} className={s.line} data-testid="ship-line">
              <p className={s.lineTitle}>
                {t("ship.line", { product: line.productName, sku: line.sku, count: line.quantity })}
              </p>
              <fieldset className={s.picks}>
                <legend className={s.legend}>
                  {t("ship.inStock", { count: line.inStockTotal, shown: format.number(line.inStockTotal) })}
                </legend>
                {line.inStock.length === 0 ? <p className={s.hint}>{t("ship.noneInStock")}</p> : null}
                {line.inStock.map((serial) => (
                  <label key={serial} className={s.pick}>
                    <input
                      type="checkbox"
                      name={`ship[${line.lineId}].pick`}
                      value={serial}
                      defaultChecked={line.picked.includes(serial)}
                    />
                    {serial}
                  </label>
                ))}
                {line.inStockTotal > line.inStock.length ? (
                  <p className={s.hint}>
                    {t("ship.more", { count: line.inStockTotal - line.inStock.length })}
                  </p>
                ) : null}
              </fieldset>
              <div className={s.field}>
                <label htmlFor={id} className={s.label}>
                  {t(`ship.scan.${kind}`)}
                </label>
                <textarea
                  id={id}
                  name={`ship[${line.lineId}].serials`}
                  className={s.input}
                  defaultValue={line.typed}
                  rows={Math.min(6, Math.max(2, line.quantity))}
                  spellCheck={false}
                  autoCapitalize="characters"
                  aria-describedby={`${id}-hint`}
                  aria-invalid={line.problems.length > 0 ? true : undefined}
                  data-testid="ship-serials-input"
                />
                <p id={`${id}-hint`} className={s.hint}>
                  {t("ship.scanHint", { count: line.quantity })}
                </p>
              </div>
              <SerialProblems problems={line.problems} className={s.problems} />
            </div>
          );
        })}
        <div>
          <Button type="submit" name="intent" value="move" variant="primary" data-testid="ship-submit">
            {label}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
