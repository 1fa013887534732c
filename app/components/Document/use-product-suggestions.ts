import { type FormEvent, useEffect, useRef, useState } from "react";

export type ProductSuggestion = { sku: string; label: string };

/** The id of the one list of suggestions every line's code field points at. */
export const PRODUCT_SUGGESTIONS_ID = "product-suggestions";

/**
 * Products as you type in a line's code field (with JavaScript; without it the field takes a SKU
 * or an EAN as typed): after a pause, the catalogue's search answers with up to eight products,
 * offered by the browser under the field as SKU and name. The newest answer wins.
 */
export function useProductSuggestions() {
  const [suggestions, setSuggestions] = useState<ProductSuggestion[]>([]);
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
        const answer = await fetch(`/api/products?limit=8&search=${encodeURIComponent(text)}`, {
          headers: { Accept: "application/json" },
        });
        if (!answer.ok || asked !== latest.current) return;
        const { products } = (await answer.json()) as { products: { sku: string; name: string }[] };
        setSuggestions(products.map((product) => ({ sku: product.sku, label: product.name })));
      } catch {
        // Offline or signed out: the field still takes what is typed.
      }
    }, 200);
  }

  return { suggestions, onInput };
}
