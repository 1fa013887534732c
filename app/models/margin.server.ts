import { HIGH_MARGIN_FROM, LOW_MARGIN_BELOW } from "./margin";

/**
 * The margin rule of margin.ts in SQL, over a product row's own columns (prices, vat_inclusive and
 * vat_rate): the definition of the product's stored generated columns `margin_percent` and
 * `margin_category`. Queries read those columns (indexed), never this formula.
 *
 * With c the purchase price as the selling price's VAT sees it (purchase x (1 + rate) when the
 * purchase price excludes VAT), margin % = (selling - c) / selling x 100, rounded once to one
 * decimal, half away from zero as PostgreSQL's round does; the category is decided on the exact
 * value, so 9.99... is low even where it rounds to 10.0. A property test holds these equal to
 * margin.ts for random products and rates.
 */
const cost = (column: (name: string) => string) =>
  `(case when ${column("vat_inclusive")} then ${column("purchase_price")} else ${column("purchase_price")} * (1 + ${column("vat_rate")} / 100) end)`;

export function marginPercentSql(column: (name: string) => string = (name) => name): string {
  return `round((${column("selling_price")} - ${cost(column)}) * 100 / ${column("selling_price")}, 1)`;
}

export function marginCategorySql(column: (name: string) => string = (name) => name): string {
  const profit = `(${column("selling_price")} - ${cost(column)})`;
  return `(case when ${profit} * 100 < ${LOW_MARGIN_BELOW} * ${column("selling_price")} then 'low' when ${profit} * 100 < ${HIGH_MARGIN_FROM} * ${column("selling_price")} then 'medium' else 'high' end)`;
}

/**
 * Whether the product's margin is under `percent` (a SQL expression, a percentage): the selling
 * price less that discount is under the net cost, since price x (1 - d) < c exactly when
 * (price - c) / price < d. Decided on the exact value, as the category is.
 */
export function marginUnderSql(percent: string, column: (name: string) => string = (name) => name): string {
  const profit = `(${column("selling_price")} - ${cost(column)})`;
  return `${profit} * 100 < (${percent}) * ${column("selling_price")}`;
}
