import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { refusingControlCharacters } from "~/models/clean-text";
import type { DocumentRefusal } from "~/models/order/document-lines.server";
import { listDocuments } from "~/models/order/document-read.server";
import { changeOrder, createOrder, getOrder, type OrderRow } from "~/models/order/order.server";
import { orderQuerySchema, orderSchema, quoteQuerySchema, quoteSchema } from "~/models/order/order-schema";
import { changeQuote, createQuote, getQuote, type QuoteRow } from "~/models/order/quote.server";
import { type BelowCostConfirmation, confirmationOf } from "~/models/price/below-cost";
import { apiError, json, parseJson, validationError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { idParam } from "~/web/params";
import {
  documentFilters,
  documentNotFound,
  documentRefusal,
  linesAsInput,
  readJsonObject,
} from "./order-api.server";

type Kind = "quote" | "order";
type Written = { ok: true; document: QuoteRow | OrderRow } | ({ ok: false } & DocumentRefusal);
type Confirmation = BelowCostConfirmation | null;

/** What differs between the quote and the order routes; the routes below are the same for both. */
const KINDS = {
  quote: {
    list: "quotes",
    article: "a quote",
    querySchema: quoteQuerySchema,
    schema: quoteSchema,
    get: getQuote,
    create: async (input: unknown, userId: number, confirmation: Confirmation): Promise<Written> => {
      const result = await createQuote(input as Parameters<typeof createQuote>[0], userId, confirmation);
      return result.ok ? { ok: true, document: result.quote } : result;
    },
    change: async (id: number, input: unknown, confirmation: Confirmation): Promise<Written> => {
      const result = await changeQuote(id, input as Parameters<typeof changeQuote>[1], confirmation);
      return result.ok ? { ok: true, document: result.quote } : result;
    },
  },
  order: {
    list: "orders",
    article: "an order",
    querySchema: orderQuerySchema,
    schema: orderSchema,
    get: getOrder,
    create: async (input: unknown, userId: number, confirmation: Confirmation): Promise<Written> => {
      const result = await createOrder(input as Parameters<typeof createOrder>[0], userId, confirmation);
      return result.ok ? { ok: true, document: result.order } : result;
    },
    change: async (id: number, input: unknown, confirmation: Confirmation): Promise<Written> => {
      const result = await changeOrder(id, input as Parameters<typeof changeOrder>[1], confirmation);
      return result.ok ? { ok: true, document: result.order } : result;
    },
  },
} as const;

/** GET /api/quotes, /api/orders (a filtered page and the total) and POST (create one). */
export function documentCollectionRoute(kind: Kind) {
  const k = KINDS[kind];
  return {
    async loader({ request }: LoaderFunctionArgs) {
      await requireApiUser(request, `GET /api/${k.list}`);
      const { rows, total } = await listDocuments(kind, documentFilters(request, k.querySchema));
      return json({ [k.list]: rows, total });
    },
    async action({ request }: ActionFunctionArgs) {
      if (request.method !== "POST") return apiError(405, `Use POST to create ${k.article}`);
      const user = await requireApiUser(request, `POST /api/${k.list}`);
      const input = await parseJson(request, k.schema as typeof quoteSchema);
      // A line under cost needs an admin's or a manager's belowCostReason (below-cost.ts).
      const result = await k.create(input, user.id, confirmationOf(input.belowCostReason, user));
      return result.ok ? json(result.document, 201) : documentRefusal(kind, result);
    },
  };
}

/** GET /api/quotes/:id, /api/orders/:id and PATCH (its customer, notes and lines while editable). */
export function documentItemRoute(kind: Kind) {
  const k = KINDS[kind];
  return {
    async loader({ request, params }: LoaderFunctionArgs) {
      await requireApiUser(request, `GET /api/${k.list}/{id}`);
      const id = idParam(params.id);
      const document = id ? await k.get(id) : null;
      return document ? json(document) : documentNotFound(kind);
    },
    async action({ request, params }: ActionFunctionArgs) {
      if (request.method !== "PATCH") return apiError(405, "Use GET or PATCH");
      const user = await requireApiUser(request, `PATCH /api/${k.list}/{id}`);
      const id = idParam(params.id);
      const current = id ? await k.get(id) : null;
      if (!id || !current) return documentNotFound(kind);
      const body = await readJsonObject(request);
      // Fields left out keep their value; lines left out keep their products, quantities and prices.
      const parsed = refusingControlCharacters(k.schema as typeof quoteSchema).safeParse({
        customerId: current.customer?.id ?? null,
        ...(current.kind === "quote" ? { validUntil: current.validUntil } : {}),
        notes: current.notes,
        lines: linesAsInput(current.lines),
        ...body,
      });
      if (!parsed.success) return validationError(parsed.error);
      const result = await k.change(id, parsed.data, confirmationOf(parsed.data.belowCostReason, user));
      return result.ok ? json(result.document) : documentRefusal(kind, result);
    },
  };
}
