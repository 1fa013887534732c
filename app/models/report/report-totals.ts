import { fromBigCents, toBigCents } from "~/models/money";

/** A report's totals: its total line in the file, and its row of the Totals table on /reports. */
export type ReportTotals = {
  /** how many products the report lists */
  products: number;
  /** their stock, in units */
  units: number;
  /** sum of selling price x stock, two decimals */
  value: string;
  /** sum of each product's value at cost (purchase price excl. VAT x stock, to the cent), two decimals */
  valueAtCost: string;
  /** the mean of the products' margins (each one decimal), one decimal; null for no products */
  averageMargin: number | null;
};

/** One product's share of its report's totals, as the report's row has it. */
export type TotalsRow = {
  stockLevel: number;
  /** selling price x stock, two decimals */
  inventoryValue: string;
  /** purchase price excl. VAT x stock, two decimals */
  valueAtCost: string;
  /** one decimal */
  margin: number;
};

/**
 * Adds up a report's rows as they stream past, exactly: values in cents (bigint, so no sum of
 * stock values can lose a cent), margins in tenths of a percent. The totals are then the sums of
 * the rows written, to the cent, whatever their number.
 */
export function totalsCounter() {
  let products = 0;
  let units = 0;
  let value = 0n;
  let valueAtCost = 0n;
  let marginTenths = 0;
  return {
    add(row: TotalsRow) {
      products += 1;
      units += row.stockLevel;
      value += cents(row.inventoryValue);
      valueAtCost += cents(row.valueAtCost);
      marginTenths += Math.round(row.margin * 10);
    },
    totals(): ReportTotals {
      return {
        products,
        units,
        value: fromBigCents(value),
        valueAtCost: fromBigCents(valueAtCost),
        averageMargin: averageTenths(marginTenths, products),
      };
    },
  };
}

function cents(amount: string): bigint {
  const parsed = toBigCents(amount);
  if (parsed === null) throw new RangeError(`Not an amount: ${amount}`);
  return parsed;
}

/**
 * The mean of `count` margins summing to `sumTenths` tenths of a percent, rounded to one decimal
 * half away from zero, as PostgreSQL's round(avg(margin_percent), 1) gives it: integers only.
 */
export function averageTenths(sumTenths: number, count: number): number | null {
  if (count === 0) return null;
  const rounded = Math.floor((2 * Math.abs(sumTenths) + count) / (2 * count));
  return (sumTenths < 0 ? -rounded : rounded) / 10 || 0;
}
