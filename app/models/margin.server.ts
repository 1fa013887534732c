/**
 * The margin formula of margin.ts as a SQL expression over a product row, for filtering, sorting
 * and averaging in the database. `alias` is the product table's alias in the query.
 * The VAT rate is inlined as a validated number (it comes from the environment, not from users).
 */
export function marginSql(alias: string, vatRate: number): string {
  if (!Number.isFinite(vatRate) || vatRate < 0 || vatRate > 100) throw new RangeError("Bad VAT rate");
  const onePlusRate = `(1 + ${vatRate}::numeric / 100)`;
  return `(case when ${alias}.selling_price <= 0 then null when ${alias}.vat_inclusive then (${alias}.selling_price - ${alias}.purchase_price) / ${alias}.selling_price * 100 else (${alias}.selling_price - ${alias}.purchase_price * ${onePlusRate}) / ${alias}.selling_price * 100 end)`;
}
