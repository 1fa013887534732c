import { MAX_MONEY } from "~/models/money";
import { searchParamsObject } from "~/models/product/product-schema";
import type { ClaimRefusal, SupplierClaimFilters } from "~/models/supplier-claim/supplier-claim.server";
import { claimQuerySchema } from "~/models/supplier-claim/supplier-claim-schema";
import { apiError, englishText, validationError } from "~/web/api.server";
import { serialRefusal } from "~/web/serial/serial-refusal.server";

/**
 * The API's answers for supplier claims: each refusal of supplier-claim.server.ts as an HTTP
 * status and an English message, in one place for every /api/supplier-claims route.
 */

const spoken = (status: string) => status.replaceAll("_", " ");

export function claimNotFound(): Response {
  return apiError(404, "Supplier claim not found");
}

export function claimRefusal(refusal: ClaimRefusal): Response {
  switch (refusal.reason) {
    case "notFound":
      return claimNotFound();
    case "stale":
      return apiError(
        409,
        "The claim has changed since you read it: read it again and make your change again",
      );
    case "locked":
      return apiError(409, "Only a draft claim can be changed or deleted");
    case "noLines":
      return apiError(409, "A claim keeps at least one line: delete the draft instead");
    case "nothingToClaim":
      return apiError(
        409,
        "Nothing to claim: the supplier's products have no defective stock that is not already on a draft claim",
      );
    case "illegalMove":
      return apiError(409, `A claim that is ${spoken(refusal.from)} cannot be ${spoken(refusal.to)}`, {
        to: [`Not allowed from ${spoken(refusal.from)}`],
      });
    case "notSent":
      return apiError(
        409,
        `A claim that is ${spoken(refusal.status)} takes no outcomes: only a sent claim's lines get them`,
      );
    case "settled":
      return apiError(409, `Line ${refusal.lineId} has its outcome already (${refusal.outcome})`);
    case "unitState":
      return apiError(
        409,
        `The unit ${refusal.serial} is ${spoken(refusal.state)}: it has changed since it was claimed`,
      );
    case "defectiveShort":
      return apiError(
        409,
        `${refusal.product.name} (${refusal.product.sku}) has ${refusal.product.defectiveStock} defective, the claim sends ${refusal.product.wanted}`,
      );
    case "serials":
      // Only serials known already (maybe taken in by another receipt at once): a conflict.
      return serialRefusal(refusal.lines, "known");
    case "quantity": {
      const message = `Line ${refusal.lineId}: at most ${refusal.available} (defective and on no other draft)`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
    case "lineNotFound": {
      const message = `No line ${refusal.lineId} on this claim`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
    case "supplierNotFound": {
      const message = englishText("claims:errors.supplierNotFound");
      return apiError(400, `Invalid input: supplierId: ${message}`, { supplierId: [message] });
    }
    case "tooLarge": {
      const message = `The amounts are too large: a line or a credit can be at most €${MAX_MONEY}`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
  }
}

/** The list's filters from the query; throws 400 naming the field of a bad value. */
export function claimFilters(request: Request): SupplierClaimFilters {
  const parsed = claimQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const { status, supplier, q, limit, offset } = parsed.data;
  return { status, supplierId: supplier, search: q, limit, offset };
}
