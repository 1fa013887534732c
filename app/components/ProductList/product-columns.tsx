import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { MARGIN_TONE, STATUS_TONE, STOCK_TONE, StockLevel } from "~/components/ProductBadges/ProductBadges";
import { Code, type Column, Cut } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import type { MarginCategory } from "~/models/margin";
import { PRODUCT_STATUSES, type ProductStatus } from "~/models/product/product-status";
import { isLowStock, type StockState, stockState } from "~/models/product/stock";
import { useSettings } from "~/web/use-settings";
import * as s from "./ProductList.css";

type Listed = {
  id: number;
  name: string;
  sku: string;
  brand: string;
  categoryName: string | null;
  sellingPrice: string;
  margin: number;
  marginCategory: MarginCategory;
  stockLevel: number;
  status: ProductStatus;
  imageUrl?: string | null;
};

const STOCK_STATES: readonly StockState[] = ["out", "critical", "low", "ok"];

/*
 * The most characters that always fit where a list cuts them (the name's two lines in its column
 * at its narrowest, 11rem; its brand-and-category line; the brand's 9rem): a text that fits
 * needs no title to be read whole, and a page of 50 rows carried each name, brand and line twice
 * (some 3 KB).
 */
const NAME_FITS = 32;
const LINE_FITS = 24;
const BRAND_FITS = 14;

/** The whole text as a title where the list may cut it. */
function cutTitle(text: string, fits: number): string | undefined {
  return text.length > fits ? text : undefined;
}

/**
 * The columns every product list shares (products, inventory, a supplier's latest), so that a name,
 * a SKU or a stock level reads and gives way the same on each. Their words are looked up here, once
 * a list, and the cells only pick them: a badge or a row asking i18next itself made ~250 calls on a
 * page of 50 rows.
 */
export function useProductColumns<Row extends Listed>() {
  const { t } = useTranslation("products");
  const format = useFormat();
  const { lowStockAtMost } = useSettings();
  const stockWord = Object.fromEntries(STOCK_STATES.map((state) => [state, t(`stock.${state}`)])) as Record<
    StockState,
    string
  >;
  const statusWord = Object.fromEntries(
    PRODUCT_STATUSES.map((status) => [status, t(`status.${status}`)]),
  ) as Record<ProductStatus, string>;
  return {
    /**
     * The name (two lines at most, whole in its title) over its category, and its brand while the
     * Brand column is folded (tables under 1,000 px).
     */
    name: {
      key: "name",
      kind: "primary",
      label: t("table.product"),
      tableClass: s.listed,
      cell: (product, ids) => {
        // The name and its line have no classes: the table styles them (s.listed), on every row.
        const name = (
          <>
            <Link
              to={`/products/${product.id}`}
              title={cutTitle(product.name, NAME_FITS)}
              id={ids.name}
              discover={ids.discover}
            >
              {product.name}
            </Link>
            <span
              title={cutTitle(
                product.categoryName ? `${product.brand} · ${product.categoryName}` : product.brand,
                LINE_FITS,
              )}
            >
              <span>{product.categoryName ? `${product.brand} · ` : product.brand}</span>
              {product.categoryName}
            </span>
          </>
        );
        // Most products have no image: their name and its line stand in the cell itself.
        return product.imageUrl ? (
          <div className={s.productCell}>
            <img className={s.thumb} src={product.imageUrl} alt="" loading="lazy" />
            <div className={s.productText}>{name}</div>
          </div>
        ) : (
          name
        );
      },
    },
    sku: {
      key: "sku",
      kind: "code",
      label: t("table.sku"),
      cell: (product) => <Code value={product.sku} />,
    },
    brand: {
      key: "brand",
      label: t("table.brand"),
      folds: true,
      // Cut to 9rem with its title, classless: the table styles it (s.listed).
      cell: (product) => <span title={cutTitle(product.brand, BRAND_FITS)}>{product.brand}</span>,
    },
    category: {
      key: "category",
      label: t("table.category"),
      optional: true,
      cell: (product) => (product.categoryName ? <Cut text={product.categoryName} max="10rem" /> : "—"),
    },
    price: {
      key: "price",
      kind: "numeric",
      label: t("table.price"),
      cell: (product) => format.money(product.sellingPrice),
    },
    margin: {
      key: "margin",
      kind: "badge",
      label: t("table.margin"),
      cell: (product) => (
        <Badge tone={MARGIN_TONE[product.marginCategory]} bare>
          {format.percent(product.margin)}
        </Badge>
      ),
    },
    stock: {
      key: "stock",
      kind: "badge",
      label: t("table.stock"),
      cell: (product) => {
        const state = stockState(product.stockLevel, lowStockAtMost);
        return (
          <StockLevel
            stockLevel={product.stockLevel}
            low={isLowStock(product.stockLevel, lowStockAtMost)}
            badge={
              <Badge tone={STOCK_TONE[state]} bare>
                {stockWord[state]}
              </Badge>
            }
          />
        );
      },
    },
    status: {
      key: "status",
      kind: "badge",
      label: t("table.status"),
      cell: (product) => (
        <Badge tone={STATUS_TONE[product.status]} bare>
          {statusWord[product.status]}
        </Badge>
      ),
    },
  } satisfies Record<string, Column<Row>>;
}
