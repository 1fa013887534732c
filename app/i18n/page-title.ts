import type { MetaFunction } from "@remix-run/react";
import { DEFAULT_LANGUAGE, resources } from "./config";

/** A text of the bundled translations in the given language, English where it has none. */
function translate(locale: string, key: string): string {
  const [namespace, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  const find = (language: string) =>
    path
      .split(".")
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        resources[language]?.[namespace],
      );
  const text = find(locale) ?? find(DEFAULT_LANGUAGE);
  return typeof text === "string" ? text : key;
}

/**
 * The browser tab's title for a screen, in the interface language (the root loader's locale):
 * `export const meta = pageTitle("products:title")`.
 */
export function pageTitle(key: string): MetaFunction {
  return ({ matches }) => {
    const locale = (matches.find((m) => m.id === "root")?.data as { locale?: string } | undefined)?.locale;
    return [{ title: `${translate(locale ?? DEFAULT_LANGUAGE, key)} · VoltStock` }];
  };
}
