import { describe, expect, test } from "vitest";
import type { LabelFacts } from "./label-facts";
import { labelTexts } from "./label-words";

const NBSP = /\u00a0|\u202f/g;
const plain = (text: string | null) => text?.replace(NBSP, " ") ?? null;

const cable: LabelFacts = {
  name: "HDMI-kaapeli 2.1 8K 5 m",
  brand: "Deltaco",
  sku: "CAB-HDMI-5M",
  ean: null,
  price: "14.90",
  campaignPrice: null,
  priorPrice: null,
  unit: "m",
  netQuantity: "5",
};

describe("a label's texts", () => {
  test("a 5 m cable at 14,90 € shows 2,98 €/m in Finnish and €2.98/m in English", () => {
    expect(plain(labelTexts(cable, "fi", "2026-11-22").unitPrice)).toBe("2,98 €/m");
    expect(plain(labelTexts(cable, "en", "2026-11-22").unitPrice)).toBe("€2.98/m");
  });

  test("while a campaign runs, the campaign price is shown with the lowest price of the 30 days before", () => {
    const tv = {
      ...cable,
      unit: null,
      netQuantity: null,
      price: "99.90",
      campaignPrice: "79.90",
      priorPrice: "89.90",
    };
    const fi = labelTexts(tv, "fi", "2026-11-22");
    expect(plain(fi.price)).toBe("79,90 €");
    expect(plain(fi.priorPrice)).toBe("Alin hinta 30 päivän aikana ennen alennusta: 89,90 €");
    expect(labelTexts(tv, "en", "2026-11-22").priorPrice).toBe("Lowest price in the 30 days before: €89.90");
  });

  test("the unit price follows the campaign price", () => {
    expect(
      plain(
        labelTexts({ ...cable, campaignPrice: "9.90", priorPrice: "14.90" }, "fi", "2026-11-22").unitPrice,
      ),
    ).toBe("1,98 €/m");
  });

  test("without a campaign there is no prior-price line; the date is the shop's calendar day", () => {
    const texts = labelTexts(cable, "fi", "2026-11-22");
    expect(texts.priorPrice).toBeNull();
    expect(texts.printedOn).toBe("22.11.2026");
    expect(plain(labelTexts({ ...cable, price: "1234.50" }, "fi", "2026-11-22").price)).toBe("1 234,50 €");
  });
});
