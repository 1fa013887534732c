import { createInstance, type i18n } from "i18next";
import { describe, expect, test } from "vitest";
import { i18nConfig } from "./config";
import { recordUsedNamespaces, usedNamespaces } from "./used-namespaces";

// Translations of this test's own: texts are kept by the translations they came from.
const resources = {
  en: {
    common: {},
    "memo-a": {
      hello: "Hello",
      greet: "Hi $t(memo-b:name)",
      items: "{{count}} item",
      items_other: "{{count}} items",
    },
    "memo-b": { name: "Anna", only: "English only" },
  },
  fi: { common: {}, "memo-a": { hello: "Hei" }, "memo-b": {} },
};

type Counted = i18n & { lookups: number };
type Lookup = { resolve: (...args: unknown[]) => unknown };

/** A request's clone, as entry.server makes it, counting the lookups i18next itself does. */
async function request(lng: "en" | "fi"): Promise<Counted> {
  const base = createInstance();
  await base.init({ ...i18nConfig, lng, ns: ["common", "memo-a", "memo-b"], resources });
  const clone = base.cloneInstance() as Counted;
  clone.lookups = 0;
  const translator = (clone as unknown as { translator: Lookup }).translator;
  const resolve = translator.resolve.bind(translator);
  translator.resolve = (...args) => {
    clone.lookups++;
    return resolve(...args);
  };
  recordUsedNamespaces(clone);
  return clone;
}

describe("a request's translator", () => {
  test("keeps plain lookups: the same text on every render, and each render records its namespaces", async () => {
    for (let view = 0; view < 2; view++) {
      const en = await request("en");
      // As react-i18next's useTranslation asks: no language (the instance's), one namespace.
      const greet = en.getFixedT(null, "memo-a");
      expect(greet("hello")).toBe("Hello");
      // A nested lookup: both namespaces are recorded, also when the text was kept.
      expect(en.t("memo-a:greet")).toBe("Hi Anna");
      expect(usedNamespaces(en).sort()).toEqual(["memo-a", "memo-b"]);
      const fi = await request("fi");
      expect(fi.getFixedT("fi", "memo-a")("hello")).toBe("Hei");
      // Finnish falls back to English: kept per language.
      expect(fi.t("memo-b:only")).toBe("English only");
      expect(usedNamespaces(fi)).toEqual(["memo-a", "memo-b"]);
      // The second render looks nothing up: every text was kept by the first.
      if (view === 1) expect(en.lookups + fi.lookups).toBe(0);
    }
  });

  test("keeps texts by the translations they came from: translations loaded again start afresh", async () => {
    const before = await request("en");
    expect(before.t("memo-a:hello")).toBe("Hello");
    const edited = createInstance();
    await edited.init({
      ...i18nConfig,
      lng: "en",
      ns: ["memo-a"],
      resources: { en: { "memo-a": { hello: "Hi" } } },
    });
    const after = edited.cloneInstance();
    recordUsedNamespaces(after);
    expect(after.t("memo-a:hello")).toBe("Hi");
  });

  test("never keeps a lookup with values or counts, and keeps a default with its key", async () => {
    const en = await request("en");
    const t = en.getFixedT("en", "memo-a");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 3 })).toBe("3 items");
    for (let view = 0; view < 2; view++) {
      expect(t("missing", { defaultValue: "first" })).toBe("first");
      expect(t("missing", { defaultValue: "second" })).toBe("second");
      expect(t("hello", { defaultValue: "unused" })).toBe("Hello");
    }
  });
});
