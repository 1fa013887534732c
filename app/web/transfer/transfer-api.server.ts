import { searchParamsObject } from "~/models/product/product-schema";
import type { TransferFilters, TransferRefusal } from "~/models/transfer/transfer.server";
import { transferQuerySchema } from "~/models/transfer/transfer-schema";
import { apiError, englishText, validationError } from "~/web/api.server";
import { serialRefusal } from "~/web/serial/serial-refusal.server";

/**
 * The API's answers for transfers (issue #32): each refusal of transfer.server.ts as an HTTP
 * status and an English message, in one place for every /api/transfers route.
 */

export function transferNotFound(): Response {
  return apiError(404, "Transfer not found");
}

const field = (name: string, message: string) =>
  apiError(400, `Invalid input: ${name}: ${message}`, { [name]: [message] });

export function transferRefusal(refusal: TransferRefusal): Response {
  switch (refusal.reason) {
    case "notFound":
      return transferNotFound();
    case "stale":
      return apiError(
        409,
        "The transfer has changed since you read it: read it again and make your change again",
      );
    case "locked":
      return apiError(409, "Only a draft transfer can be changed or deleted");
    case "notAllowed":
      return apiError(
        403,
        "Only admins and managers move transfers; a salesperson receives a transfer into their own location",
      );
    case "illegalMove":
      return apiError(409, `A transfer that is ${refusal.from} cannot be ${refusal.to}`, {
        to: [`Not allowed from ${refusal.from}`],
      });
    case "short":
      return apiError(
        409,
        `${refusal.product.name} (${refusal.product.sku}): ${refusal.product.location.name} holds ${refusal.product.stockLevel}, the transfer takes ${refusal.product.wanted}`,
      );
    case "serials":
      // Only units sold or moved meanwhile: a conflict; anything wrong with the list is the input's.
      return serialRefusal(refusal.lines, "notInStock");
    case "sameLocation":
      return field("toLocationId", englishText("transfers:errors.sameLocation"));
    case "fromLocation":
      return field("fromLocationId", englishText("transfers:errors.from"));
    case "toLocation":
      return field("toLocationId", englishText("transfers:errors.to"));
    case "productNotFound":
      return field("lines", englishText("transfers:errors.productNotFound", { product: refusal.product }));
    case "lineNotFound":
      return field("lines", `No line ${refusal.lineId} on this transfer`);
    case "receivedTooMany":
      return field(
        "lines",
        englishText("transfers:errors.receivedTooMany", {
          product: refusal.product,
          quantity: refusal.quantity,
        }),
      );
    case "lossReason":
      return field("lines", englishText("transfers:errors.lossReasonNeeded", { product: refusal.product }));
  }
}

/** The list's filters from the query; throws 400 naming the field of a bad value. */
export function transferFilters(request: Request): TransferFilters {
  const parsed = transferQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const { status, location, limit, offset } = parsed.data;
  return { status, locationId: location, limit, offset };
}
