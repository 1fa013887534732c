import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { eanCheckDigit } from "~/models/ean";
import type { LabelFacts } from "./label-facts";
import { type LabelPrintOptions, labelsPdf } from "./label-pdf.server";

// poppler-utils reads the PDF back (pdfinfo, pdftotext, pdftoppm) as a printer driver would.
const folder = mkdtempSync(join(tmpdir(), "labels-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  // The reader's wasm from node_modules: no network (emscripten would otherwise fetch it from a CDN).
  const wasm = createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm");
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true });
});

let printed = 0;
async function print(labels: LabelFacts[], options: Partial<LabelPrintOptions> = {}) {
  const result = await labelsPdf(labels, {
    layout: "a4-3x8",
    language: "fi",
    printedOn: "2026-11-22",
    ...options,
  });
  if (!result.ok) throw new Error(`refused: ${result.refusal.reason}`);
  const file = join(folder, `print-${++printed}.pdf`);
  writeFileSync(file, result.pdf);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/[\u00a0\u202f]/g, " ");
  return { ...result, file, text, pageCount: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), info };
}

const ean = (first12: string) => `${first12}${eanCheckDigit(first12)}`;
const product = (name: string, code: string, price: string): LabelFacts => ({
  name,
  brand: "VoltBrand",
  sku: `SKU-${code.slice(-4)}`,
  ean: code,
  price,
  campaignPrice: null,
  priorPrice: null,
  unit: null,
  netQuantity: null,
});
const three = [
  product("Logitech MX Master 3S hiiri", ean("509920000001"), "99.90"),
  product("Anker PowerCore 10000 varavirtalähde", ean("640000000002"), "34.50"),
  product("Philips Hue White E27 lamppu", ean("871869600003"), "1299.00"),
];

describe("shelf labels as a PDF", () => {
  test("three products on a 3 x 8 sheet: one page that says each name and price, whose barcodes read back", async () => {
    const pdf = await print(three);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages).toBe(1);
    expect(pdf.info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    for (const label of three) expect(pdf.text).toContain(label.name);
    for (const price of ["99,90 €", "34,50 €", "1 299,00 €"]) expect(pdf.text).toContain(price);

    execFileSync("pdftoppm", ["-r", "300", "-png", pdf.file, join(folder, "sheet")]);
    const png = readdirSync(folder).find((name) => name.startsWith("sheet") && name.endsWith(".png"));
    const image = readFileSync(join(folder, png ?? "missing.png"));
    const noNetwork = vi.fn(() => Promise.reject(new Error("no network in this test")));
    vi.stubGlobal("fetch", noNetwork);
    try {
      const found = await readBarcodes(new Uint8Array(image), { formats: ["EAN13"], tryHarder: true });
      expect(found.map((code) => code.text).sort()).toEqual(three.map((label) => label.ean).sort());
    } finally {
      vi.unstubAllGlobals();
    }
    expect(noNetwork).not.toHaveBeenCalled();
  });

  test("a campaign shows its price and the lowest price of the 30 days before, in the print's language", async () => {
    const tv = {
      ...three[0],
      name: 'Samsung 55" QLED',
      price: "999.90",
      campaignPrice: "799.90",
      priorPrice: "89.90",
    };
    const fi = await print([tv], { language: "fi" });
    expect(fi.text).toContain("799,90 €");
    expect(fi.text).not.toContain("999,90 €");
    expect(fi.text).toContain("Alin hinta 30 päivän aikana ennen alennusta: 89,90 €");
    const en = await print([tv], { language: "en" });
    expect(en.text).toContain("€799.90");
    expect(en.text).toContain("Lowest price in the 30 days before: €89.90");
  });

  test("a 5 m cable at 14,90 € shows its price per metre", async () => {
    const cable = {
      ...three[1],
      name: "HDMI-kaapeli 5 m",
      price: "14.90",
      unit: "m" as const,
      netQuantity: "5",
    };
    expect((await print([cable], { language: "fi" })).text).toContain("2,98 €/m");
    expect((await print([cable], { language: "en", layout: "roll-62x29", dpi: 300 })).text).toContain(
      "€2.98/m",
    );
  });

  test("a product without EAN and SKU prints without a barcode, and the result says so", async () => {
    const pdf = await print([three[0], { ...three[1], ean: null, sku: "" }]);
    expect(pdf.text).toContain(three[1].name);
    expect(pdf.withoutBarcode).toEqual([{ index: 1, sku: "", reason: "noCode" }]);
  });

  test("an offset starts on a half-used sheet, and what does not fit goes on the next", async () => {
    expect((await print(three, { offset: 21 })).pageCount).toBe(1);
    expect((await print(three, { offset: 22 })).pageCount).toBe(2);
    expect((await print(Array.from({ length: 25 }, () => three[0]))).pageCount).toBe(2);
  });

  test("a roll prints one label per page at the label's size", async () => {
    const pdf = await print(three, { layout: "roll-58x40", dpi: 203 });
    expect(pdf.pageCount).toBe(3);
    expect(pdf.info).toMatch(/Page size:\s+164\.4\d* x 113\.3\d* pts/);
  });

  test("a print that breaks a rule is refused before anything is drawn", async () => {
    const options = { layout: "a4-3x8", language: "en", printedOn: "2026-11-22" } as const;
    expect(await labelsPdf(three, { ...options, layout: "a5-1x1" })).toMatchObject({ ok: false });
    expect(await labelsPdf(three, { ...options, offset: 24 })).toMatchObject({
      ok: false,
      refusal: { reason: "offsetPastSheet" },
    });
    expect(
      await labelsPdf(
        Array.from({ length: 5001 }, () => three[0]),
        options,
      ),
    ).toMatchObject({
      ok: false,
      refusal: { reason: "tooManyLabels" },
    });
  });
});
