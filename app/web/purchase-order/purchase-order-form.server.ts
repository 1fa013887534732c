import { data } from "@remix-run/node";
import { i18next } from "~/i18n/i18next.server";
import { em } from "~/infra/db.server";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/models/clean-text";
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
import { printedShop } from "~/models/line-documents/printed-shop.server";
import { activeLocations, workLocationId } from "~/models/location/location.server";
import { findProductByCode, listProducts } from "~/models/product/product-reads.server";
import {
  changePurchaseOrder,
  createDraftsFromReorder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  movePurchaseOrder,
  type PurchaseOrderRow,
  type PurchaseRefusal,
  receivePurchaseOrder,
} from "~/models/purchase-order/purchase-order.server";
import {
  netPurchasePrice,
  type PurchaseAmounts,
  purchaseAmounts,
} from "~/models/purchase-order/purchase-order-amounts";
import {
  MAX_PURCHASE_LINES,
  MAX_PURCHASE_QUANTITY,
  purchaseOrderSchema,
} from "~/models/purchase-order/purchase-order-schema";
import {
  canEditPurchaseOrder,
  canReceive,
  canReschedulePurchaseOrder,
  manualMoves,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from "~/models/purchase-order/purchase-order-status";
import { parseSerialList, type SerialProblem } from "~/models/serial/serial-list";
import { supplierOptions } from "~/models/supplier/supplier.server";
import { can } from "~/models/user/permissions";
import type { PublicUser } from "~/models/user/user.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The /purchasing pages' loaders and actions. Everything works without JavaScript: the editor's
 * buttons post the whole form back (Add line and Remove answer the page with the rows resolved and
 * priced as a save would), moves ask once more on the same page (`?confirm=`), and the receive form
 * is a plain form whose refusals come back on its lines.
 */

const PATH = "/purchasing";
const PAGE_SIZE = 25;
const MAX_SEARCH = 100;

// ---------------------------------------------------------------------------------------------
// The list

export async function loadPurchaseOrderList(url: URL) {
  const params = url.searchParams;
  const filters = {
    status: (PURCHASE_ORDER_STATUSES as readonly string[]).includes(params.get("status") ?? "")
      ? (params.get("status") as PurchaseOrderStatus)
      : null,
    supplierId: idParam(params.get("supplier") ?? undefined),
    locationId: idParam(params.get("location") ?? undefined),
    search: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH) || null,
  };
  const page = pageNumber(params.get("page"));
  const [{ rows, total }, suppliers, locations] = await Promise.all([
    listPurchaseOrders({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    supplierOptions(),
    activeLocations(),
  ]);
  return {
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    statuses: PURCHASE_ORDER_STATUSES,
    suppliers,
    locations,
  };
}

export type PurchaseOrderListData = Awaited<ReturnType<typeof loadPurchaseOrderList>>;

// ---------------------------------------------------------------------------------------------
// The editor (new order, or a draft)

export type EditorRow = {
  code: string;
  quantity: string;
  unitCost: string;
  product: { id: number; name: string; sku: string } | null;
  /** the unit cost the save will write (the one typed, or the product's), once resolved */
  cost: string | null;
  lineTotal: string | null;
  /** products the typed text matches when it names no code exactly (a search without JavaScript) */
  candidates: { sku: string; name: string }[];
  errors: string[];
};

export type EditorState = {
  supplierId: string;
  expectedDate: string;
  note: string;
  version: string;
  /** where it is delivered (issue #32): "" keeps the order's, or the user's work location */
  locationId: string;
  rows: EditorRow[];
  amounts: Omit<PurchaseAmounts, "lineTotals"> | null;
  /** field name -> i18n keys */
  errors: Record<string, string[]>;
};

export type EditorActionData = { editor: EditorState };

const emptyRow = (): EditorRow => ({
  code: "",
  quantity: "1",
  unitCost: "",
  product: null,
  cost: null,
  lineTotal: null,
  candidates: [],
  errors: [],
});

export function newEditor(supplierId: number | null = null): EditorState {
  return {
    supplierId: supplierId ? String(supplierId) : "",
    expectedDate: "",
    note: "",
    version: "",
    locationId: "",
    rows: [emptyRow()],
    amounts: null,
    errors: {},
  };
}

/** The editor of a saved draft: its lines with the costs they carry. */
export function editorOf(order: PurchaseOrderRow): EditorState {
  const { lineTotals: _, ...amounts } = purchaseAmounts(
    order.lines.map((line) => ({
      unitCost: line.unitCost,
      quantity: line.quantityOrdered,
      vatRate: line.vatRate,
    })),
  );
  return {
    supplierId: String(order.supplier.id),
    expectedDate: order.expectedDate,
    note: order.note ?? "",
    version: String(order.version),
    locationId: String(order.location.id),
    rows: order.lines.length
      ? order.lines.map((line) => ({
          code: line.sku,
          quantity: String(line.quantityOrdered),
          unitCost: line.unitCost,
          product: { id: line.productId, name: line.productName, sku: line.sku },
          cost: line.unitCost,
          lineTotal: line.lineTotal,
          candidates: [],
          errors: [],
        }))
      : [emptyRow()],
    amounts: order.lines.length ? amounts : null,
    errors: {},
  };
}

/**
 * The posted editor resolved as a save would read it: each code to its product (an SKU, EAN or
 * barcode exactly; else the one product a search finds, or the few it finds to choose from), each
 * quantity and cost checked, and the amounts.
 */
async function resolveEditor(form: FormData): Promise<EditorState> {
  const state: EditorState = {
    supplierId: formText(form, "supplierId", 12).trim(),
    expectedDate: formText(form, "expectedDate", 10).trim(),
    note: formText(form, "note"),
    version: formText(form, "version", 12),
    locationId: formText(form, "locationId", 12).trim(),
    rows: postedLines(form, "unitCost", MAX_PURCHASE_LINES).map((line) => ({ ...emptyRow(), ...line })),
    amounts: null,
    errors: {},
  };
  refuseControlCharacters(form, state, "unitCost", MAX_PURCHASE_LINES);
  const priced: { row: EditorRow; unitCost: string; quantity: number; vatRate: string }[] = [];
  for (const row of state.rows) {
    if (!row.code || hasControlCharacters(row.code)) continue;
    let product = await findProductByCode(row.code);
    if (!product) {
      const found = await listProducts({ search: row.code, limit: 6, offset: 0, sort: "name" });
      if (found.products.length === 1) [product] = found.products;
      else {
        row.candidates = found.products.slice(0, 5).map(({ sku, name }) => ({ sku, name }));
        row.errors.push(
          found.products.length ? "purchasing:errors.severalProducts" : "purchasing:errors.unknownCode",
        );
        continue;
      }
    }
    row.product = { id: product.id, name: product.name, sku: product.sku };
    row.code = product.sku;
    const quantity = readQuantity(
      row.quantity,
      MAX_PURCHASE_QUANTITY,
      row.errors,
      "purchasing:errors.quantity",
    );
    const typed = readMoney(row.unitCost, row.errors, "purchasing:errors.unitCost");
    row.cost = typed ?? netPurchasePrice(product);
    priced.push({ row, unitCost: row.cost, quantity, vatRate: Number(product.vatRate).toFixed(2) });
  }
  if (priced.length > 0) {
    try {
      const { lineTotals, ...amounts } = purchaseAmounts(priced);
      priced.forEach(({ row }, i) => {
        row.lineTotal = lineTotals[i];
      });
      state.amounts = amounts;
    } catch {
      addError(state.errors, "form", "purchasing:errors.tooLarge");
    }
  }
  return state;
}

const REFUSAL_MESSAGE: Record<PurchaseRefusal["reason"], string> = {
  notFound: "purchasing:errors.notFound",
  stale: "toast.staleEdit",
  locked: "purchasing:errors.locked",
  noLines: "purchasing:errors.noLines",
  supplierNotFound: "purchasing:errors.supplierNotFound",
  tooLarge: "purchasing:errors.tooLarge",
  nothingReceived: "purchasing:errors.nothingReceived",
  productNotFound: "purchasing:errors.unknownCode",
  locationNotFound: "purchasing:errors.locationNotFound",
  lineNotFound: "purchasing:errors.lineNotFound",
  illegalMove: "purchasing:errors.illegalMove",
  notReceivable: "purchasing:errors.notReceivable",
  overReceipt: "purchasing:errors.overReceipt",
  serials: "purchasing:errors.serialsRefused",
};

function refusalToast(refusal: PurchaseRefusal): Toast {
  return { type: "error", title: "toast.error", description: REFUSAL_MESSAGE[refusal.reason] };
}

/** The editor's action for a new order (`existing` null) or a draft: addLine, removeLine-N, save. */
async function editPurchaseOrder(form: FormData, existing: PurchaseOrderRow | null, userId: number) {
  const intent = String(form.get("intent") ?? "");
  const state = await resolveEditor(form);
  const status = hasRefusedControlCharacters(state) ? 400 : 200;
  const changed = await changeLines(intent, state, {
    maxLines: MAX_PURCHASE_LINES,
    emptyRow,
    withoutLine: (at) => resolveEditor(formWithoutLine(form, at, "unitCost", MAX_PURCHASE_LINES)),
  });
  if (changed) return data<EditorActionData>({ editor: changed }, { status });
  if (intent !== "save") throw data({ message: "Unknown intent" }, { status: 400 });

  const lines = state.rows.filter((row) => row.code !== "");
  if (lines.some((row) => row.errors.length > 0))
    addError(state.errors, "form", "purchasing:errors.checkLines");
  const parsed = purchaseOrderSchema.safeParse({
    supplierId: state.supplierId || null,
    expectedDate: state.expectedDate || null,
    note: state.note,
    version: state.version || null,
    locationId: state.locationId || null,
    lines: lineInputs(lines, "unitCost"),
  });
  if (!parsed.success) addSchemaIssues(state.errors, parsed.error.issues);
  if (Object.keys(state.errors).length > 0 || !parsed.success) {
    if (!state.errors.form) addError(state.errors, "form", "purchasing:errors.checkFields");
    return data<EditorActionData>({ editor: state }, { status: 400 });
  }
  const input = { ...parsed.data, supplierId: parsed.data.supplierId as number };
  const result = existing
    ? await changePurchaseOrder(existing.id, input)
    : await createPurchaseOrder(input, userId);
  if (!result.ok) {
    if (result.reason === "stale" || result.reason === "locked" || result.reason === "notFound") {
      return redirectWithToast(existing ? `${PATH}/${existing.id}` : PATH, refusalToast(result));
    }
    addError(
      state.errors,
      result.reason === "supplierNotFound"
        ? "supplierId"
        : result.reason === "locationNotFound"
          ? "locationId"
          : "form",
      REFUSAL_MESSAGE[result.reason],
    );
    return data<EditorActionData>({ editor: state }, { status: 400 });
  }
  return redirectWithToast(`${PATH}/${result.order.id}`, {
    type: "success",
    title: "toast.success",
    description: existing ? "purchasing:toast.saved" : "purchasing:toast.created",
    values: { number: result.order.number },
  });
}

// ---------------------------------------------------------------------------------------------
// Receiving

export type ReceiveRow = {
  lineId: number;
  quantity: string;
  unitCost: string;
  errors: string[];
  /** A serial-tracked line's serials as typed, scanned or pasted, one per line (issue #31). */
  serials: string;
  /** Each problem of its serials: `serials:serialProblems.<problem>` with the serial named. */
  serialErrors: SerialProblem[];
};
export type ReceiveState = {
  rows: ReceiveRow[];
  /** shown when a line would take in more than ordered: the receiver confirms it */
  overReceipt: boolean;
  confirmOverReceipt: boolean;
  errors: string[];
};
export type ReceiveActionData = { receive: ReceiveState };

/** An open order's schedule form: its expected day and note (its lines and supplier stay as sent). */
export type ScheduleState = {
  expectedDate: string;
  note: string;
  version: string;
  /** field name -> i18n keys */
  errors: Record<string, string[]>;
};

export type ScheduleActionData = { schedule: ScheduleState };

function scheduleOf(order: PurchaseOrderRow): ScheduleState {
  return {
    expectedDate: order.expectedDate,
    note: order.note ?? "",
    version: String(order.version),
    errors: {},
  };
}

/**
 * A supplier moved a delivery: the open order's expected day and note change through the one
 * write path of a purchase order, which keeps its lines and supplier as they are.
 */
async function reschedule(order: PurchaseOrderRow, form: FormData) {
  const state: ScheduleState = {
    expectedDate: formText(form, "expectedDate", 10),
    note: formText(form, "note"),
    version: formText(form, "version", 12),
    errors: {},
  };
  // Text with control characters is refused on its field (a NUL would not even reach the database).
  for (const field of ["expectedDate", "note"] as const) {
    if (hasControlCharacters(state[field])) state.errors[field] = [CONTROL_CHARACTERS_MESSAGE];
  }
  const parsed = purchaseOrderSchema.safeParse({
    supplierId: order.supplier.id,
    expectedDate: state.expectedDate || null,
    note: state.note,
    version: state.version || null,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantityOrdered,
      unitCost: line.unitCost,
    })),
  });
  if (!parsed.success) addSchemaIssues(state.errors, parsed.error.issues);
  if (Object.keys(state.errors).length > 0 || !parsed.success) {
    return data<ScheduleActionData>({ schedule: state }, { status: 400 });
  }
  const result = await changePurchaseOrder(order.id, { ...parsed.data, supplierId: order.supplier.id });
  if (!result.ok) return redirectWithToast(`${PATH}/${order.id}`, refusalToast(result));
  return redirectWithToast(`${PATH}/${order.id}`, {
    type: "success",
    title: "toast.success",
    description: "purchasing:toast.rescheduled",
    values: { number: order.number },
  });
}

/** The receive form as it opens: what is still to come on each line, at the line's unit cost. */
export function receiveFormOf(order: PurchaseOrderRow): ReceiveState {
  return {
    rows: order.lines.map((line) => ({
      lineId: line.id,
      quantity: String(Math.max(0, line.quantityOrdered - line.quantityReceived)),
      unitCost: line.unitCost,
      errors: [],
      serials: "",
      serialErrors: [],
    })),
    overReceipt: false,
    confirmOverReceipt: false,
    errors: [],
  };
}

async function receive(order: PurchaseOrderRow, form: FormData, userId: number) {
  const state: ReceiveState = {
    rows: order.lines.map((line) => ({
      lineId: line.id,
      quantity: formText(form, `receive[${line.id}].quantity`, 20).trim(),
      unitCost: formText(form, `receive[${line.id}].unitCost`, 20).trim(),
      errors: [],
      serials: formText(form, `receive[${line.id}].serials`, 200_000),
      serialErrors: [],
    })),
    overReceipt: false,
    confirmOverReceipt: form.get("confirmOverReceipt") === "on",
    errors: [],
  };
  const lines: { lineId: number; quantity: number; unitCost: string | null; serials: string[] }[] = [];
  for (const row of state.rows) {
    const quantity = row.quantity === "" ? 0 : Number(row.quantity);
    if (!/^\d{0,6}$/.test(row.quantity) || quantity > MAX_PURCHASE_QUANTITY)
      row.errors.push("purchasing:errors.receiveQuantity");
    const unitCost = readMoney(row.unitCost, row.errors, "purchasing:errors.unitCost");
    lines.push({ lineId: row.lineId, quantity, unitCost, serials: parseSerialList(row.serials) });
  }
  if (state.rows.some((row) => row.errors.length > 0)) {
    state.errors.push("purchasing:errors.checkLines");
    return data<ReceiveActionData>({ receive: state }, { status: 400 });
  }
  const result = await receivePurchaseOrder(
    order.id,
    { lines, allowOverReceipt: state.confirmOverReceipt },
    userId,
  );
  if (!result.ok) {
    if (result.reason === "overReceipt") {
      state.overReceipt = true;
      for (const over of result.lines) {
        state.rows.find((row) => row.lineId === over.lineId)?.errors.push("purchasing:errors.overLine");
      }
      state.errors.push("purchasing:errors.overReceipt");
      return data<ReceiveActionData>({ receive: state }, { status: 400 });
    }
    if (result.reason === "serials") {
      for (const refused of result.lines) {
        const row = state.rows.find((r) => r.lineId === refused.lineId);
        if (row) row.serialErrors = refused.problems;
      }
      state.errors.push(REFUSAL_MESSAGE.serials);
      return data<ReceiveActionData>({ receive: state }, { status: 400 });
    }
    if (result.reason === "nothingReceived" || result.reason === "tooLarge") {
      state.errors.push(REFUSAL_MESSAGE[result.reason]);
      return data<ReceiveActionData>({ receive: state }, { status: 400 });
    }
    return redirectWithToast(`${PATH}/${order.id}`, refusalToast(result));
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return redirectWithToast(`${PATH}/${order.id}`, {
    type: "success",
    title: "toast.success",
    description: `purchasing:toast.received.${result.order.status}`,
    values: { number: result.order.number, units },
  });
}

// ---------------------------------------------------------------------------------------------
// The detail page

/** The order the route names; a missing one is the screen's 404. */
export async function findPurchaseOrder(idText: string | undefined): Promise<PurchaseOrderRow> {
  const id = idParam(idText);
  const order = id ? await getPurchaseOrder(id) : null;
  if (!order) throw recordNotFound("purchaseOrder");
  return order;
}

/** The detail page's data: the order, what the user may do, the editor while a draft, the receive form. */
export async function loadPurchaseOrder(idText: string | undefined, role: PublicUser["role"]) {
  const order = await findPurchaseOrder(idText);
  const writer = can(role, "purchase:write");
  const editable = writer && canEditPurchaseOrder(order.status);
  return {
    order,
    moves: writer ? manualMoves(order.status) : [],
    editor: editable ? editorOf(order) : null,
    suppliers: editable ? await supplierOptions() : [],
    locations: editable ? await activeLocations() : [],
    receive: writer && canReceive(order.status) ? receiveFormOf(order) : null,
    schedule: writer && !editable && canReschedulePurchaseOrder(order.status) ? scheduleOf(order) : null,
  };
}

/** A new order's page: the editor, for the supplier the link names (?supplier=). */
export async function loadNewPurchaseOrder(url: URL, userId: number) {
  return {
    editor: {
      ...newEditor(idParam(url.searchParams.get("supplier") ?? undefined)),
      locationId: String(await workLocationId(em(), userId)),
    },
    suppliers: await supplierOptions(),
    locations: await activeLocations(),
  };
}

/**
 * The new and the detail route's one action: the editor's intents (while a draft), a move
 * (intent=move, to=sent|cancelled|received), a receipt (intent=receive) or an open order's new
 * expected day and note (intent=reschedule). The caller checked
 * "purchase:write".
 */
export async function purchaseOrderAction(
  request: Request,
  order: PurchaseOrderRow | null,
  user: PublicUser,
) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "save" || intent === "addLine" || intent.startsWith("removeLine-")) {
    if (order && !canEditPurchaseOrder(order.status))
      return redirectWithToast(`${PATH}/${order.id}`, refusalToast({ reason: "locked" }));
    return editPurchaseOrder(form, order, user.id);
  }
  if (!order) throw data({ message: "Unknown intent" }, { status: 400 });
  if (intent === "receive") return receive(order, form, user.id);
  if (intent === "reschedule") return reschedule(order, form);
  if (intent !== "move") throw data({ message: "Unknown intent" }, { status: 400 });
  const to = formText(form, "to", 30);
  const typedVersion = formText(form, "version", 12);
  const version = /^\d{1,9}$/.test(typedVersion) ? Number(typedVersion) : null;
  const language = await i18next.getLocale(request);
  const result = await movePurchaseOrder(order.id, to, user.id, { version, language });
  if (!result.ok) return redirectWithToast(`${PATH}/${order.id}`, refusalToast(result));
  const moved = result.order;
  const key =
    to === "sent"
      ? moved.sentTo
        ? "purchasing:toast.sentByEmail"
        : "purchasing:toast.sentWithoutEmail"
      : to === "cancelled"
        ? "purchasing:toast.cancelled"
        : "purchasing:toast.closed";
  return redirectWithToast(`${PATH}/${order.id}`, {
    type: moved.sentTo || to !== "sent" ? "success" : "warning",
    title: moved.sentTo || to !== "sent" ? "toast.success" : "toast.warning",
    description: key,
    values: { number: moved.number, email: moved.sentTo ?? "" },
  });
}

// ---------------------------------------------------------------------------------------------
// Drafts from the reorder list

/**
 * POST /purchasing/from-reorder: `productId[]` and `quantity[]` side by side (a row with an empty
 * or 0 quantity is left out), one draft per supplier, then /purchasing with a toast naming them.
 * A refusal goes back to `redirectTo` (a path of this site, e.g. the reorder tab) or /purchasing.
 */
export async function draftsFromReorderAction(request: Request, user: PublicUser) {
  const form = await readForm(request);
  const back = formText(form, "redirectTo", 500);
  const errorPath = back.startsWith("/") && !back.startsWith("//") && !back.startsWith("/\\") ? back : PATH;
  const refuse = (description: string, values?: Record<string, string | number>) =>
    redirectWithToast(errorPath, { type: "error", title: "toast.error", description, values });
  const ids = [...form.getAll("productId[]"), ...form.getAll("productId")].map(String);
  const quantities = [...form.getAll("quantity[]"), ...form.getAll("quantity")].map((value) =>
    String(value).trim(),
  );
  if (ids.length !== quantities.length || ids.length > MAX_PURCHASE_LINES)
    return refuse("purchasing:errors.reorderInput");
  const lines: { productId: number; quantity: number }[] = [];
  for (const [i, idText] of ids.entries()) {
    const quantity = quantities[i];
    if (quantity === "" || /^0+$/.test(quantity)) continue;
    const productId = idParam(idText.trim());
    if (!productId || !/^\d{1,6}$/.test(quantity)) return refuse("purchasing:errors.reorderInput");
    lines.push({ productId, quantity: Number(quantity) });
  }
  if (lines.length === 0) return refuse("purchasing:errors.reorderNothing");
  const result = await em().transactional((tx) => createDraftsFromReorder(tx, lines, user.id));
  if (!result.ok) {
    return refuse(
      result.reason === "productNotFound"
        ? "purchasing:errors.unknownProduct"
        : result.reason === "noLines"
          ? "purchasing:errors.reorderNothing"
          : "purchasing:errors.quantity",
    );
  }
  return redirectWithToast(PATH, {
    type: "success",
    title: "toast.success",
    description: "purchasing:toast.draftsCreated",
    values: {
      count: result.orders.length,
      drafts: result.orders.map((order) => `${order.number} (${order.supplierName})`).join(", "),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The printed order

/** What the printed order shows: the shop (from the environment) and the order. */
export async function loadPrintedPurchaseOrder(idText: string | undefined) {
  const order = await findPurchaseOrder(idText);
  return { shop: printedShop(), order };
}

export type PrintedPurchaseOrder = Awaited<ReturnType<typeof loadPrintedPurchaseOrder>>;
