import type { i18n as I18n } from "i18next";

/**
 * The namespaces a server render looked texts up in, whatever named them: the routes'
 * `handle.i18n`, a component's `useTranslation("orders")`, a prefixed key ("products:title") or
 * the common fallback. Root names them in the page (`NamespaceList`), so that the browser loads
 * exactly what hydration needs. Each request renders with an i18next clone of its own, whose
 * translator is its own too: wrapping it records that request's lookups only.
 *
 * The same wrapper keeps what a plain lookup translated to (a key with no values, count or context:
 * the words of a menu, a column, a button, a status), for every later render in the process:
 * the texts are the build's and never change while it runs, and a page looks up the same words on
 * every view (i18next's lookup costs about 10 µs a word, a shell's 40 words half a millisecond).
 * A kept text carries the namespaces its lookup read, which the next render records as its own.
 * Texts are kept by the translations they came from (the resources object): translations loaded
 * again (the development server after an edit) start afresh, and never meet the old texts.
 */
type Found = { usedNS?: string } | undefined;
type Translator = {
  language?: string;
  resourceStore?: { data?: object };
  resolve: (keys: unknown, options?: unknown) => Found;
  translate: (keys: unknown, options?: unknown, lastKey?: unknown) => unknown;
};
type Recording = I18n & { translator?: Translator; usedNamespaces?: Set<string> };
type Kept = { text: string; namespaces: string[] };

const keptByResources = new WeakMap<object, Map<string, Kept>>();
/** A bound, not a size anyone reaches: the texts of every screen in both languages are ~3,000. */
const KEPT_AT_MOST = 20_000;
/**
 * What react-i18next's and i18next's fixed `t` put into every lookup's options, and a text's
 * default (a status's own word when no text names it): each is part of what is kept.
 */
const PLAIN_OPTIONS = ["lng", "lngs", "ns", "keyPrefix", "defaultValue"];

export function recordUsedNamespaces(instance: I18n): void {
  const recording = instance as Recording;
  const translator = recording.translator;
  const used = new Set<string>();
  recording.usedNamespaces = used;
  if (!translator || typeof translator.resolve !== "function") return;
  const resolve = translator.resolve.bind(translator);
  const translate = translator.translate.bind(translator);
  /** The namespaces read by the lookup under way (a nested `$t(...)` reads more than one). */
  let reading: string[] | null = null;
  translator.resolve = (keys, options) => {
    const found = resolve(keys, options);
    if (found?.usedNS) {
      used.add(found.usedNS);
      reading?.push(found.usedNS);
    }
    return found;
  };
  const resources = translator.resourceStore?.data;
  if (!resources) return;
  const kept = keptByResources.get(resources) ?? new Map<string, Kept>();
  keptByResources.set(resources, kept);
  translator.translate = (keys, options, lastKey) => {
    const key = lastKey === undefined ? plainLookup(translator.language, keys, options) : undefined;
    if (key === undefined) return translate(keys, options, lastKey);
    const known = kept.get(key);
    if (known) {
      for (const namespace of known.namespaces) used.add(namespace);
      return known.text;
    }
    const outer = reading;
    reading = [];
    try {
      const text = translate(keys, options, lastKey);
      if (typeof text === "string" && kept.size < KEPT_AT_MOST) kept.set(key, { text, namespaces: reading });
      return text;
    } finally {
      outer?.push(...reading);
      reading = outer;
    }
  };
}

/** The lookup's key when its text depends on nothing but the language, namespaces and key. */
function plainLookup(language: string | undefined, keys: unknown, options: unknown): string | undefined {
  if (typeof keys !== "string") return undefined;
  if (options !== undefined && (typeof options !== "object" || options === null)) return undefined;
  const given = (options ?? {}) as Record<string, unknown>;
  for (const name in given) if (given[name] != null && !PLAIN_OPTIONS.includes(name)) return undefined;
  const parts = [language ?? "", ...PLAIN_OPTIONS.map((name) => given[name])].map(optionText);
  if (parts.includes(undefined)) return undefined;
  return `${parts.join("\u0000")}\u0000${keys}`;
}

function optionText(value: unknown): string | undefined {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(",");
  return undefined;
}

/** What `recordUsedNamespaces` saw so far in this render (none for an instance not recording). */
export function usedNamespaces(instance: I18n): string[] {
  return [...((instance as Recording).usedNamespaces ?? [])];
}
