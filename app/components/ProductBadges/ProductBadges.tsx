import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { useFormat } from "~/i18n/use-format";
import type { MarginCategory } from "~/models/margin";
import type { ProductStatus } from "~/models/product/product-status";
import { isLowStock, stockState } from "~/models/product/stock";
import { useSettings } from "~/web/use-settings";
import * as css from "./ProductBadges.css";

const MARGIN_TONE: Record<MarginCategory, BadgeTone> = { low: "danger", medium: "warning", high: "success" };

/** The margin as a coloured badge (spec section 9: red under 10 %, yellow under 20 %, green from 20 %). */
export function MarginBadge({ margin, category }: { margin: number; category: MarginCategory }) {
  const format = useFormat();
  return (
    <Badge tone={MARGIN_TONE[category]} testId="margin-badge">
      {format.percent(margin)}
    </Badge>
  );
}

const STOCK_TONE = { out: "danger", critical: "danger", low: "warning", ok: "success" } as const;

/** The stock level (red at or under the low-stock threshold) followed by its badge. */
export function StockLevel({ stockLevel }: { stockLevel: number }) {
  const { lowStockAtMost } = useSettings();
  return (
    <span className={css.stockLevel}>
      <span
        className={isLowStock(stockLevel, lowStockAtMost) ? css.low : undefined}
        data-testid="stock-level"
      >
        {stockLevel}
      </span>
      <StockBadge stockLevel={stockLevel} />
    </span>
  );
}

export function StockBadge({ stockLevel }: { stockLevel: number }) {
  const { t } = useTranslation("products");
  const state = stockState(stockLevel, useSettings().lowStockAtMost);
  return (
    <Badge tone={STOCK_TONE[state]} testId="stock-badge">
      {t(`stock.${state}`)}
    </Badge>
  );
}

const STATUS_TONE: Record<ProductStatus, BadgeTone> = {
  active: "success",
  inactive: "neutral",
  eol: "warning",
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation("products");
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}
