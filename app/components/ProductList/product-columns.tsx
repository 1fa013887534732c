import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { MarginBadge, StatusBadge, StockLevel } from "~/components/ProductBadges/ProductBadges";
import { Code, type Column, Cut } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import type { formatters } from "~/i18n/format";
import type { MarginCategory } from "~/models/margin";
import type { ProductStatus } from "~/models/product/product-status";
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

type Format = ReturnType<typeof formatters>;

/**
 * The columns every product list shares (products, inventory), so that a name, a SKU or a stock level
 * reads and gives way the same on each. `t` reads the products namespace.
 */
export function productColumns<Row extends Listed>(t: TFunction, format: Format) {
  return {
    /**
     * The name (two lines at most, whole in its title) over its category, and its brand while the
     * Brand column is folded (tables under 1,000 px).
     */
    name: {
      key: "name",
      kind: "primary",
      label: t("products:table.product"),
      cell: (product) => (
        <div className={s.productCell}>
          {product.imageUrl ? <img className={s.thumb} src={product.imageUrl} alt="" loading="lazy" /> : null}
          <div className={s.productText}>
            <Link
              to={`/products/${product.id}`}
              className={`${s.productName} ${table.clamp}`}
              title={product.name}
            >
              {product.name}
            </Link>
            <div className={table.muted}>
              <Cut text={[product.brand, product.categoryName].filter(Boolean).join(" · ")} max="column">
                <span className={table.whileFolded}>
                  {product.brand}
                  {product.categoryName ? " · " : ""}
                </span>
                {product.categoryName}
              </Cut>
            </div>
          </div>
        </div>
      ),
    },
    sku: {
      key: "sku",
      kind: "code",
      label: t("products:table.sku"),
      cell: (product) => <Code value={product.sku} />,
    },
    brand: {
      key: "brand",
      label: t("products:table.brand"),
      folds: true,
      cell: (product) => <Cut text={product.brand} max="9rem" />,
    },
    category: {
      key: "category",
      label: t("products:table.category"),
      optional: true,
      cell: (product) => (product.categoryName ? <Cut text={product.categoryName} max="10rem" /> : "—"),
    },
    price: {
      key: "price",
      kind: "numeric",
      label: t("products:table.price"),
      cell: (product) => format.money(product.sellingPrice),
    },
    margin: {
      key: "margin",
      kind: "badge",
      label: t("products:table.margin"),
      cell: (product) => <MarginBadge margin={product.margin} category={product.marginCategory} />,
    },
    stock: {
      key: "stock",
      kind: "badge",
      label: t("products:table.stock"),
      cell: (product) => <StockLevel stockLevel={product.stockLevel} />,
    },
    status: {
      key: "status",
      kind: "badge",
      label: t("products:table.status"),
      cell: (product) => <StatusBadge status={product.status} />,
    },
  } satisfies Record<string, Column<Row>>;
}
