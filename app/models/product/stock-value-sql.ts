/**
 * A product's stock value, in SQL over its row's own columns (`column` names them, e.g. with the
 * query's alias). At cost it is the rule of the kept totals (catalogue_summary.value_at_cost, the
 * dashboard's and the reports page's "value at cost"): purchase price excluding VAT (divided by
 * 1 + rate when the purchase price includes VAT) times the stock. A report's row has it to the
 * cent, and the report's total is the sum of its rows.
 */
export function valueAtCostSql(column: (name: string) => string = (name) => name): string {
  return `round(case when ${column("vat_inclusive")} then ${column("purchase_price")} / (1 + ${column("vat_rate")} / 100) else ${column("purchase_price")} end * ${column("stock_level")}, 2)`;
}

/** Selling price times stock: exact, two decimals (catalogue_summary.value_at_price). */
export function valueAtPriceSql(column: (name: string) => string = (name) => name): string {
  return `(${column("selling_price")} * ${column("stock_level")})`;
}

/**
 * The purchase price without VAT, rounded half up to the cent (divided by 1 + rate when the
 * purchase price includes VAT): netPurchasePrice of margin.ts in SQL, the
 * definition of the product's stored generated column `purchase_cost`. A test holds the two equal.
 */
export function purchaseCostSql(column: (name: string) => string = (name) => name): string {
  return `round(case when ${column("vat_inclusive")} then ${column("purchase_price")} / (1 + ${column("vat_rate")} / 100) else ${column("purchase_price")} end, 2)`;
}
