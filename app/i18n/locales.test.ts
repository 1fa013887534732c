import { describe, expect, test } from "vitest";
import { LANGUAGES } from "./config";
import { resources } from "./resources.server";

function keys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("translations", () => {
  test("every English string has a Finnish translation, and no Finnish string is orphaned", () => {
    for (const namespace of Object.keys(resources.en)) {
      const en = keys(resources.en[namespace]).sort();
      const fi = keys(resources.fi?.[namespace]).sort();
      expect(fi, `namespace ${namespace}`).toEqual(en);
    }
  });

  test("no translation is empty", () => {
    for (const language of LANGUAGES) {
      for (const [namespace, tree] of Object.entries(resources[language])) {
        const empty = keys(tree).filter((key) => {
          const value = key.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree);
          return typeof value !== "string" || value.trim() === "";
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });
});
