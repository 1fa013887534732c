import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";

import { useFormat } from "~/i18n/use-format";
import type { MarginCategory } from "~/models/margin";
import type { ProductStatus } from "~/models/product/product-status";
import { type StockState, stockState } from "~/models/product/stock";
import { useSettings } from "~/web/use-settings";
import * as css from "./ProductBadges.css";

// The badges' colours, shared with the product lists (product-columns.tsx), which look their words
// up once a list rather than through these components' hooks once a row.
export const MARGIN_TONE: Record<MarginCategory, BadgeTone> = {
  low: "danger",
  medium: "warning",
  high: "success",
};
export const STOCK_TONE: Record<StockState, BadgeTone> = {
  out: "danger",
  critical: "danger",
  low: "warning",
  ok: "success",
};
export const STATUS_TONE: Record<ProductStatus, BadgeTone> = {
  active: "success",
  inactive: "neutral",
  eol: "warning",
};

/** The margin as a coloured badge (spec section 9: red under 10 %, yellow under 20 %, green from 20 %). */
export function MarginBadge({ margin, category }: { margin: number; category: MarginCategory }) {
  const format = useFormat();
  return (
    <Badge tone={MARGIN_TONE[category]} testId="margin-badge">
      {format.percent(margin)}
    </Badge>
  );
}

/**
 * The stock level (red when low: at or under the low-stock threshold) followed by its badge, in a
 * product list's row: no class of its own, the table styles it (ProductBadges.css.ts).
 */
export function StockLevel({
  stockLevel,
  low,
  badge,
}: {
  stockLevel: number;
  low: boolean;
  badge: ReactNode;
}) {
  return (
    <span>
      {low ? <span className={css.low}>{stockLevel}</span> : stockLevel}
      {badge}
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

export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation("products");
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}
