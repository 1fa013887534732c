import type { TFunction } from "i18next";
import type { formatters } from "~/i18n/format";
import type { PriceBatchRow } from "~/models/price-batch/price-batch.server";

type Format = ReturnType<typeof formatters>;

/** A batch's rule as a line: "Selling price +/- %: +5,0 %", "Selling price +/- €: -2,50 €". */
export function ruleText(t: TFunction, format: Format, batch: Pick<PriceBatchRow, "rule" | "value">) {
  const rule = t(`repricing:form.rules.${batch.rule}`);
  if (batch.rule === "undo") return rule;
  const amount = Number(batch.value);
  const sign = amount > 0 ? "+" : "";
  const value =
    batch.rule === "euros" ? `${sign}${format.money(amount)}` : `${sign}${format.percent(amount, 2)}`;
  return t("repricing:batch.ruleValue", { rule, value });
}

/** The ladder as a line: "Ending ,90; from 100,00 €: Whole euros". */
export function roundingText(
  t: TFunction,
  format: Format,
  batch: Pick<PriceBatchRow, "rounding" | "roundingFrom" | "roundingAbove">,
) {
  const below = t(`repricing:form.roundings.${batch.rounding}`);
  if (!batch.roundingFrom || !batch.roundingAbove) return below;
  return t("repricing:batch.roundingBand", {
    below,
    from: format.money(batch.roundingFrom),
    above: t(`repricing:form.roundings.${batch.roundingAbove}`),
  });
}

/** Which products: the filters named, a campaign, the scanned list, or the batch an undo restores. */
export function scopeText(t: TFunction, batch: PriceBatchRow) {
  switch (batch.scope) {
    case "campaign":
      return t("repricing:batch.scopeCampaign", { name: batch.campaignName ?? "—" });
    case "scanned":
      return t("repricing:batch.scopeScanned");
    case "batch":
      return t("repricing:batch.scopeBatch", { id: batch.undoesId });
    default: {
      const filters = batch.filters ?? {};
      const parts = [
        filters.search ? `"${filters.search}"` : null,
        batch.categoryName,
        filters.brand,
        batch.supplierName,
        filters.status ? t(`products:status.${filters.status}`) : null,
      ].filter(Boolean);
      return parts.length ? parts.join(" · ") : t("repricing:batch.scopeFilters");
    }
  }
}
