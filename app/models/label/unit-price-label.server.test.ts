import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import type { Language } from "~/i18n/config";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { printLabels } from "./label-print.server";

/**
 * Issue #30's case, from the product to the paper: a cable sold by the metre, written through the
 * product's write path, prints a label whose unit price poppler's pdftotext reads back.
 */
const db = testDatabase();
const folder = mkdtempSync(join(tmpdir(), "unit-price-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function labelText(productId: number, language: Language, layout = "a4-3x8") {
  const printed = await db.inRequest(() =>
    printLabels({ productIds: [productId] }, { layout, dpi: 203, language, userId: null }),
  );
  if (!printed.ok) throw new Error(printed.refusal.reason);
  const file = join(folder, `${productId}-${language}-${layout}.pdf`);
  writeFileSync(file, printed.body);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/[\u00a0\u202f]/g, " ");
}

test("a 5 m cable at 14,90 € shows 2,98 €/m on its label (€2.98/m in English)", async () => {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "HDMI-kaapeli 5 m",
        sku: "HDMI-5M",
        brand: "Volt",
        purchasePrice: "5.00",
        sellingPrice: "14,90",
        supplier: "Tech Data",
        unit: "m",
        netQuantity: "5",
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  expect(made.product).toMatchObject({ unit: "m", netQuantity: "5", sellingPrice: "14.90" });
  const fi = await labelText(made.product.id, "fi");
  expect(fi).toContain("14,90 €");
  expect(fi).toContain("2,98 €/m");
  expect(await labelText(made.product.id, "en", "roll-62x29")).toContain("€2.98/m");
});

test("a product sold by the piece has no unit price on its label", async () => {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "USB-laturi",
        sku: "USB-20W",
        brand: "Volt",
        purchasePrice: "5.00",
        sellingPrice: "14.90",
        supplier: "Tech Data",
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  const text = await labelText(made.product.id, "fi");
  expect(text).toContain("14,90 €");
  expect(text).not.toMatch(/€\/(m|kg|l)\b/);
});
