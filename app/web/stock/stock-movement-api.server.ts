import type { RecordMovementResult } from "~/models/stock/stock-movement.server";
import { apiError, englishText } from "~/web/api.server";

/** The API answer for a movement refused: 404 for an unknown product, 409 past the stock's bounds. */
export function movementRefusal(result: Exclude<RecordMovementResult, { ok: true }>): Response {
  switch (result.reason) {
    case "notFound":
      return apiError(404, englishText("stock:errors.notFound"));
    case "inactiveLocation": {
      const message = englishText("stock:errors.locationInactive");
      return apiError(400, message, { locationId: [message] });
    }
    case "short": {
      const { name, sku, stockLevel, wanted, location } = result.product;
      return apiError(
        409,
        `Not enough stock of ${name} (${sku}) in ${location.name}: ${stockLevel} there, ${wanted} to take out`,
        {
          quantity: [englishText("stock:errors.notEnough")],
        },
      );
    }
    case "tooMuch": {
      const { name, sku, stockLevel, atMost } = result.product;
      return apiError(
        409,
        `${name} (${sku}) would hold more than ${atMost} units: ${stockLevel} in stock now`,
        { quantity: [englishText("stock:errors.tooMuchField")] },
      );
    }
  }
}
