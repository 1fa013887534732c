import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Field } from "~/components/Field/Field";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import { useFormat } from "~/i18n/use-format";
import { EMPTY_VALUES, evaluate } from "~/models/margin-input";
import { useHydrated } from "~/web/use-hydrated";
import * as s from "./Dashboard.css";

/**
 * The dashboard's quick calculator: the purchase price is always VAT inclusive (spec). Live with
 * JavaScript; without it the form opens the full calculator with the result.
 */
export function QuickCalculator({ vatRate }: { vatRate: number }) {
  const { t } = useTranslation("dashboard");
  const format = useFormat();
  const hydrated = useHydrated();
  const [purchasePrice, setPurchase] = useState("");
  const [sellingPrice, setSelling] = useState("");
  const { result } = evaluate(
    { ...EMPTY_VALUES, purchasePrice, sellingPrice, vatInclusive: "true" },
    vatRate,
  );
  return (
    <Form method="post" action="/margin-calculator">
      <input type="hidden" name="vatInclusive" value="true" />
      <div className={s.quick}>
        <Field
          label={t("quickCalculator.purchase")}
          inputProps={{
            id: "quick-purchase",
            name: "purchasePrice",
            inputMode: "decimal",
            value: purchasePrice,
            onChange: (e) => setPurchase(e.currentTarget.value),
            required: true,
          }}
        />
        <Field
          label={t("quickCalculator.selling")}
          inputProps={{
            id: "quick-selling",
            name: "sellingPrice",
            inputMode: "decimal",
            value: sellingPrice,
            onChange: (e) => setSelling(e.currentTarget.value),
            required: true,
          }}
        />
      </div>
      {hydrated ? (
        <div aria-live="polite" data-testid="quick-result">
          {result ? (
            <p className={s.stat}>
              <span>
                {t("quickCalculator.profit")}: <strong>{format.money(result.profit)}</strong>
              </span>
              <MarginBadge margin={result.marginPercentage} category={result.marginCategory} />
            </p>
          ) : (
            <p className={s.muted}>{t("quickCalculator.hint")}</p>
          )}
        </div>
      ) : (
        <Button type="submit">{t("quickCalculator.calculate")}</Button>
      )}
    </Form>
  );
}
