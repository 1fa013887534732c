import { describe, expect, test } from "vitest";
import { labelFactsOf } from "~/models/label/label-print.server";
import {
  filtersPreviewHref,
  type LabelSource,
  labelPreviewHref,
  labelSourceFields,
} from "~/models/label/label-source";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { saveScanned } from "~/web/scanner.server";
import { testDatabase } from "../../../tests/setup/database";
import { labelSelectionOf, readLabelSource } from "./label-source.server";

const db = testDatabase();

const read = (query: string) => readLabelSource(new URLSearchParams(query));

describe("a print's source, as the preview's address and the print form name it", () => {
  test("the /products filters are read as that page reads them; its page size is left out", () => {
    expect(
      read("from=filters&search=%20hue%20&category=3&status=active&sort=price&dir=asc&limit=100"),
    ).toEqual({
      from: "filters",
      filters: { search: "hue", category: 3, supplierId: null, status: "active", sort: "price", dir: "asc" },
    });
    // A bad value is ignored as /products ignores it: the whole list, as that address shows.
    expect(read("from=filters&search=hue&status=sold")).toEqual({
      from: "filters",
      filters: {
        search: null,
        category: null,
        supplierId: null,
        status: null,
        sort: "newest",
        dir: undefined,
      },
    });
    // The /products page's link keeps its filters and order, not its page size.
    expect(filtersPreviewHref("?search=hue&limit=100&sort=price")).toBe(
      "/labels/new?from=filters&search=hue&sort=price",
    );
  });

  test("a campaign's moment and a purchase order need a valid id; products need one at least", () => {
    expect(read("from=campaign&id=5&moment=start")).toEqual({ from: "campaign", id: 5, moment: "start" });
    expect(read("from=campaign&id=5&moment=later")).toBeNull();
    expect(read("from=campaign&id=abc&moment=end")).toBeNull();
    expect(read("from=purchase-order&id=7")).toEqual({ from: "purchase-order", id: 7 });
    expect(read("from=purchase-order&id=-7")).toBeNull();
    expect(read("from=elsewhere")).toBeNull();
    // Without `from`: the queue's form and a product page's form.
    expect(read("queue=all")).toEqual({ from: "queue" });
    expect(read("product=4&product=x&product=2")).toEqual({ from: "products", ids: [4, 2] });
    expect(read("")).toBeNull();
  });

  test("the fields written are read back as the same source", () => {
    const sources: LabelSource[] = [
      { from: "queue" },
      { from: "scanned" },
      { from: "products", ids: [3, 1] },
      { from: "campaign", id: 5, moment: "end" },
      { from: "purchase-order", id: 7 },
      {
        from: "filters",
        filters: { search: "hue", category: 3, supplierId: 2, status: "eol", sort: "name", dir: "desc" },
      },
    ];
    for (const source of sources) {
      expect(readLabelSource(new URLSearchParams(labelSourceFields(source)))).toEqual(source);
      expect(new URL(labelPreviewHref(source), "http://shop").pathname).toBe("/labels/new");
    }
  });
});

test("the scanned list's labels: its products from the session, one each, in the list's order", async () => {
  const made = async (name: string, sku: string) => {
    const result = await db.inRequest(() =>
      createProduct(
        productSchema.parse({
          name,
          sku,
          brand: "B",
          purchasePrice: "1.00",
          sellingPrice: "2.00",
          supplier: "S",
        }),
        null,
      ),
    );
    if (!result.ok) throw new Error(result.reason);
    return result.product.id;
  };
  const lamp = await made("Lamp", "LM-1");
  const cable = await made("Cable", "CB-1");
  const setCookie = await db.inRequest(() =>
    saveScanned(new Request("http://shop/barcode-scanner"), [
      { productId: cable, quantity: 3 },
      { productId: lamp, quantity: 1 },
    ]),
  );
  const request = new Request("http://shop/labels/new?from=scanned", {
    headers: { Cookie: setCookie.split(";")[0] },
  });
  const source = readLabelSource(new URL(request.url).searchParams);
  if (!source) throw new Error("no source");
  const selection = await db.inRequest(() => labelSelectionOf(request, source));
  expect(selection).toEqual({ productIds: [cable, lamp] });
  const { facts } = await db.inRequest(() => labelFactsOf(selection));
  expect(facts.map((label) => label.name)).toEqual(["Cable", "Lamp"]);
  // Without a session the list is empty: no labels.
  const empty = await db.inRequest(() => labelSelectionOf(new Request("http://shop/"), { from: "scanned" }));
  expect(empty).toEqual({ productIds: [] });
});
