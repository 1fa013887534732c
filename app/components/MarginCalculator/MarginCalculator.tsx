import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Field, SelectField } from "~/components/Field/Field";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import { useFormat } from "~/i18n/use-format";
import type { MarginResult } from "~/models/margin";
import { type CalculatorValues, EMPTY_VALUES, evaluate, type FieldErrors } from "~/models/margin-input";
import { useHydrated } from "~/web/use-hydrated";
import * as s from "./MarginCalculator.css";

type Props = {
  vatRate: number;
  values: CalculatorValues;
  /** What the server computed for a posted form (shown until JavaScript takes over). */
  posted?: ReturnType<typeof evaluate>;
};

/**
 * The margin calculator. Without JavaScript the form posts and the server's answer is shown; with
 * JavaScript the result follows the typing, computed by the same margin module.
 */
export function MarginCalculator({ vatRate, values: initial, posted }: Props) {
  const { t } = useTranslation("margin");
  const format = useFormat();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [values, setValues] = useState(initial);
  const live = evaluate(values, vatRate);
  const shown = hydrated ? live : (posted ?? { result: null, simulation: null, errors: {} as FieldErrors });
  const complete = values.purchasePrice.trim() !== "" && values.sellingPrice.trim() !== "";
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const set = (key: keyof CalculatorValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const errors = (key: "purchasePrice" | "sellingPrice" | "discountValue") =>
    hydrated ? (values[key].trim() ? live.errors[key] : undefined) : posted?.errors[key];

  return (
    <Form method="post" className={s.grid} preventScrollReset>
      <Card title={t("calculator")}>
        <Field
          label={t("purchasePrice")}
          errors={errors("purchasePrice")}
          inputProps={{
            id: "purchasePrice",
            name: "purchasePrice",
            inputMode: "decimal",
            value: values.purchasePrice,
            onChange: set("purchasePrice"),
            required: true,
            placeholder: "0,00",
          }}
        />
        <SelectField
          label={t("purchaseVat")}
          selectProps={{
            id: "vatInclusive",
            name: "vatInclusive",
            value: values.vatInclusive,
            onChange: set("vatInclusive"),
          }}
          options={[
            { value: "true", label: t("vatInclusive") },
            { value: "false", label: t("vatExclusive") },
          ]}
        />
        <Field
          label={t("sellingPrice")}
          errors={errors("sellingPrice")}
          inputProps={{
            id: "sellingPrice",
            name: "sellingPrice",
            inputMode: "decimal",
            value: values.sellingPrice,
            onChange: set("sellingPrice"),
            required: true,
            placeholder: "0,00",
          }}
        />
        <div className={s.buttons}>
          <Button type="submit" disabled={(hydrated && !complete) || pending}>
            {t("calculate")}
          </Button>
          <Link
            to="/margin-calculator"
            className={buttonClass("secondary")}
            onClick={() => setValues(EMPTY_VALUES)}
            preventScrollReset
          >
            {t("clear")}
          </Link>
        </div>
        <p className={s.note}>{t("vatNote", { rate: format.number(vatRate, 1) })}</p>
      </Card>

      <Card title={t("result")}>
        <div aria-live="polite" data-testid="margin-result">
          {shown.result ? (
            <ResultFigures result={shown.result} />
          ) : (
            <p className={s.placeholder}>{t("enterBoth")}</p>
          )}
        </div>
      </Card>

      <Card title={t("simulation.title")}>
        <p className={s.note}>{t("simulation.lead")}</p>
        <div className={s.row}>
          <SelectField
            label={t("simulation.kind")}
            selectProps={{
              id: "discountKind",
              name: "discountKind",
              value: values.discountKind,
              onChange: set("discountKind"),
            }}
            options={[
              { value: "percent", label: t("simulation.percent") },
              { value: "price", label: t("simulation.price") },
            ]}
          />
          <Field
            label={
              values.discountKind === "price" ? t("simulation.priceValue") : t("simulation.percentValue")
            }
            errors={errors("discountValue")}
            inputProps={{
              id: "discountValue",
              name: "discountValue",
              inputMode: "decimal",
              value: values.discountValue,
              onChange: set("discountValue"),
            }}
          />
        </div>
        <div aria-live="polite" data-testid="simulation-result">
          {shown.simulation ? (
            <>
              <ResultFigures result={shown.simulation} price={shown.simulation.price} />
              {shown.simulation.marginPercentage < 0 ? (
                <p className={s.flagged}>{t("simulation.belowCost")}</p>
              ) : null}
            </>
          ) : (
            <p className={s.placeholder}>{t("simulation.empty")}</p>
          )}
        </div>
      </Card>

      <Card title={t("guidelines.title")}>
        <div className={s.guideline.low}>{t("marginBand.low", { ns: "common" })}</div>
        <div className={s.guideline.medium}>{t("marginBand.medium", { ns: "common" })}</div>
        <div className={s.guideline.high}>{t("marginBand.high", { ns: "common" })}</div>
      </Card>
    </Form>
  );
}

function ResultFigures({ result, price }: { result: MarginResult; price?: string }) {
  const { t } = useTranslation("margin");
  const format = useFormat();
  return (
    <div className={s.figures}>
      {price ? (
        <div className={s.figure}>
          <span className={s.label}>{t("simulation.newPrice")}</span>
          <span className={s.value} data-testid="campaign-price">
            {format.money(price)}
          </span>
        </div>
      ) : null}
      <div className={s.figure}>
        <span className={s.label}>{t("profit")}</span>
        <span className={s.value} data-testid="profit">
          {format.money(result.profit)}
        </span>
      </div>
      <div className={s.figure}>
        <span className={s.label}>{t("margin")}</span>
        <span className={s.value} data-testid="margin-percentage">
          <MarginBadge margin={result.marginPercentage} category={result.marginCategory} />
        </span>
      </div>
      {price ? null : (
        <div className={s.figure}>
          <span className={s.label}>{t("category")}</span>
          <span className={s.value} data-testid="margin-category">
            {t(`categories.${result.marginCategory}`)}
          </span>
        </div>
      )}
    </div>
  );
}
