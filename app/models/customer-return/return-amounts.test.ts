import { describe, expect, test } from "vitest";
import { goodsGoTo } from "./customer-return-state";
import { guaranteeEnded, paidPerUnit, refundAmounts, refundLimit, unitAge } from "./return-amounts";

describe("a customer return's amounts and dates", () => {
  test("what was paid per unit is the line's price after the order's discount, to the cent", () => {
    expect(paidPerUnit("499.00", "10.00")).toBe("449.10");
    expect(paidPerUnit("19.99", "0")).toBe("19.99");
    expect(paidPerUnit("0.05", "50")).toBe("0.03"); // 2.5 cents, half up
    expect(refundLimit("449.10", 3)).toBe("1347.30");
  });

  test("the refund's VAT per rate adds up to its total; lines not refunded count nothing", () => {
    expect(
      refundAmounts([
        { refundAmount: "449.10", vatRate: "25.50" },
        { refundAmount: "10.00", vatRate: "14.00" },
        { refundAmount: null, vatRate: "25.50" },
        { refundAmount: "100.00", vatRate: "25.50" },
      ]),
    ).toEqual({
      total: "559.10",
      tax: "112.80",
      net: "446.30",
      vatBreakdown: [
        { rate: "25.50", gross: "549.10", vat: "111.57", net: "437.53" },
        { rate: "14.00", gross: "10.00", vat: "1.23", net: "8.77" },
      ],
    });
    expect(refundAmounts([])).toEqual({ total: "0.00", tax: "0.00", net: "0.00", vatBreakdown: [] });
  });

  test("a unit's age is in days under a month, else in whole months", () => {
    expect(unitAge("2026-01-31", "2026-02-14")).toEqual({ days: 14 });
    expect(unitAge("2026-01-31", "2026-02-28")).toEqual({ months: 1 }); // the month's last day
    expect(unitAge("2026-01-15", "2026-02-14")).toEqual({ days: 30 });
    expect(unitAge("2024-11-27", "2026-11-27")).toEqual({ months: 24 });
    expect(unitAge("2024-11-28", "2026-11-27")).toEqual({ months: 23 });
  });

  test("a guarantee has ended the day after its last day; none stated never ends", () => {
    expect(guaranteeEnded("2026-11-26", "2026-11-27")).toBe(true);
    expect(guaranteeEnded("2026-11-27", "2026-11-27")).toBe(false);
    expect(guaranteeEnded(null, "2099-01-01")).toBe(false);
  });

  test("replaced and refunded goods go to the defective stock only when the reason says they are faulty", () => {
    expect(goodsGoTo("defective", "replaced")).toBe("defective");
    expect(goodsGoTo("guarantee_claim", "refunded")).toBe("defective");
    expect(goodsGoTo("change_of_mind", "refunded")).toBe("stock");
    expect(goodsGoTo("wrong_item", "replaced")).toBe("stock");
    expect(goodsGoTo("defective", "back_to_stock")).toBe("stock");
    expect(goodsGoTo("change_of_mind", "defective_stock")).toBe("defective");
  });
});
