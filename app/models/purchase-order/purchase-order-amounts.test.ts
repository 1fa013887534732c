import { describe, expect, test } from "vitest";
import { netPurchasePrice, purchaseAmounts, purchasePriceFromCost } from "./purchase-order-amounts";
import {
  canEditPurchaseOrder,
  canMovePurchaseOrder,
  canReceive,
  manualMoves,
  statusAfterReceipt,
} from "./purchase-order-status";

describe("a purchase order's amounts", () => {
  test("two rates: the lines without VAT, the VAT per rate rounded half up, and totals that add up to the cent", () => {
    const amounts = purchaseAmounts([
      { unitCost: "19.99", quantity: 3, vatRate: "25.50" },
      { unitCost: "4.05", quantity: 7, vatRate: "13.50" },
      { unitCost: "0.10", quantity: 1, vatRate: "25.50" },
    ]);
    // 59.97 + 0.10 = 60.07 at 25.5 %: VAT 15.31785 -> 15.32; 28.35 at 13.5 %: 3.82725 -> 3.83.
    expect(amounts).toEqual({
      lineTotals: ["59.97", "28.35", "0.10"],
      subtotal: "88.42",
      taxAmount: "19.15",
      totalAmount: "107.57",
      vatBreakdown: [
        { rate: "25.50", net: "60.07", vat: "15.32", gross: "75.39" },
        { rate: "13.50", net: "28.35", vat: "3.83", gross: "32.18" },
      ],
    });
  });

  test("no lines are all zero; a negative or fractional quantity is refused", () => {
    expect(purchaseAmounts([])).toMatchObject({ subtotal: "0.00", taxAmount: "0.00", totalAmount: "0.00" });
    expect(() => purchaseAmounts([{ unitCost: "1.00", quantity: 1.5, vatRate: "24" }])).toThrow(RangeError);
    expect(() => purchaseAmounts([{ unitCost: "-1.00", quantity: 1, vatRate: "24" }])).toThrow(RangeError);
  });

  test("a product's purchase price without VAT, and back from a cost on the product's own VAT basis", () => {
    expect(netPurchasePrice({ purchasePrice: "12.55", vatInclusive: true, vatRate: "25.50" })).toBe("10.00");
    expect(netPurchasePrice({ purchasePrice: "25.10", vatInclusive: true, vatRate: 25.5 })).toBe("20.00");
    expect(netPurchasePrice({ purchasePrice: "9.99", vatInclusive: false, vatRate: "25.50" })).toBe("9.99");
    expect(purchasePriceFromCost("29.00", { vatInclusive: true, vatRate: "25.50" })).toBe("36.40");
    expect(purchasePriceFromCost("29.00", { vatInclusive: false, vatRate: "25.50" })).toBe("29.00");
    // A cost read back from its purchase price is the same cost (to the cent), so no change is seen.
    for (const cost of ["0.01", "0.99", "10.50", "123.45", "9999.99"]) {
      const price = purchasePriceFromCost(cost, { vatInclusive: true, vatRate: "13.50" });
      expect(netPurchasePrice({ purchasePrice: price, vatInclusive: true, vatRate: "13.50" })).toBe(cost);
    }
  });
});

describe("a purchase order's moves", () => {
  test("people send or cancel a draft, cancel a sent order, close a partly received one; nothing else", () => {
    expect(manualMoves("draft")).toEqual(["sent", "cancelled"]);
    expect(manualMoves("sent")).toEqual(["cancelled"]);
    expect(manualMoves("partially_received")).toEqual(["received"]);
    expect(manualMoves("received")).toEqual([]);
    expect(manualMoves("cancelled")).toEqual([]);
    expect(manualMoves("toString")).toEqual([]);
    expect(canMovePurchaseOrder("partially_received", "cancelled")).toBe(false);
    expect(canMovePurchaseOrder("sent", "received")).toBe(false);
    expect(canMovePurchaseOrder("draft", "sent")).toBe(true);
  });

  test("only a draft is edited; goods come in on sent and partly received orders", () => {
    expect(
      ["draft", "sent", "partially_received", "received", "cancelled"].map(canEditPurchaseOrder),
    ).toEqual([true, false, false, false, false]);
    expect(["draft", "sent", "partially_received", "received", "cancelled"].map(canReceive)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  test("after a receipt: received when every line came in full or more, else partially received", () => {
    expect(statusAfterReceipt([{ ordered: 10, received: 8 }])).toBe("partially_received");
    expect(
      statusAfterReceipt([
        { ordered: 10, received: 10 },
        { ordered: 2, received: 3 },
      ]),
    ).toBe("received");
    expect(
      statusAfterReceipt([
        { ordered: 10, received: 12 },
        { ordered: 2, received: 0 },
      ]),
    ).toBe("partially_received");
  });
});
