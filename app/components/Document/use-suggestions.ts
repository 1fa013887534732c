import { type FormEvent, useEffect, useRef, useState } from "react";
import { customerLabel } from "~/models/customer/customer-label";

/** An option the browser offers under a field: the value it fills in, and what it shows beside. */
export type Suggestion = { value: string; label: string };

/** The id of the one list of product suggestions every line's code field points at. */
export const PRODUCT_SUGGESTIONS_ID = "product-suggestions";
/** The id of the customer field's list of suggestions. */
export const CUSTOMER_SUGGESTIONS_ID = "customer-suggestions";

/**
 * Records as you type in a field (with JavaScript; without it the server reads the field as typed):
 * after a pause, an /api search answers with a few records, offered by the browser under the field
 * (a datalist). The newest answer wins.
 */
function useSuggestions(ask: (text: string) => string, read: (answer: unknown) => Suggestion[]) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onInput(event: FormEvent<HTMLInputElement>) {
    const text = event.currentTarget.value.trim();
    clearTimeout(timer.current);
    if (text.length < 2) return;
    timer.current = setTimeout(async () => {
      const asked = ++latest.current;
      try {
        const answer = await fetch(ask(text), { headers: { Accept: "application/json" } });
        if (!answer.ok || asked !== latest.current) return;
        setSuggestions(read(await answer.json()));
      } catch {
        // Offline or signed out: the field still takes what is typed.
      }
    }, 200);
  }

  return { suggestions, onInput };
}

/** Up to eight products from the catalogue's search, offered as SKU and name. */
export function useProductSuggestions() {
  return useSuggestions(
    (text) => `/api/products?limit=8&search=${encodeURIComponent(text)}`,
    (answer) =>
      (answer as { products: { sku: string; name: string }[] }).products.map((product) => ({
        value: product.sku,
        label: product.name,
      })),
  );
}

/** Up to eight customers by name, company or e-mail, offered as their label (which picks them). */
export function useCustomerSuggestions() {
  return useSuggestions(
    (text) => `/api/customers?limit=8&search=${encodeURIComponent(text)}`,
    (answer) =>
      (answer as { firstName: string; lastName: string; company: string | null; email: string }[])
        .slice(0, 8)
        .map((customer) => ({ value: customerLabel(customer), label: "" })),
  );
}
