import { MAX_MONEY } from "~/models/money";
import { searchParamsObject } from "~/models/product/product-schema";
import type { PurchaseOrderFilters, PurchaseRefusal } from "~/models/purchase-order/purchase-order.server";
import { purchaseOrderQuerySchema } from "~/models/purchase-order/purchase-order-schema";
import { apiError, englishText, validationError } from "~/web/api.server";
import { serialRefusal } from "~/web/serial/serial-refusal.server";

/**
 * The API's answers for purchase orders: each refusal of purchase-order.server.ts as an HTTP
 * status and an English message, in one place for every /api/purchase-orders route.
 */

/** "partially_received" -> "partially received" */
const spoken = (status: string) => status.replaceAll("_", " ");

const MOVED_TO: Record<string, string> = { sent: "sent", cancelled: "cancelled", received: "closed" };

export function purchaseOrderNotFound(): Response {
  return apiError(404, "Purchase order not found");
}

export function purchaseRefusal(refusal: PurchaseRefusal): Response {
  switch (refusal.reason) {
    case "notFound":
      return purchaseOrderNotFound();
    case "stale":
      return apiError(
        409,
        "The purchase order has changed since you read it: read it again and make your change again",
      );
    case "locked":
      return apiError(409, "Only a draft purchase order can be changed");
    case "noLines":
      return apiError(409, "The purchase order has no lines: add a product first");
    case "illegalMove": {
      const hint =
        refusal.from === "partially_received" && refusal.to === "cancelled"
          ? ": goods on it are in stock; close it instead (to received)"
          : "";
      return apiError(
        409,
        `A purchase order that is ${spoken(refusal.from)} cannot be ${MOVED_TO[refusal.to] ?? spoken(refusal.to)}${hint}`,
        { to: [`Not allowed from ${spoken(refusal.from)}`] },
      );
    }
    case "notReceivable":
      return apiError(
        409,
        `A purchase order that is ${spoken(refusal.status)} cannot be received: only a sent or partially received one`,
      );
    case "overReceipt":
      return apiError(
        409,
        `More than ordered: ${refusal.lines
          .map(
            (line) =>
              `${line.productName} (${line.sku}) ordered ${line.ordered}, received ${line.received}, receiving ${line.receiving}`,
          )
          .join("; ")}. Send allowOverReceipt: true to take it in`,
        { lines: refusal.lines.map((line) => `Line ${line.lineId}: more than ordered`) },
      );
    case "serials":
      // Only serials known already (maybe taken in by another receipt at once): a conflict.
      return serialRefusal(refusal.lines, "known");
    case "nothingReceived":
      return apiError(400, "Invalid input: lines: receive at least one unit", {
        lines: ["Receive at least one unit"],
      });
    case "lineNotFound": {
      const message = `No line ${refusal.lineId} on this purchase order`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
    case "supplierNotFound": {
      const message = englishText("purchasing:errors.supplierNotFound");
      return apiError(400, `Invalid input: supplierId: ${message}`, { supplierId: [message] });
    }
    case "locationNotFound": {
      const message = `No active location ${refusal.locationId}`;
      return apiError(400, `Invalid input: locationId: ${message}`, { locationId: [message] });
    }
    case "productNotFound": {
      const message = `No product ${refusal.productId}`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
    case "tooLarge": {
      const message = `The amounts are too large: a total or a purchase price can be at most €${MAX_MONEY}`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
  }
}

/** The list's filters from the query; throws 400 naming the field of a bad value. */
export function purchaseOrderFilters(request: Request): PurchaseOrderFilters {
  const parsed = purchaseOrderQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const { status, supplier, location, q, limit, offset } = parsed.data;
  return { status, supplierId: supplier, locationId: location, search: q, limit, offset };
}
