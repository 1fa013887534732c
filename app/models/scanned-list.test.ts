import { describe, expect, test } from "vitest";
import { addScanned, changeQuantity } from "./scanned-list";

describe("the scanned list", () => {
  test("scanning a product again raises its quantity; a new one goes first", () => {
    let list = addScanned([], 1);
    list = addScanned(list, 2);
    list = addScanned(list, 1);
    expect(list).toEqual([
      { productId: 2, quantity: 1 },
      { productId: 1, quantity: 2 },
    ]);
  });

  test("minus lowers the quantity and removes the item at zero", () => {
    const list = [{ productId: 1, quantity: 1 }];
    expect(changeQuantity(list, 1, 1)).toEqual([{ productId: 1, quantity: 2 }]);
    expect(changeQuantity(list, 1, -1)).toEqual([]);
  });
});
