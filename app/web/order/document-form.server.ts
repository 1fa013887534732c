import { data } from "@remix-run/node";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { shopToday } from "~/models/campaign/campaign.server";
import { todayIn } from "~/models/campaign/campaign-status";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  refusingControlCharacters,
} from "~/models/clean-text";
import { getCustomer } from "~/models/customer/customer.server";
import { customerLabel } from "~/models/customer/customer-label";
import { pickCustomer } from "~/models/customer/customer-pick.server";
import {
  addError,
  addSchemaIssues,
  changeLines,
  formText,
  formWithoutLine,
  hasRefusedControlCharacters,
  lineInputs,
  postedLines,
  readMoney,
  readQuantity,
  refuseControlCharacters,
} from "~/models/line-documents/line-editor";
import {
  activeLocations,
  type LocationChoice as LocationOption,
  workLocationId,
} from "~/models/location/location.server";
import { type DocumentAmounts, documentAmounts } from "~/models/order/document-amounts";
import { belowCostFindings, type DocumentRefusal, priceLines } from "~/models/order/document-lines.server";
import { canEditLines, nextStatuses } from "~/models/order/document-status";
import {
  changeOrder,
  createOrder,
  getOrder,
  moveOrder,
  movePayment,
  type OrderRow,
} from "~/models/order/order.server";
import { orderSchema, quoteSchema } from "~/models/order/order-schema";
import {
  changeQuote,
  convertQuote,
  createQuote,
  getQuote,
  moveQuote,
  type QuoteRow,
} from "~/models/order/quote.server";
import {
  BELOW_COST_REASON,
  type BelowCostAnswer,
  belowCostAnswer,
  confirmationOf,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import { findProductByCode } from "~/models/product/product-reads.server";
import { can } from "~/models/user/permissions";
import type { Role } from "~/models/user/roles";
import { formBelowCostReason } from "~/web/below-cost.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";
import { loadShipment, refusedShipment, shipmentSerials } from "./shipment-form.server";

/**
 * The quote and order pages' editor and actions, shared by the new and the detail routes. The
 * editor works without JavaScript: every button posts the whole form back. "Add line" and
 * "Remove" answer the page again with the rows changed, resolved (a SKU or EAN typed becomes its
 * product) and priced as the save would price them; "Save" writes through quote.server.ts or
 * order.server.ts.
 */

export type DocumentKind = "quote" | "order";
const PATH: Record<DocumentKind, string> = { quote: "/quotes", order: "/orders" };
export const MAX_LINES = 200;

export type EditorRow = {
  code: string;
  quantity: string;
  unitPrice: string;
  product: { id: number; name: string; sku: string } | null;
  /** the unit price charged incl. VAT before the customer discount, once resolved */
  price: string | null;
  lineTotal: string | null;
  margin: number | null;
  marginCategory: "low" | "medium" | "high" | null;
  belowCost: boolean;
  errors: string[];
};

export type EditorState = {
  /** the customer field as typed, or the picked customer's label (customer-label.ts) */
  customer: string;
  /** the picked customer's id, or "" for none (or none picked yet) */
  customerId: string;
  validUntil: string;
  notes: string;
  version: string;
  /** an order's location as chosen (issue #32): "" keeps the order's, or the user's work location */
  locationId: string;
  /** the locations an order may ship from; empty for a quote (or an order whose location is fixed) */
  locations: LocationOption[];
  /** the reason for lines under cost as typed (below-cost.ts) */
  belowCostReason: string;
  /** the lines under cost a save needs a reason for: shown with the reason field */
  belowCostAnswer: BelowCostAnswer | null;
  rows: EditorRow[];
  amounts: (Omit<DocumentAmounts, "lines"> & { discountPercent: string }) | null;
  belowCost: boolean;
  /** field name -> i18n keys */
  errors: Record<string, string[]>;
};

export type EditorActionData = { editor: EditorState };

const emptyRow = (): EditorRow => ({
  code: "",
  quantity: "1",
  unitPrice: "",
  product: null,
  price: null,
  lineTotal: null,
  margin: null,
  marginCategory: null,
  belowCost: false,
  errors: [],
});

/** The editor of a new document: one empty row. */
export function newEditor(): EditorState {
  return {
    customer: "",
    customerId: "",
    validUntil: "",
    notes: "",
    version: "",
    locationId: "",
    locations: [],
    belowCostReason: "",
    belowCostAnswer: null,
    rows: [emptyRow()],
    amounts: null,
    belowCost: false,
    errors: {},
  };
}

/**
 * The editor of a new order: it ships from the user's work location unless another is chosen
 * (issue #32), among the active locations.
 */
export async function newOrderEditor(userId: number): Promise<EditorState> {
  return {
    ...newEditor(),
    locationId: String(await workLocationId(em(), userId)),
    locations: await activeLocations(),
  };
}

/** The editor of a saved document: its lines, with the prices they carry. */
export function editorOf(document: QuoteRow | OrderRow): EditorState {
  return {
    customer: document.customer ? customerLabel(document.customer) : "",
    customerId: document.customer ? String(document.customer.id) : "",
    validUntil: document.kind === "quote" ? document.validUntil : "",
    notes: document.notes ?? "",
    version: String(document.version),
    locationId: document.kind === "order" ? String(document.location.id) : "",
    locations: [],
    // Its lines under cost were confirmed when saved: a save asks again only for new ones.
    belowCostReason: "",
    belowCostAnswer: null,
    rows: document.lines.map((line) => ({
      code: line.sku,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice,
      product: { id: line.productId, name: line.productName, sku: line.sku },
      price: line.unitPrice,
      lineTotal: line.totalPrice,
      margin: line.margin,
      marginCategory: line.marginCategory,
      belowCost: line.belowCost,
      errors: [],
    })),
    amounts: {
      subtotal: document.subtotal,
      discountPercent: document.discountPercent,
      discountAmount: document.discountAmount,
      taxAmount: document.taxAmount,
      totalAmount: document.totalAmount,
      netAmount: document.netAmount,
      vatBreakdown: document.vatBreakdown,
    },
    belowCost: document.lines.some((line) => line.belowCost),
    errors: {},
  };
}

/**
 * Resolves and prices the posted editor as a save would: each code to its product, each quantity
 * and price checked, the amounts (and which lines sell under cost) from document-amounts.ts.
 */
async function resolveEditor(form: FormData, day: string): Promise<EditorState> {
  const rows = postedLines(form, "unitPrice", MAX_LINES).map((line) => ({ ...emptyRow(), ...line }));
  const state: EditorState = {
    customer: formText(form, "customer", 400),
    customerId: "",
    validUntil: formText(form, "validUntil", 10),
    notes: formText(form, "notes"),
    version: formText(form, "version", 12),
    locationId: formText(form, "locationId", 12),
    locations: [],
    belowCostReason: formText(form, BELOW_COST_REASON, 600),
    belowCostAnswer: null,
    rows,
    amounts: null,
    belowCost: false,
    errors: {},
  };
  refuseControlCharacters(form, state, "unitPrice", MAX_LINES);
  // The customer as typed (a label, an e-mail or a name); a bare customerId (a link or a script
  // that names the customer) is taken too.
  const postedId = formText(form, "customerId", 12);
  const pick = hasControlCharacters(state.customer)
    ? null
    : !state.customer && /^\d{1,9}$/.test(postedId)
      ? await getCustomer(Number(postedId)).then((found) =>
          found
            ? { ok: true as const, customer: found }
            : { ok: false as const, reason: "customerNotFound" as const },
        )
      : await pickCustomer(state.customer);
  // A customer field with a control character is refused on the field above, not searched.
  const customer = pick?.ok ? pick.customer : null;
  if (pick && !pick.ok) state.errors.customer = [`orders:errors.${pick.reason}`];
  else if (customer)
    Object.assign(state, { customer: customerLabel(customer), customerId: String(customer.id) });

  const priced: { row: EditorRow; productId: number; quantity: number; unitPrice: string | null }[] = [];
  for (const row of rows) {
    if (!row.code) continue;
    if (hasControlCharacters(row.code)) {
      row.errors.push(CONTROL_CHARACTERS_MESSAGE);
      continue;
    }
    const product = await findProductByCode(row.code);
    if (!product) {
      row.errors.push("orders:errors.unknownCode");
      continue;
    }
    row.product = { id: product.id, name: product.name, sku: product.sku };
    const quantity = readQuantity(row.quantity, 100_000, row.errors, "orders:errors.quantity");
    const unitPrice = readMoney(row.unitPrice, row.errors, "orders:errors.unitPrice");
    priced.push({ row, productId: product.id, quantity, unitPrice });
  }
  if (priced.length > 0) {
    const result = await priceLines(
      em(),
      priced.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })),
      day,
    );
    if (result.ok) {
      const discount = customer?.discountPercentage ?? "0";
      const all = documentAmounts(
        result.lines.map((line) => ({ ...line, vatInclusive: true })),
        discount,
      );
      const { lines, ...amounts } = all;
      priced.forEach(({ row }, i) => {
        Object.assign(row, {
          price: result.lines[i].unitPrice,
          lineTotal: lines[i].lineTotal,
          margin: lines[i].margin,
          marginCategory: lines[i].marginCategory,
          belowCost: lines[i].belowCost,
        });
      });
      state.amounts = { ...amounts, discountPercent: discount };
      state.belowCost = lines.some((line, i) => line.belowCost && priced[i].quantity > 0);
      // The guard's question before the save is asked: the reason field shows with the lines.
      const findings = belowCostFindings(result.lines, all, discount);
      state.belowCostAnswer = findings.length
        ? belowCostAnswer({ ok: false, reason: "belowCost", findings })
        : null;
    }
  }
  return state;
}

const REFUSAL_MESSAGE: Record<DocumentRefusal["reason"], string> = {
  notFound: "orders:errors.notFound",
  stale: "toast.staleEdit",
  customerNotFound: "orders:errors.customerNotFound",
  locked: "orders:errors.locked",
  noLines: "orders:errors.noLines",
  productNotFound: "orders:errors.unknownCode",
  illegalMove: "orders:errors.illegalMove",
  short: "orders:errors.short",
  locationNotFound: "orders:errors.locationNotFound",
  creditLimit: "orders:errors.creditLimit",
  tooLarge: "orders:errors.tooLarge",
  serials: "serials:errors.refused",
  lineNotFound: "orders:errors.notFound",
  // The scanner's list made a document: its form carries no reason, the document editor does.
  belowCost: "orders:errors.belowCost",
  belowCostForbidden: "prices:belowCost.forbidden",
};

/** A refusal as a toast, with the figures its message names (also the scanner's, for its list made a document). */
export function refusalToast(refusal: DocumentRefusal): Toast {
  const values: Record<string, string | number> = {};
  if (refusal.reason === "short") {
    values.product = `${refusal.product.name} (${refusal.product.sku})`;
    values.stock = refusal.product.stockLevel;
    values.wanted = refusal.product.wanted;
    values.location = refusal.product.location?.name ?? "";
  }
  if (refusal.reason === "creditLimit") {
    values.limit = refusal.creditLimit;
    values.open = refusal.open;
  }
  if (refusal.reason === "illegalMove") {
    values.from = refusal.from;
    values.to = refusal.to;
  }
  if (refusal.reason === "belowCost" || refusal.reason === "belowCostForbidden") {
    values.product = refusal.findings[0]?.label ?? "";
    values.count = refusal.findings.length;
  }
  return { type: "error", title: "toast.error", description: REFUSAL_MESSAGE[refusal.reason], values };
}

/**
 * The editor's action, for a new document (`id` null) and a saved one: addLine, removeLine-N and
 * save. The caller has checked the user may write. Lines sold under cost (below-cost.ts) show the
 * reason field as soon as they are priced on a new document, and when a save is refused for them;
 * an admin's or a manager's reason confirms them, a salesperson is told to ask one.
 */
export async function editDocument(
  kind: DocumentKind,
  form: FormData,
  existing: QuoteRow | OrderRow | null,
  user: { id: number; role: Role },
) {
  const intent = String(form.get("intent") ?? "");
  const day = existing ? shopDayOf(existing.date) : shopToday();
  const resolved = await resolveEditor(form, day);
  // A saved document's lines were confirmed before: the save's refusal says which are new.
  const state = existing && !resolved.belowCostReason ? { ...resolved, belowCostAnswer: null } : resolved;
  const status = hasRefusedControlCharacters(state) ? 400 : 200;
  const changed = await changeLines(intent, state, {
    maxLines: MAX_LINES,
    emptyRow,
    // The rows are resolved again without the removed one, so that the amounts follow; a Remove
    // of a row that is not there answers the editor as it is.
    withoutLine: async (at) =>
      state.rows[at] ? resolveEditor(formWithoutLine(form, at, "unitPrice", MAX_LINES), day) : state,
  });
  if (changed) {
    const shown = existing && !changed.belowCostReason ? { ...changed, belowCostAnswer: null } : changed;
    return data<EditorActionData>({ editor: shown }, { status });
  }
  if (intent !== "save") throw data({ message: "Unknown intent" }, { status: 400 });

  const lines = state.rows.filter((row) => row.code !== "");
  if (lines.some((row) => row.errors.length > 0)) addError(state.errors, "form", "orders:errors.checkLines");
  const reason = formBelowCostReason(form);
  if (reason.errors.length > 0) {
    state.errors[BELOW_COST_REASON] = reason.errors;
    state.belowCostAnswer ??= resolved.belowCostAnswer;
  }
  const input = {
    customerId: state.customerId || null,
    notes: state.notes,
    version: state.version || null,
    ...(kind === "quote"
      ? { validUntil: state.validUntil || null }
      : { locationId: state.locationId || null }),
    lines: lineInputs(lines, "unitPrice"),
  };
  const parsed = refusingControlCharacters(kind === "quote" ? quoteSchema : orderSchema).safeParse(input);
  if (!parsed.success) addSchemaIssues(state.errors, parsed.error.issues);
  if (Object.keys(state.errors).length > 0 || !parsed.success) {
    if (Object.keys(state.errors).length === 0) addError(state.errors, "form", "orders:errors.checkLines");
    return data<EditorActionData>({ editor: state }, { status: 400 });
  }
  const value = parsed.data as typeof parsed.data & {
    validUntil?: string | null;
    locationId?: number | null;
  };
  const confirmation = confirmationOf(reason.reason, user);
  const result =
    kind === "quote"
      ? existing
        ? await changeQuote(existing.id, { ...value, validUntil: value.validUntil ?? null }, confirmation)
        : await createQuote({ ...value, validUntil: value.validUntil ?? null }, user.id, confirmation)
      : existing
        ? await changeOrder(existing.id, { ...value, locationId: value.locationId ?? null }, confirmation)
        : await createOrder({ ...value, locationId: value.locationId ?? null }, user.id, confirmation);
  if (!result.ok && isBelowCostRefusal(result)) {
    state.belowCostAnswer = belowCostAnswer(result);
    return data<EditorActionData>({ editor: state }, { status: 400 });
  }
  if (!result.ok) {
    if (result.reason === "stale" || result.reason === "locked" || result.reason === "notFound") {
      return redirectWithToast(existing ? `${PATH[kind]}/${existing.id}` : PATH[kind], refusalToast(result));
    }
    const toast = refusalToast(result);
    addError(state.errors, "form", toast.description as string);
    return data<EditorActionData & { values: Toast["values"] }>(
      { editor: state, values: toast.values },
      { status: 400 },
    );
  }
  const saved = "quote" in result ? result.quote : result.order;
  return redirectWithToast(`${PATH[kind]}/${saved.id}`, {
    type: "success",
    title: "toast.success",
    description: existing ? `orders:toast.${kind}Saved` : `orders:toast.${kind}Created`,
    values: { number: saved.number },
  });
}

function shopDayOf(iso: string) {
  return todayIn(SHOP_TIME_ZONE, new Date(iso));
}

/** The moves the user may make from here: each a button (intent=move or pay, to=status). */
export function allowedMoves(document: QuoteRow | OrderRow, role: Parameters<typeof can>[0]) {
  if (!can(role, "order:write")) return [];
  const moves: { intent: "move" | "pay"; to: string }[] = [];
  if (document.kind === "quote") {
    // Expiry is the daily job's, not a person's.
    for (const to of nextStatuses("quote", document.status))
      if (to !== "expired") moves.push({ intent: "move", to });
  } else {
    for (const to of nextStatuses("order", document.status)) {
      if (to === "pending" && !can(role, "order:approve")) continue;
      moves.push({ intent: "move", to });
    }
    for (const to of nextStatuses("payment", document.paymentStatus)) moves.push({ intent: "pay", to });
  }
  return moves;
}

/** Whether the user may edit the document's lines here. */
export function isEditable(document: QuoteRow | OrderRow, role: Parameters<typeof can>[0]) {
  return can(role, "order:write") && canEditLines(document.kind, document.status);
}

/**
 * A status move from the detail page; refusals (a move no longer possible, short stock, the
 * credit limit) come back as an error toast on the page. The caller has checked "order:write".
 */
export async function moveDocument(
  document: QuoteRow | OrderRow,
  form: FormData,
  user: { id: number; role: Parameters<typeof can>[0] },
) {
  const intent = form.get("intent");
  const to = formText(form, "to", 30);
  const typedVersion = formText(form, "version", 12);
  const version = /^\d{1,9}$/.test(typedVersion) ? Number(typedVersion) : null;
  const back = `${PATH[document.kind]}/${document.id}`;
  const done = (path: string, key: string, number: string) =>
    redirectWithToast(path, {
      type: "success",
      title: "toast.success",
      description: key,
      values: { number, status: to },
    });
  if (document.kind === "quote") {
    if (intent !== "move") throw data({ message: "Unknown intent" }, { status: 400 });
    if (to === "converted") {
      const result = await convertQuote(document.id, user.id);
      if (!result.ok) return redirectWithToast(back, refusalToast(result));
      return done(`/orders/${result.order.id}`, "orders:toast.converted", result.order.number);
    }
    const result = await moveQuote(document.id, to, version);
    if (!result.ok) return redirectWithToast(back, refusalToast(result));
    return done(back, `orders:toast.moved.quote.${to}`, result.quote.number);
  }
  if (intent === "pay") {
    const result = await movePayment(document.id, to);
    if (!result.ok) return redirectWithToast(back, refusalToast(result));
    return done(back, `orders:toast.moved.payment.${to}`, result.order.number);
  }
  if (intent !== "move") throw data({ message: "Unknown intent" }, { status: 400 });
  if (to === "pending" && document.status === "awaiting_approval" && !can(user.role, "order:approve")) {
    return redirectWithToast(back, {
      type: "error",
      title: "toast.accessDenied",
      description: "orders:errors.approveAdminOnly",
    });
  }
  // Shipping takes the serials of its serial-tracked lines (issue #31): refused, the form comes back.
  const serials =
    to === "shipped"
      ? shipmentSerials(
          form,
          document.lines.map((line) => line.id),
        )
      : [];
  const result = await moveOrder(document.id, to, user.id, version, { serials });
  if (!result.ok && result.reason === "serials") return refusedShipment(document, form, result.lines);
  if (!result.ok) return redirectWithToast(back, refusalToast(result));
  return done(back, `orders:toast.moved.order.${to}`, result.order.number);
}

/** The detail route's action: the editor's intents while editable, else a move. */
export async function documentAction(
  kind: DocumentKind,
  request: Request,
  document: QuoteRow | OrderRow | null,
  user: { id: number; role: Role },
) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (document && (intent === "move" || intent === "pay")) return moveDocument(document, form, user);
  if (intent === "save" || intent === "addLine" || intent.startsWith("removeLine-")) {
    if (document && !canEditLines(kind, document.status)) {
      return redirectWithToast(`${PATH[kind]}/${document.id}`, refusalToast({ reason: "locked" }));
    }
    return editDocument(kind, form, document, user);
  }
  throw data({ message: "Unknown intent" }, { status: 400 });
}

/** The detail page's data: the document, the moves the user may make, and the editor while editable. */
export async function loadDocument(
  kind: DocumentKind,
  idText: string | undefined,
  role: Parameters<typeof can>[0],
) {
  const document = await findDocument(kind, idText);
  const editable = isEditable(document, role);
  const moves = allowedMoves(document, role);
  const canShip = moves.some((move) => move.intent === "move" && move.to === "shipped");
  return {
    document,
    moves,
    editor: editable
      ? {
          ...editorOf(document),
          locations: document.kind === "order" ? await activeLocations() : [],
        }
      : null,
    shipment: document.kind === "order" ? await loadShipment(document, canShip) : null,
  };
}

/** The quote or order the route names; a missing one is the screen's 404. */
export async function findDocument(kind: DocumentKind, idText: string | undefined) {
  const id = idParam(idText);
  const document = id ? await (kind === "quote" ? getQuote(id) : getOrder(id)) : null;
  if (!document) throw recordNotFound(kind);
  return document;
}
