import { type AmountOptions, checkMoney } from "./amount";
import { campaignPrice, type Discount } from "./campaign/campaign-price";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./clean-text";
import { calculateMargin } from "./margin";

/**
 * The margin calculator's form (its page, and the dashboard's quick calculator): the two amounts
 * it needs, checked by the amount rules without a schema library, so that the page's JavaScript
 * does not carry zod for them. `margin-schema.ts` builds the API's zod schema from the same
 * options, and a test holds the two to the same answers.
 */
export const MARGIN_AMOUNTS = {
  purchasePrice: { requiredMessage: "margin:errors.purchasePriceRequired" },
  sellingPrice: { requiredMessage: "margin:errors.sellingPriceRequired", aboveZero: true },
} satisfies Record<string, AmountOptions & { requiredMessage: string }>;

export type CalculatorValues = {
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: string;
  discountKind: string;
  discountValue: string;
};

export const EMPTY_VALUES: CalculatorValues = {
  purchasePrice: "",
  sellingPrice: "",
  vatInclusive: "true",
  discountKind: "percent",
  discountValue: "",
};

export type FieldErrors = Partial<
  Record<"purchasePrice" | "sellingPrice" | "vatInclusive" | "discountValue", string[]>
>;

/** The margin and the campaign simulation for the given values, or the errors while they are incomplete. */
export function evaluate(values: CalculatorValues, vatRate: number) {
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(values)) {
    if (hasControlCharacters(value)) errors[key] = [CONTROL_CHARACTERS_MESSAGE];
  }
  const purchase = checkMoney(values.purchasePrice, MARGIN_AMOUNTS.purchasePrice);
  const selling = checkMoney(values.sellingPrice, MARGIN_AMOUNTS.sellingPrice);
  if (!purchase.ok) errors.purchasePrice ??= [purchase.message];
  if (!selling.ok) errors.sellingPrice ??= [selling.message];
  if (!["true", "false"].includes(values.vatInclusive)) errors.vatInclusive ??= ["validation.invalid"];
  if (!purchase.ok || !selling.ok || Object.keys(errors).length) {
    return { result: null, simulation: null, errors: errors as FieldErrors };
  }
  const input = {
    purchasePrice: purchase.value as string,
    sellingPrice: selling.value as string,
    vatInclusive: values.vatInclusive === "true",
  };
  const result = calculateMargin({ ...input, vatRate });
  const discount = {
    kind: values.discountKind === "price" ? "price" : "percent",
    value: values.discountValue,
  } as Discount;
  const newPrice = values.discountValue ? campaignPrice(input.sellingPrice, discount) : null;
  const simulation =
    newPrice && Number(newPrice) > 0
      ? { price: newPrice, ...calculateMargin({ ...input, sellingPrice: newPrice, vatRate }) }
      : null;
  return { result, simulation, errors: {} as FieldErrors };
}
