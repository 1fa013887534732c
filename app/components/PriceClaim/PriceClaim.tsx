import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { useFormat } from "~/i18n/use-format";

/** A price and its prior price (price-history.server.ts `priceClaims`), as prices are shown. */
export type PriceClaimFacts = {
  price: string;
  reduced: boolean;
  priorPrice: string | null;
  reductionPercent: number | null;
  daysOnSale: number | null;
};

/**
 * What a price may claim under the price-reduction rules (Consumer Protection Act ch. 2 s. 11): the
 * lowest price of the 30 days before the reduction and the reduction from it, or a warning where the
 * price is not below it; for a regular price, the reference a reduction beginning now would have.
 */
export function PriceClaim({ claim, testId }: { claim: PriceClaimFacts; testId?: string }) {
  const { t } = useTranslation("prices");
  const format = useFormat();
  if (claim.priorPrice === null) {
    return <p data-testid={testId}>{t("claim.noPrior")}</p>;
  }
  const prior = format.money(claim.priorPrice);
  const lowest =
    claim.daysOnSale === null
      ? t("claim.lowest", { price: prior })
      : t("claim.lowestSince", { price: prior, count: claim.daysOnSale });
  if (!claim.reduced) {
    return <p data-testid={testId}>{t("claim.regular", { lowest })}</p>;
  }
  return (
    <p data-testid={testId}>
      {claim.reductionPercent === null ? (
        <>
          <Badge tone="warning">{t("claim.noReduction")}</Badge> {lowest}. {t("claim.noReductionHelp")}
        </>
      ) : (
        t("claim.reduction", { lowest, percent: claim.reductionPercent })
      )}
    </p>
  );
}
