import { describe, expect, test } from "vitest";
import { effectivePoint, effectiveQuantity, needsReorder, suggestedQuantity } from "./reorder";

const shop = { reorderPoint: 10, reorderQuantity: 10 };

describe("reorder points", () => {
  test("a product without figures of its own takes the shop's; its own win", () => {
    expect(effectivePoint({ reorderPoint: null }, shop)).toBe(10);
    expect(effectivePoint({ reorderPoint: 0 }, shop)).toBe(0);
    expect(effectiveQuantity({ reorderQuantity: null }, shop)).toBe(10);
    expect(effectiveQuantity({ reorderQuantity: 24 }, shop)).toBe(24);
  });

  test("a product is to reorder at its point or under, not above", () => {
    const product = (stockLevel: number, reorderPoint: number | null = null) => ({
      stockLevel,
      reorderPoint,
    });
    expect(needsReorder(product(10), shop)).toBe(true);
    expect(needsReorder(product(0), shop)).toBe(true);
    expect(needsReorder(product(11), shop)).toBe(false);
    expect(needsReorder(product(3, 2), shop)).toBe(false);
    expect(needsReorder(product(2, 2), shop)).toBe(true);
    // A point of 0: only when out of stock.
    expect(needsReorder(product(0, 0), shop)).toBe(true);
    expect(needsReorder(product(1, 0), shop)).toBe(false);
  });

  test("the suggestion orders up to point + quantity, at least the quantity while nothing is on order", () => {
    const suggest = (stockLevel: number, point: number | null, quantity: number | null, onOrder?: number) =>
      suggestedQuantity({ stockLevel, reorderPoint: point, reorderQuantity: quantity, onOrder }, shop);
    expect(suggest(10, null, null)).toBe(10);
    expect(suggest(4, null, null)).toBe(16);
    expect(suggest(0, null, null)).toBe(20);
    expect(suggest(5, 5, 24)).toBe(24);
    expect(suggest(0, 0, 1)).toBe(1);
    // What is on order counts as stock on its way; never below 0.
    expect(suggest(4, null, null, 10)).toBe(6);
    expect(suggest(4, null, null, 30)).toBe(0);
    // A quantity of 0: just back up to the point.
    expect(suggest(3, 8, 0)).toBe(5);
  });
});
