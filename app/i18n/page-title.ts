import type { MetaFunction } from "@remix-run/react";
import i18next from "i18next";
import { DEFAULT_LANGUAGE } from "./config";

/**
 * The browser tab's title for a screen, in the interface language (the root loader's locale):
 * `export const meta = pageTitle("products:title")`. The texts come from the global i18next
 * instance: the browser's (its language is loaded before the page changes to it), or on the
 * server the one `i18next.server` fills with every language.
 */
export function pageTitle(key: string): MetaFunction {
  return ({ matches }) => {
    const locale = (matches.find((m) => m.id === "root")?.data as { locale?: string } | undefined)?.locale;
    return [{ title: `${i18next.getFixedT(locale ?? DEFAULT_LANGUAGE)(key)} · VoltStock` }];
  };
}
