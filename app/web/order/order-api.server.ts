import { MAX_MONEY } from "~/models/money";
import type { DocumentRefusal } from "~/models/order/document-lines.server";
import type { DocumentFilters, DocumentLine } from "~/models/order/document-read.server";
import type { orderQuerySchema, quoteQuerySchema } from "~/models/order/order-schema";
import { searchParamsObject } from "~/models/product/product-schema";
import { apiError, englishText, readJson, validationError } from "~/web/api.server";
import { belowCostApiRefusal } from "~/web/below-cost.server";
import { serialRefusal } from "~/web/serial/serial-refusal.server";

/**
 * The API's answers for quotes and orders: each refusal of their write paths (a DocumentRefusal
 * of document-lines.server.ts) as an HTTP status and an English message (the API answers in
 * English), in one place for every /api/quotes and /api/orders route.
 */

const NOUN = { quote: "quote", order: "order", payment: "payment" } as const;
type Subject = keyof typeof NOUN;

/** "awaiting_approval" -> "awaiting approval" */
const spoken = (status: string) => status.replaceAll("_", " ");
const article = (noun: string) => (/^[aeiou]/.test(noun) ? "An" : "A");

/** The verb a move to this status reads as: "cannot be shipped", "cannot be converted". */
const movedTo = (status: string) =>
  ({ pending: "approved", awaiting_approval: "put back to awaiting approval" })[status] ?? spoken(status);

export function documentNotFound(subject: "quote" | "order"): Response {
  return apiError(404, subject === "quote" ? "Quote not found" : "Order not found");
}

/** The answer for a refused quote, order or payment change. */
export function documentRefusal(subject: Subject, refusal: DocumentRefusal): Response {
  switch (refusal.reason) {
    case "notFound":
      return documentNotFound(subject === "quote" ? "quote" : "order");
    case "stale":
      return apiError(
        409,
        `The ${NOUN[subject]} has changed since you read it: read it again and make your change again`,
      );
    case "illegalMove": {
      const noun =
        subject === "payment" ? "An order whose payment" : `${article(NOUN[subject])} ${NOUN[subject]}`;
      const verb = subject === "payment" ? "is" : "that is";
      return apiError(409, `${noun} ${verb} ${spoken(refusal.from)} cannot be ${movedTo(refusal.to)}`, {
        to: [`Not allowed from ${spoken(refusal.from)}`],
      });
    }
    case "locked":
      return apiError(
        409,
        subject === "quote"
          ? "Only a draft quote can be changed"
          : "Only an order awaiting approval or pending can be changed",
      );
    case "noLines":
      return apiError(409, `The ${NOUN[subject]} has no lines: add a product first`);
    case "short": {
      const { name, sku, stockLevel, wanted, location } = refusal.product;
      const at = location ? ` at ${location.name}` : "";
      return apiError(
        409,
        `Not enough stock of ${name} (${sku})${at}: ${stockLevel} left, ${wanted} wanted`,
        {
          lines: [`${name} (${sku})${at}: ${stockLevel} left`],
        },
      );
    }
    case "locationNotFound": {
      const message = `No active location ${refusal.locationId}`;
      return apiError(400, `Invalid input: locationId: ${message}`, { locationId: [message] });
    }
    case "creditLimit":
      return apiError(
        409,
        `Over the customer's credit limit of €${refusal.creditLimit}: €${refusal.open} is already open`,
        { customerId: ["Over the credit limit"] },
      );
    case "customerNotFound": {
      const message = englishText("customers:errors.notFound");
      return apiError(400, `Invalid input: customerId: ${message}`, { customerId: [message] });
    }
    case "productNotFound": {
      const message = `No product ${refusal.productId}`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
    case "belowCost":
    case "belowCostForbidden":
      return belowCostApiRefusal({ ok: false, ...refusal });
    case "serials":
      // Only units no longer in stock (maybe sold by another order at once): a conflict.
      return serialRefusal(refusal.lines, "notInStock");
    case "lineNotFound": {
      const message = `No line ${refusal.lineId} on this order`;
      return apiError(400, `Invalid input: serials: ${message}`, { serials: [message] });
    }
    case "tooLarge": {
      const message = `The amounts are too large: a total can be at most €${MAX_MONEY}`;
      return apiError(400, `Invalid input: lines: ${message}`, { lines: [message] });
    }
  }
}

/** The JSON object of a PATCH body; throws 400 when the body is not an object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw apiError(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}

/** A list's filters from the URL's query; throws 400 naming the field of a bad value. */
export function documentFilters(
  request: Request,
  schema: typeof quoteQuerySchema | typeof orderQuerySchema,
): DocumentFilters {
  const parsed = schema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const { status, customer, q, from, to, limit, offset } = parsed.data;
  const location = "location" in parsed.data ? parsed.data.location : null;
  return { status, customerId: customer, locationId: location, search: q, from, to, limit, offset };
}

/** A document's lines as a PATCH keeps them when it sends none: the same products, quantities and prices. */
export function linesAsInput(lines: DocumentLine[]) {
  return lines.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice }));
}

/** The status a transition names, when it is one of `statuses`; else throws 400 on `to`. */
export function knownStatus<S extends string>(statuses: readonly S[], to: string): S {
  if ((statuses as readonly string[]).includes(to)) return to as S;
  const message = `Not a status: use one of ${statuses.join(", ")}`;
  throw apiError(400, `Invalid input: to: ${message}`, { to: [message] });
}
