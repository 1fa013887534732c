import { calendarDayParam } from "~/models/calendar-day";
import { withoutControlCharacters } from "~/models/clean-text";
import { getCustomer } from "~/models/customer/customer.server";
import { activeLocations } from "~/models/location/location.server";
import { listDocuments } from "~/models/order/document-read.server";
import { ORDER_STATUSES, QUOTE_STATUSES } from "~/models/order/document-status";
import { idParam, pageNumber } from "~/web/params";

const PAGE_SIZE = 25;
const MAX_SEARCH = 100;

/**
 * The quotes or orders list page: its filters from the query (GET form), one page of rows. A
 * customer is found by searching (number, name, company or e-mail), not picked from a list of
 * every customer; `customer=ID` (the customer page's link) narrows to one, named in the form.
 */
export async function loadDocumentList(kind: "quote" | "order", url: URL) {
  const params = url.searchParams;
  const statuses: readonly string[] = kind === "quote" ? QUOTE_STATUSES : ORDER_STATUSES;
  const filters = {
    status: statuses.find((status) => status === params.get("status")) ?? null,
    customerId: idParam(params.get("customer") ?? undefined),
    // Orders ship from a location (issue #32); quotes have none.
    locationId: kind === "order" ? idParam(params.get("location") ?? undefined) : null,
    search:
      withoutControlCharacters(params.get("q") ?? "")
        .trim()
        .slice(0, MAX_SEARCH) || null,
    from: calendarDayParam(params.get("from")),
    to: calendarDayParam(params.get("to")),
  };
  const page = pageNumber(params.get("page"));
  const [{ rows, total }, customer, locations] = await Promise.all([
    listDocuments(kind, { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    filters.customerId ? getCustomer(filters.customerId) : null,
    kind === "order" ? activeLocations() : [],
  ]);
  return {
    kind,
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    statuses,
    locations,
    customer: customer && { id: customer.id, name: `${customer.firstName} ${customer.lastName}` },
  };
}

export type DocumentListData = Awaited<ReturnType<typeof loadDocumentList>>;
