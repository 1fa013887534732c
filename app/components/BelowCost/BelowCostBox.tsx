import { useTranslation } from "react-i18next";
import { TextareaField } from "~/components/Field/Field";
import { useFormat } from "~/i18n/use-format";
import { BELOW_COST_REASON, type BelowCostAnswer } from "~/models/price/below-cost";
import { useCan } from "~/web/use-can";
import * as s from "./BelowCost.css";

export type BelowCostProps = {
  answer: BelowCostAnswer | null | undefined;
  /** the reason as typed before */
  reason?: string | null;
  errors?: string[];
};

/** The box of `BelowCostConfirm` (loaded when a save was refused). */
export default function BelowCostBox({
  answer,
  reason,
  errors,
}: BelowCostProps & { answer: BelowCostAnswer }) {
  const { t } = useTranslation("prices");
  const format = useFormat();
  const canConfirm = useCan("price:belowCost");
  const first = answer.findings[0];
  const margin = first?.margin === null || first?.margin === undefined ? "–" : format.percent(first.margin);
  return (
    <div className={s.box} role="alert" data-testid="below-cost-confirm">
      <p className={s.title}>{t("belowCost.title")}</p>
      <p className={s.hint}>
        {t("belowCost.refused", { count: answer.count, label: first?.label ?? "", margin })}
      </p>
      {answer.findings.length > 1 ? (
        <ul className={s.list}>
          {answer.findings.map((finding) => (
            <li key={`${finding.productId}-${finding.label}`}>
              {finding.label}
              {finding.price !== null ? `: ${format.money(finding.price)}` : ""}
              {finding.margin !== null ? ` (${format.percent(finding.margin)})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {canConfirm ? (
        <>
          <p className={s.hint}>{t("belowCost.confirmHint")}</p>
          <TextareaField
            label={t("belowCost.reason")}
            errors={answer.forbidden ? ["prices:belowCost.forbidden", ...(errors ?? [])] : errors}
            textareaProps={{
              id: "below-cost-reason",
              name: BELOW_COST_REASON,
              defaultValue: reason ?? "",
              maxLength: 500,
              required: true,
            }}
          />
        </>
      ) : (
        <p className={s.hint}>{t("belowCost.notAllowed")}</p>
      )}
    </div>
  );
}
