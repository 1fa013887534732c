import type {
  ReturnFilters,
  ReturnLineProblems,
  ReturnRefusal,
} from "~/models/customer-return/customer-return.server";
import { returnQuerySchema } from "~/models/customer-return/customer-return-schema";
import { searchParamsObject } from "~/models/product/product-schema";
import { apiError, englishText, validationError } from "~/web/api.server";

/**
 * The API's answers for customer returns (issue #31): each refusal of customer-return.server.ts
 * as an HTTP status and an English message, in one place for every /api/returns route.
 */

export function returnNotFound(): Response {
  return apiError(404, "Return not found");
}

/** What is wrong in what is stored now (a unit taken back or sold, more than is left): a conflict. */
const STORED = new Set(["tooMany", "notSold", "replacementNotInStock", "replacementElsewhere"]);

/** A line's problem as English text, its serial or figures named. */
export function problemText(problem: ReturnLineProblems["problems"][number]): string {
  return englishText(`returns:problems.${problem.problem}`, problem as Record<string, string | number>);
}

function problemsRefusal(lines: ReturnLineProblems[]): Response {
  const stored = lines.every((line) => line.problems.every((problem) => STORED.has(problem.problem)));
  const texts = lines.map(
    (line) => `${line.productName} (${line.sku}): ${line.problems.map(problemText).join("; ")}`,
  );
  return apiError(stored ? 409 : 400, `Return refused: ${texts.join(". ")}`, {
    lines: lines.flatMap((line) =>
      line.problems.map(
        (problem) => `Line ${line.index + 1} (order line ${line.orderLineId}): ${problemText(problem)}`,
      ),
    ),
  });
}

export function returnRefusal(refusal: ReturnRefusal): Response {
  switch (refusal.reason) {
    case "notFound":
      return returnNotFound();
    case "stale":
      return apiError(
        409,
        "The return has changed since you read it: read it again and make your change again",
      );
    case "locked":
      return apiError(409, "Only a draft return can be changed");
    case "illegalMove":
      return apiError(409, `A return that is ${refusal.from} cannot be ${refusal.to}: only a draft moves`, {
        to: [`Not allowed from ${refusal.from}`],
      });
    case "orderNotFound":
      return apiError(400, "Invalid input: orderId: No such order", { orderId: ["No such order"] });
    case "locationNotFound": {
      const message = `No active location ${refusal.locationId}`;
      return apiError(400, `Invalid input: locationId: ${message}`, { locationId: [message] });
    }
    case "locationForbidden":
      return apiError(403, "Only an admin or a manager chooses where a return's goods go", {
        locationId: ["Leave it out: the goods come back where the order shipped from"],
      });
    case "notReturnable":
      return apiError(
        409,
        `${refusal.orderNumber} is ${refusal.status}: only goods of a shipped or delivered order come back`,
      );
    case "lineNotFound": {
      const message = `No line ${refusal.lineId} on the return's order`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
    case "problems":
      return problemsRefusal(refusal.lines);
    case "short":
      return apiError(
        409,
        `Not enough ${refusal.product.name} (${refusal.product.sku}) in stock for the replacement: ${refusal.product.stockLevel} in stock, ${refusal.product.wanted} needed`,
      );
  }
}

/** The list's filters from the query; throws 400 naming the field of a bad value. */
export function returnFilters(request: Request): ReturnFilters {
  const parsed = returnQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const { status, customer, order, q, limit, offset } = parsed.data;
  return { status, customerId: customer, orderId: order, search: q, limit, offset };
}
