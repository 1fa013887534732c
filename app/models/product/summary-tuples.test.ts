import { describe, expect, test } from "vitest";
import type { ProductSummary } from "./product-reads.server";
import { fromSummaryTuples, toSummaryTuples } from "./summary-tuples";

const product: ProductSummary = {
  id: 7,
  name: "Anker PowerCore 20000 Power Bank",
  sku: "ANK-PC20K-007",
  brand: "Anker",
  categoryName: null,
  sellingPrice: "49.90",
  stockLevel: 3,
  imageUrl: "https://example.com/a.png",
  status: "eol",
  margin: 22.4,
  marginCategory: "high",
};

describe("a list's products as tuples", () => {
  test("come back as the same products, every field", () => {
    const tuples = toSummaryTuples([product, { ...product, id: 8, imageUrl: null }]);
    expect(tuples[0]).toHaveLength(Object.keys(product).length);
    expect(fromSummaryTuples(tuples)).toEqual([product, { ...product, id: 8, imageUrl: null }]);
  });

  test("carry no field names", () => {
    expect(JSON.stringify(toSummaryTuples([product]))).not.toContain("sellingPrice");
  });
});
