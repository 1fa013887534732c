import { data, redirect } from "@remix-run/node";
import { em } from "~/infra/db.server";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  withoutControlCharacters,
} from "~/models/clean-text";
import { pickCustomer } from "~/models/customer/customer-pick.server";
import { workLocationId } from "~/models/location/location.server";
import { locationName, stockAt } from "~/models/location/location-documents.server";
import { fromCents, toCents } from "~/models/money";
import { createOrder } from "~/models/order/order.server";
import { orderSchema, quoteSchema } from "~/models/order/order-schema";
import { createQuote } from "~/models/order/quote.server";
import { findProductByCode, getProducts } from "~/models/product/product-reads.server";
import { addScanned, changeQuantity, type ScannedLine } from "~/models/scanned-list";
import { findSerialUnits } from "~/models/serial/serial.server";
import { refusalToast } from "~/web/order/document-form.server";
import { idParam } from "~/web/params";
import { getScanned, saveScanned, withScannedList } from "~/web/scanner.server";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The barcode scanner page's adapter: the scanned list as the page shows it, and its one action
 * (a scan, a quantity, a removal, or the list made a new quote or order).
 */

/** The intents that make the list a new document: only for those who may write orders. */
const DOCUMENT_INTENTS = { toQuote: "quote", toOrder: "order" } as const;
type DocumentKind = (typeof DOCUMENT_INTENTS)[keyof typeof DOCUMENT_INTENTS];

/** A refused list-to-document: the message (an i18n key), its values, and the customer chosen. */
export type DocumentError = { message: string; values?: Toast["values"]; customer: string };

/**
 * The list with its count of units and its total. It belongs to the user's work location (issue
 * #32): each line shows the stock there, and an order made from it ships from there.
 */
export async function scannedList(request: Request, userId: number) {
  const location = await listLocation(userId);
  const items = await scannedItems(request, location.id);
  const totalCents = items.reduce((sum, i) => sum + toCents(i.total), 0);
  return { items, count: items.reduce((n, i) => n + i.quantity, 0), total: fromCents(totalCents), location };
}

/** The list's location: the user's work location (their own while active, else the default). */
async function listLocation(userId: number): Promise<{ id: number; name: string }> {
  const id = await workLocationId(em(), userId);
  return { id, name: (await locationName(id)) ?? "" };
}

/** Whether a post makes the list a new document: only those who may write orders may send it. */
export function makesDocument(form: FormData): boolean {
  return Object.hasOwn(DOCUMENT_INTENTS, String(form.get("intent") ?? ""));
}

/** The page's action, once the route has guarded it (makesDocument asks for order:write too). */
export async function scannerAction(request: Request, form: FormData, user: { id: number }) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "toQuote" || intent === "toOrder") {
    const kind = DOCUMENT_INTENTS[intent];
    return withScannedList(request, () => listToDocument(request, form, kind, user.id));
  }
  return withScannedList(request, () => changeList(request, form));
}

/** The list as the page shows it: products deleted since they were scanned are left out. */
async function scannedItems(request: Request, locationId: number): Promise<ScannedLine[]> {
  const scanned = await getScanned(request);
  const products = new Map((await getProducts(scanned.map((i) => i.productId))).map((p) => [p.id, p]));
  const here = await stockAt([...products.keys()], locationId);
  return scanned.flatMap((item) => {
    const product = products.get(item.productId);
    if (!product) return []; // deleted since it was scanned
    const lineCents = toCents(product.sellingPrice) * item.quantity;
    return [
      {
        ...item,
        name: product.name,
        sku: product.sku,
        price: product.sellingPrice,
        total: fromCents(lineCents),
        stockHere: here.get(product.id) ?? 0,
        stockTotal: product.stockLevel,
      },
    ];
  });
}

/**
 * The list becomes a new quote or order for the chosen customer, priced as the order screens
 * price it (quote.server.ts, order.server.ts). Done, the list is emptied and the document opens;
 * refused (credit limit, a product gone, amounts too large), the page comes back with the reason
 * and the list as it was. Inside the list's lock, so a second click of the same list finds it empty.
 */
async function listToDocument(request: Request, form: FormData, kind: DocumentKind, userId: number) {
  const typed = form.get("customer");
  const customerText = typeof typed === "string" ? typed.slice(0, 400) : "";
  const refused = (message: string, values?: Toast["values"]) =>
    data<{ documentError: DocumentError }>(
      { documentError: { message, values, customer: customerText } },
      { status: 400 },
    );
  if (hasControlCharacters(customerText)) return refused(CONTROL_CHARACTERS_MESSAGE);
  // The customer as typed (a label, an e-mail or a name); a bare customerId is taken too.
  const postedId = form.get("customerId");
  const pick =
    !customerText.trim() && typeof postedId === "string" && /^\d{1,9}$/.test(postedId)
      ? { ok: true as const, customer: { id: Number(postedId) } }
      : await pickCustomer(customerText);
  if (!pick.ok) return refused(`orders:errors.${pick.reason}`);
  const customerId = pick.customer?.id ?? null;
  const location = await listLocation(userId);
  const items = await scannedItems(request, location.id);
  // The page shows no form for an empty list (a second click, say): the reason comes as a toast.
  if (items.length === 0) {
    return redirectWithToast("/barcode-scanner", {
      type: "error",
      title: "toast.error",
      description: "scanner:toDocument.empty",
    });
  }
  const input = {
    customerId,
    notes: null,
    version: null,
    lines: items.map((item) => ({ productId: item.productId, quantity: item.quantity, unitPrice: null })),
  };
  const parsed = (kind === "quote" ? quoteSchema : orderSchema).safeParse({ ...input, validUntil: null });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "validation.invalid");
  const result =
    kind === "quote"
      ? await createQuote({ ...parsed.data, validUntil: null }, userId)
      : await createOrder({ ...parsed.data, locationId: location.id }, userId);
  if (!result.ok) {
    const toast = refusalToast(result);
    return refused(toast.description ?? "toast.error", toast.values);
  }
  const saved = "quote" in result ? result.quote : result.order;
  const headers = { "Set-Cookie": await saveScanned(request, []) };
  return redirectWithToast(
    `/${kind === "quote" ? "quotes" : "orders"}/${saved.id}`,
    {
      type: "success",
      title: "toast.success",
      description: `scanner:toDocument.${kind}Created`,
      values: { number: saved.number },
    },
    { headers },
  );
}

async function changeList(request: Request, form: FormData) {
  const back = `/barcode-scanner${new URL(request.url).search}`;
  const items = await getScanned(request);
  const productId = idParam(String(form.get("productId") ?? ""));
  const save = async (next: typeof items, toast?: Parameters<typeof redirectWithToast>[1]) => {
    const headers = { "Set-Cookie": await saveScanned(request, next) };
    return toast ? redirectWithToast(back, toast, { headers }) : redirect(back, { headers });
  };
  switch (form.get("intent")) {
    case "scan": {
      const code = withoutControlCharacters(String(form.get("code") ?? ""))
        .trim()
        .slice(0, 100);
      const product = code ? await findProductByCode(code) : null;
      // Not a product's code but a unit's serial or IMEI (issue #31): its page, with its timeline.
      const units = product || !code ? [] : await findSerialUnits(code);
      if (units.length === 1) {
        return redirectWithToast(`/serials/${units[0].id}`, {
          type: "success",
          title: "scanner:toast.unitFound",
          description: "scanner:toast.unitFoundText",
          values: { serial: units[0].serial, name: units[0].productName },
        });
      }
      if (units.length > 1) return redirect(`/serials?q=${encodeURIComponent(code)}`);
      if (!product) {
        return redirectWithToast(back, {
          type: "error",
          title: "scanner:toast.notFound",
          description: "scanner:toast.notFoundText",
          values: { code },
        });
      }
      return save(addScanned(items, product.id), {
        type: "success",
        title: "scanner:toast.found",
        description: "scanner:toast.foundText",
        values: { name: product.name },
      });
    }
    case "plus":
    case "minus":
      if (!productId) throw data({ message: "productId is missing or not a number" }, { status: 400 });
      return save(changeQuantity(items, productId, form.get("intent") === "plus" ? 1 : -1));
    case "remove":
      if (!productId) throw data({ message: "productId is missing or not a number" }, { status: 400 });
      return save(items.filter((i) => i.productId !== productId));
    case "clear":
      return save([]);
  }
  throw data({ message: "Unknown intent" }, { status: 400 });
}
