import type { i18n as I18n } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage } from "./config";

/**
 * The browser's translations, one file per language and namespace (`locales/en/products.json`),
 * content-hashed by the build and cached by the browser for good (`/assets`, immutable). A page
 * loads only the namespaces it renders: the server names them, with their files, in the page
 * (`NamespaceList` in root) and preloads its routes' own, so they arrive while the page paints.
 * A screen reached by client-side navigation loads its routes' namespaces before it shows (root
 * suspends the navigation until they are there); another language is loaded, namespace by
 * namespace, before the page changes to it. Where each file is comes from the server (the root
 * loader's `translations`, one language's): the browser's script holds no list of them.
 */
export type NamespaceFiles = Record<string, string>;

const FILES: Record<string, NamespaceFiles> = {};

/** Remembers where a language's namespace files are (from the page, or the root loader). */
export function knowNamespaceFiles(language: string, files: NamespaceFiles) {
  FILES[language] = { ...FILES[language], ...files };
}

/** A namespace file's address from what the server gave: a whole address, or the build's hash alone. */
export function namespaceUrl(namespace: string, given: string): string {
  return given.startsWith("/") ? given : `/assets/${namespace}-${given}.json`;
}

/** The address of one language's namespace file, or undefined for one that is not known. */
export function namespaceFile(language: string, namespace: string): string | undefined {
  const given = FILES[language]?.[namespace];
  return given === undefined ? undefined : namespaceUrl(namespace, given);
}

/** Where the server lists the namespaces a page rendered, with their files (a JSON object). */
export const NAMESPACE_LIST_ID = "i18n-namespaces";

/** The namespaces the page's routes declare (`handle.i18n`), common first, each once. */
export function routeNamespaces(matches: readonly { handle?: unknown }[]): string[] {
  const namespaces = new Set(["common"]);
  for (const match of matches) {
    const declared = (match.handle as { i18n?: unknown } | undefined)?.i18n;
    if (Array.isArray(declared)) for (const ns of declared) if (typeof ns === "string") namespaces.add(ns);
  }
  return [...namespaces];
}

/**
 * The namespaces the server named in the page, whose files it now knows, or null (a page
 * rendered without them).
 */
export function readNamespaceList(language: string): string[] | null {
  const text = document.getElementById(NAMESPACE_LIST_ID)?.textContent;
  const listed: unknown = text ? JSON.parse(text) : null;
  if (typeof listed !== "object" || listed === null) return null;
  const files = Object.fromEntries(
    Object.entries(listed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  knowNamespaceFiles(language, files);
  return Object.keys(files);
}

/** Inline JSON for a `<script type="application/json">`: nothing in it can close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

const loading = new Map<string, Promise<Record<string, unknown>>>();

/** One namespace file's texts; each file is asked for once. */
export function fetchNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const key = `${language}/${namespace}`;
  let found = loading.get(key);
  if (!found) {
    const file = namespaceFile(language, namespace);
    found = file
      ? fetch(file).then((response) => {
          if (!response.ok) throw new Error(`${file}: ${response.status}`);
          return response.json() as Promise<Record<string, unknown>>;
        })
      : Promise.resolve({});
    // A failed request (the network dropped) is asked again next time.
    found.catch(() => loading.delete(key));
    loading.set(key, found);
  }
  return found;
}

/** Texts of one language's namespaces, by namespace: what i18next's `resources` takes. */
export async function fetchNamespaces(language: string, namespaces: readonly string[]) {
  const texts = await Promise.all(namespaces.map((ns) => fetchNamespace(language, ns)));
  return Object.fromEntries(namespaces.map((ns, i) => [ns, texts[i]]));
}

/** The namespaces of `language` that i18next does not hold yet (of those whose files are known). */
export function missingNamespaces(i18n: I18n, language: string, namespaces: readonly string[]) {
  return namespaces.filter((ns) => namespaceFile(language, ns) && !i18n.hasResourceBundle(language, ns));
}

/** Loads these namespaces of a language into i18next. */
export async function addNamespaces(i18n: I18n, language: string, namespaces: readonly string[]) {
  const missing = missingNamespaces(i18n, language, namespaces);
  const texts = await fetchNamespaces(language, missing);
  for (const [ns, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, ns, bundle, true, true);
}

const pending = new Map<string, Promise<void>>();
/** Loads that failed (offline): the screen shows without them rather than wait for ever. */
const failed = new Set<string>();

/**
 * For a screen about to show (root, on navigation): nothing when its namespaces are there, else
 * the promise of their loading, which root throws so that React keeps the screen before on show
 * until they are (navigations are transitions).
 */
export function namespacesReady(i18n: I18n, namespaces: readonly string[]): Promise<void> | null {
  const language = i18n.language;
  const missing = missingNamespaces(i18n, language, namespaces);
  if (missing.length === 0) return null;
  const key = `${language}:${missing.join(",")}`;
  if (failed.has(key)) return null;
  let found = pending.get(key);
  if (!found) {
    found = addNamespaces(i18n, language, missing)
      .catch(() => {
        failed.add(key);
      })
      .finally(() => pending.delete(key));
    pending.set(key, found);
  }
  return found;
}

let wanted: string | undefined;

/**
 * Switches i18next to a language once the namespaces the page holds are loaded in it; the last
 * call wins.
 */
export async function changeLanguage(i18n: I18n, language: string): Promise<void> {
  wanted = language;
  // Where that language's files are comes with the root loader's data after the switch is saved;
  // useLanguage calls again then.
  if (!isLanguage(language) || !FILES[language]) return;
  const held = Object.keys(i18n.store?.data?.[i18n.language] ?? {});
  await addNamespaces(i18n, language, held.length ? held : ["common"]);
  if (wanted === language && i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * Follows the root loader's locale (after a language switch, or another tab's), with where that
 * language's namespace files are.
 */
export function useLanguage(locale: string, files: NamespaceFiles) {
  const { i18n } = useTranslation();
  // Known before the screens render: a navigation looks its namespaces up at once.
  knowNamespaceFiles(locale, files);
  useEffect(() => {
    void changeLanguage(i18n, locale);
  }, [i18n, locale]);
}
