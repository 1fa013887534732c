import { listCustomers } from "~/models/customer/customer.server";
import { idParam, pageNumber } from "~/utils/params";
import { ORDER_STATUSES, QUOTE_STATUSES } from "./document-status";
import { listDocuments } from "./order.server";

const PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A shop day from the query, or null for anything that is not a real date. */
function dayParam(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

/** The quotes or orders list page: its filters from the query (GET form), one page of rows. */
export async function loadDocumentList(kind: "quote" | "order", url: URL) {
  const params = url.searchParams;
  const statuses: readonly string[] = kind === "quote" ? QUOTE_STATUSES : ORDER_STATUSES;
  const filters = {
    status: statuses.find((status) => status === params.get("status")) ?? null,
    customerId: idParam(params.get("customer") ?? undefined),
    from: dayParam(params.get("from")),
    to: dayParam(params.get("to")),
  };
  const page = pageNumber(params.get("page"));
  const [{ rows, total }, customers] = await Promise.all([
    listDocuments(kind, { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listCustomers(),
  ]);
  return {
    kind,
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    statuses,
    customers: customers
      .map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}` }))
      .sort((a, b) => a.name.localeCompare(b.name, "fi")),
  };
}

export type DocumentListData = Awaited<ReturnType<typeof loadDocumentList>>;
