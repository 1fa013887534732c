import { describe, expect, test } from "vitest";
import { eanCheckDigit } from "~/models/ean";
import type { LabelFacts } from "./label-facts";
import { escapeField, labelsZpl } from "./label-zpl";

const ean = `641718200345${eanCheckDigit("641718200345")}`;
const speaker: LabelFacts = {
  name: "JBL Flip 6 ^ kaiutin ~ sininen_uusi",
  brand: "JBL",
  sku: "JBL-FLIP6-BLU",
  ean,
  price: "129.90",
  campaignPrice: null,
  priorPrice: null,
  unit: null,
  netQuantity: null,
};

describe("ZPL for a Zebra roll", () => {
  test("one label is one ^XA...^XZ with the EAN in ^BE and the price as text", () => {
    const result = labelsZpl([speaker], {
      layout: "roll-58x40",
      dpi: 203,
      language: "fi",
      printedOn: "2026-11-22",
    });
    if (!result.ok) throw new Error(result.refusal.reason);
    const zpl = result.zpl;
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.trimEnd().endsWith("^XZ")).toBe(true);
    // 58 x 40 mm at 203 dpi; ^BE takes the 12 digits and prints its own check digit.
    expect(zpl).toContain("^PW463");
    expect(zpl).toContain("^LL319");
    expect(zpl).toMatch(new RegExp(`\\^BY3\\^FO\\d+,\\d+\\^BEN,\\d+,Y,N\\^FD${ean.slice(0, 12)}\\^FS`));
    expect(zpl).toContain("^FD129,90\u00a0€^FS");
    expect(result.withoutBarcode).toEqual([]);
  });

  test("^ and ~ in a name are written as hex under ^FH, so they cannot end the field", () => {
    const result = labelsZpl([speaker], {
      layout: "roll-62x29",
      dpi: 300,
      language: "en",
      printedOn: "2026-11-22",
    });
    if (!result.ok) throw new Error(result.refusal.reason);
    const name = result.zpl.split("\n").find((line) => line.includes("JBL Flip 6"));
    expect(name).toContain("^FH_^FDJBL Flip 6 _5E kaiutin _7E");
    expect(escapeField("a^b~c_d")).toBe("a_5Eb_7Ec_5Fd");
    expect(escapeField("line\nbreak")).toBe("linebreak");
  });

  test("a product without an EAN gets the SKU in ^BC; one without either gets no barcode", () => {
    const result = labelsZpl(
      [
        { ...speaker, ean: null },
        { ...speaker, ean: null, sku: "" },
      ],
      {
        layout: "roll-62x29",
        dpi: 203,
        language: "en",
        printedOn: "2026-11-22",
      },
    );
    if (!result.ok) throw new Error(result.refusal.reason);
    const [first, second] = result.zpl.split("^XZ");
    expect(first).toContain("^BCN,");
    expect(first).toContain("^FDJBL-FLIP6-BLU^FS");
    expect(second).not.toMatch(/\^B[CE8]/);
    expect(result.withoutBarcode).toEqual([{ index: 1, sku: "", reason: "noCode" }]);
  });

  test("an A4 sheet is not printed as ZPL", () => {
    expect(labelsZpl([speaker], { layout: "a4-3x8", language: "en", printedOn: "2026-11-22" })).toEqual({
      ok: false,
      refusal: { reason: "zplNeedsRoll" },
    });
  });
});
