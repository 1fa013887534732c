import type { i18n as I18n } from "i18next";

/**
 * The namespaces a server render looked texts up in, whatever named them: the routes'
 * `handle.i18n`, a component's `useTranslation("orders")`, a prefixed key ("products:title") or
 * the common fallback. Root names them in the page (`NamespaceList`), so that the browser loads
 * exactly what hydration needs. Each request renders with an i18next clone of its own, whose
 * translator is its own too: wrapping it records that request's lookups only.
 */
type Translator = { resolve: (keys: unknown, options?: unknown) => { usedNS?: string } | undefined };
type Recording = I18n & { translator?: Translator; usedNamespaces?: Set<string> };

export function recordUsedNamespaces(instance: I18n): void {
  const recording = instance as Recording;
  const translator = recording.translator;
  const used = new Set<string>();
  recording.usedNamespaces = used;
  if (!translator || typeof translator.resolve !== "function") return;
  const resolve = translator.resolve.bind(translator);
  translator.resolve = (keys, options) => {
    const found = resolve(keys, options);
    if (found?.usedNS) used.add(found.usedNS);
    return found;
  };
}

/** What `recordUsedNamespaces` saw so far in this render (none for an instance not recording). */
export function usedNamespaces(instance: I18n): string[] {
  return [...((instance as Recording).usedNamespaces ?? [])];
}
