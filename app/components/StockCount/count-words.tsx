import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import type { CountStatus } from "~/models/stock-count/stock-count";
import type { StockCountRow } from "~/models/stock-count/stock-count.server";

/** What a count covers, in words: "Category: Phones, not counted for 30 days". */
export function scopeText(
  t: TFunction,
  count: Pick<StockCountRow, "scope" | "categoryName" | "shelf" | "notCountedDays">,
): string {
  const scope =
    count.scope === "category"
      ? count.categoryName
        ? t("stock-count:scopeOf.category", { name: count.categoryName })
        : t("stock-count:scopeOf.categoryGone")
      : count.scope === "shelf"
        ? t("stock-count:scopeOf.shelf", { shelf: count.shelf })
        : t("stock-count:scopeOf.shop");
  return count.notCountedDays
    ? `${scope}, ${t("stock-count:scopeOf.days", { count: count.notCountedDays })}`
    : scope;
}

const TONES: Record<CountStatus, BadgeTone> = { open: "info", committed: "success", cancelled: "neutral" };

export function CountStatusBadge({ status }: { status: CountStatus }) {
  const { t } = useTranslation("stock-count");
  return (
    <Badge tone={TONES[status]} testId="count-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
