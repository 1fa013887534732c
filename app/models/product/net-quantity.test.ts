import { expect, test } from "vitest";
import { netQuantityText, parseNetQuantity } from "./net-quantity";

test("a stored net quantity reads as people write it", () => {
  expect(netQuantityText("5.000")).toBe("5");
  expect(netQuantityText("0.750")).toBe("0.75");
  expect(netQuantityText("10.500")).toBe("10.5");
  expect(netQuantityText("100")).toBe("100");
});

test("a typed quantity: a comma or a point, spaces, leading zeros", () => {
  expect(parseNetQuantity("0,75")).toBe("0.75");
  expect(parseNetQuantity("1 000")).toBe("1000");
  expect(parseNetQuantity("007.50")).toBe("7.5");
  expect(parseNetQuantity(2)).toBe("2");
  expect(parseNetQuantity("0")).toBeNull();
  expect(parseNetQuantity("1,2,3")).toBeNull();
});
