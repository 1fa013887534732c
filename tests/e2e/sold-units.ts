import type { APIRequestContext } from "@playwright/test";
import { expect, uniqueId } from "./fixtures";

/**
 * A serial-tracked product sold through the API (issue #31), for the returns' tests: two units
 * received on a purchase order, one sold on a shipped order to a customer, the other in stock.
 * `guaranteeMonths` 0 makes a guarantee that ended the day before the sale.
 */
export async function soldUnit(api: APIRequestContext, guaranteeMonths = 24) {
  const id = uniqueId();
  const post = async (path: string, data: object, status = 201) => {
    const answer = await api.post(path, { data });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(status);
    return answer.json();
  };
  const product = await post("/api/products", {
    name: `Returned phone ${id}`,
    sku: `RET-${id}`,
    brand: "Nokia",
    supplier: `Returns supplier ${id}`,
    purchasePrice: "300.00",
    sellingPrice: "499.00",
    tracking: "serial",
    guaranteeMonths,
  });
  const serials = [`RET-${id}-SN1`.toUpperCase(), `RET-${id}-SN2`.toUpperCase()];
  const purchase = await post("/api/purchase-orders", {
    supplierId: product.supplierId,
    lines: [{ productId: product.id, quantity: 2 }],
  });
  await post(`/api/purchase-orders/${purchase.id}/transition`, { to: "sent" }, 200);
  await post(
    `/api/purchase-orders/${purchase.id}/receive`,
    { lines: [{ lineId: purchase.lines[0].id, quantity: 2, serials }] },
    200,
  );
  const customer = await post("/api/customers", {
    firstName: "Palauttaja",
    lastName: id,
    email: `returns-${id}@e2e.test`,
  });
  const order = await post("/api/orders", {
    customerId: customer.id,
    lines: [{ productId: product.id, quantity: 1 }],
  });
  await post(`/api/orders/${order.id}/transition`, { to: "confirmed" }, 200);
  await post(
    `/api/orders/${order.id}/transition`,
    { to: "shipped", serials: [{ lineId: order.lines[0].id, serials: [serials[0]] }] },
    200,
  );
  return {
    product,
    customer,
    order,
    lineId: order.lines[0].id as number,
    sold: serials[0],
    inStock: serials[1],
  };
}
