import { data, redirect } from "@remix-run/node";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/models/clean-text";
import {
  changeReturn,
  createReturn,
  findOrderByNumber,
  getReturn,
  listReturns,
  moveReturn,
  type ReturnableOrder,
  type ReturnLineProblems,
  type ReturnProblem,
  type ReturnRefusal,
  type ReturnRow,
  returnableOrder,
} from "~/models/customer-return/customer-return.server";
import {
  MAX_RETURN_QUANTITY,
  returnChangeSchema,
  returnSchema,
} from "~/models/customer-return/customer-return-schema";
import {
  canEditReturn,
  RETURN_OUTCOMES,
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnStatus,
  returnMoves,
} from "~/models/customer-return/customer-return-state";
import { refundLimit } from "~/models/customer-return/return-amounts";
import { formText } from "~/models/line-documents/line-editor";
import { printedShop } from "~/models/line-documents/printed-shop.server";
import { activeLocations } from "~/models/location/location.server";
import { parseMoney } from "~/models/money";
import { parseSerialList } from "~/models/serial/serial-list";
import { can } from "~/models/user/permissions";
import type { PublicUser } from "~/models/user/user.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The /returns pages' loaders and actions (issue #31). Everything works without JavaScript: the
 * return's form is one plain form of the order's lines (units ticked, a quantity typed, reason and
 * outcome chosen), its refusals come back on the lines they concern; completing and cancelling ask
 * once more on the same page (`?confirm=`).
 */

const PATH = "/returns";
const PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// The list

export async function loadReturnList(url: URL) {
  const params = url.searchParams;
  const filters = {
    status: (RETURN_STATUSES as readonly string[]).includes(params.get("status") ?? "")
      ? (params.get("status") as ReturnStatus)
      : null,
    search: (params.get("q") ?? "").trim().slice(0, 100) || null,
    customerId: idParam(params.get("customer") ?? undefined),
  };
  const page = pageNumber(params.get("page"));
  const { rows, total } = await listReturns({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    statuses: RETURN_STATUSES,
  };
}

export type ReturnListData = Awaited<ReturnType<typeof loadReturnList>>;

// ---------------------------------------------------------------------------------------------
// The return's form

/** One order line in the form, as typed. */
export type EditorLine = {
  lineId: number;
  quantity: string;
  /** the tracked line's units ticked */
  serials: string[];
  reason: string;
  outcome: string;
  /** a replaced tracked line's replacements, scanned one per line */
  replacements: string;
  refund: string;
  /** what the write path found wrong, each naming its serial or figures */
  problems: ReturnProblem[];
  /** i18n keys of the fields typed wrong */
  errors: string[];
};

export type EditorState = {
  note: string;
  version: string;
  /** where the goods come back into (issue #32): the order's location unless an admin or a manager chose */
  locationId: string;
  lines: EditorLine[];
  noteErrors: string[];
  /** i18n keys of the form's refusal as a whole */
  errors: string[];
};

export type EditorActionData = { editor: EditorState };

function emptyLine(lineId: number): EditorLine {
  return {
    lineId,
    quantity: "",
    serials: [],
    reason: "defective",
    outcome: "defective_stock",
    replacements: "",
    refund: "",
    problems: [],
    errors: [],
  };
}

function newEditor(order: ReturnableOrder): EditorState {
  return {
    note: "",
    version: "",
    locationId: String(order.location.id),
    lines: order.lines.map((line) => emptyLine(line.id)),
    noteErrors: [],
    errors: [],
  };
}

/** A draft's form: its lines on the order's lines, the others empty. */
function editorOf(ret: ReturnRow, order: ReturnableOrder): EditorState {
  return {
    note: ret.note ?? "",
    version: String(ret.version),
    locationId: String(ret.location.id),
    lines: order.lines.map((line) => {
      const own = ret.lines.find((returned) => returned.orderLineId === line.id);
      if (!own) return emptyLine(line.id);
      return {
        ...emptyLine(line.id),
        quantity: line.tracking === "none" ? String(own.quantity) : "",
        serials: own.units.map((unit) => unit.serial),
        reason: own.reason,
        outcome: own.outcome,
        replacements: own.units
          .flatMap((unit) => (unit.replacementSerial ? [unit.replacementSerial] : []))
          .join("\n"),
        // The default (what was paid) stays empty, as the form offers it.
        refund:
          own.refundAmount && own.refundAmount !== refundLimit(own.unitPaid, own.quantity)
            ? own.refundAmount
            : "",
      };
    }),
    noteErrors: [],
    errors: [],
  };
}

const field = (lineId: number, name: string) => `line[${lineId}].${name}`;

/**
 * The posted form as the save reads it: per order line what was typed, and the input of the lines
 * that return something (units ticked, or a quantity), each field checked on its own first.
 */
function readEditor(form: FormData, order: ReturnableOrder) {
  const state: EditorState = {
    note: formText(form, "note"),
    version: formText(form, "version", 12),
    locationId: formText(form, "locationId", 12).trim(),
    lines: [],
    noteErrors: [],
    errors: [],
  };
  if (hasControlCharacters(state.note)) state.noteErrors.push(CONTROL_CHARACTERS_MESSAGE);
  const included: { lineId: number; input: Record<string, unknown> }[] = [];
  for (const line of order.lines) {
    const row: EditorLine = {
      ...emptyLine(line.id),
      quantity: formText(form, field(line.id, "quantity"), 20).trim(),
      serials: form
        .getAll(field(line.id, "serial"))
        .filter((value): value is string => typeof value === "string")
        .slice(0, MAX_RETURN_QUANTITY)
        .map((value) => value.slice(0, 100)),
      reason: formText(form, field(line.id, "reason"), 30),
      outcome: formText(form, field(line.id, "outcome"), 30),
      replacements: formText(form, field(line.id, "replacements"), 200_000),
      refund: formText(form, field(line.id, "refund"), 20).trim(),
    };
    state.lines.push(row);
    const tracked = line.tracking !== "none";
    const quantity = row.quantity === "" ? 0 : Number(row.quantity);
    if (
      !tracked &&
      row.quantity !== "" &&
      !(/^\d{1,5}$/.test(row.quantity) && quantity <= MAX_RETURN_QUANTITY)
    )
      row.errors.push("returns:errors.quantity");
    const returning = tracked ? row.serials.length > 0 : quantity > 0 || row.errors.length > 0;
    if (!returning) continue;
    if (!(RETURN_REASONS as readonly string[]).includes(row.reason)) row.errors.push("returns:errors.reason");
    if (!(RETURN_OUTCOMES as readonly string[]).includes(row.outcome))
      row.errors.push("returns:errors.outcome");
    const refunded = row.outcome === "refunded";
    const refund = refunded && row.refund ? parseMoney(row.refund) : null;
    if (refunded && row.refund && refund === null) row.errors.push("returns:errors.refund");
    if ([row.replacements, ...row.serials].some(hasControlCharacters))
      row.errors.push(CONTROL_CHARACTERS_MESSAGE);
    included.push({
      lineId: line.id,
      input: {
        orderLineId: line.id,
        quantity: tracked ? null : quantity,
        serials: row.serials,
        reason: row.reason,
        outcome: row.outcome,
        replacementSerials: row.outcome === "replaced" ? parseSerialList(row.replacements) : [],
        refundAmount: refund,
      },
    });
  }
  return { state, included };
}

function refusalToast(refusal: ReturnRefusal): Toast {
  const key = refusal.reason === "stale" ? "toast.staleEdit" : `returns:errors.${refusal.reason}`;
  const values = refusal.reason === "short" ? { product: refusal.product.name } : undefined;
  return { type: "error", title: "toast.error", description: key, values };
}

/** Puts each line's problems on its row of the form. */
function placeProblems(state: EditorState, lines: ReturnLineProblems[], included: { lineId: number }[]) {
  for (const refused of lines) {
    const lineId = included[refused.index]?.lineId ?? refused.orderLineId;
    const row = state.lines.find((line) => line.lineId === lineId);
    if (row) row.problems = refused.problems;
  }
}

/** Saves the form: a new draft (`existing` null) or the draft's changes. */
async function saveReturn(
  form: FormData,
  order: ReturnableOrder,
  existing: ReturnRow | null,
  user: PublicUser,
) {
  const back = existing ? `${PATH}/${existing.id}` : `${PATH}/new?order=${order.id}`;
  const { state, included } = readEditor(form, order);
  if (included.length === 0 && state.lines.every((line) => line.errors.length === 0))
    state.errors.push("returns:errors.noLines");
  if (state.lines.some((line) => line.errors.length > 0)) state.errors.push("returns:errors.checkLines");
  const lines = included.map(({ input }) => input);
  const locationId = state.locationId || null;
  const parsed = existing
    ? returnChangeSchema.safeParse({ note: state.note, lines, version: state.version || null, locationId })
    : returnSchema.safeParse({ orderId: order.id, note: state.note, lines, locationId });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "note") state.noteErrors.push(issue.message);
      else if (!state.errors.includes("returns:errors.checkLines"))
        state.errors.push("returns:errors.checkLines");
    }
  }
  if (!parsed.success || state.errors.length > 0 || state.noteErrors.length > 0)
    return data<EditorActionData>({ editor: state }, { status: 400 });
  // Another place than the order's is an admin's or a manager's choice (issue #32).
  const choice = { mayChooseLocation: can(user.role, "return:write") };
  const result = existing
    ? await changeReturn(existing.id, parsed.data as Parameters<typeof changeReturn>[1], choice)
    : await createReturn(parsed.data as Parameters<typeof createReturn>[0], user.id, choice);
  if (!result.ok) {
    if (result.reason === "problems") {
      placeProblems(state, result.lines, included);
      state.errors.push("returns:errors.problems");
      return data<EditorActionData>({ editor: state }, { status: 400 });
    }
    return redirectWithToast(back, refusalToast(result));
  }
  return redirectWithToast(`${PATH}/${result.ret.id}`, {
    type: "success",
    title: "toast.success",
    description: existing ? "returns:toast.saved" : "returns:toast.created",
    values: { number: result.ret.number },
  });
}

// ---------------------------------------------------------------------------------------------
// A new return

/**
 * /returns/new: without an order, the form asking for its number (`?number=` opens it); with
 * `?order=ID`, the order's lines to return from. An order not shipped or delivered says so.
 */
export async function loadNewReturn(url: URL, role: PublicUser["role"]) {
  const number = (url.searchParams.get("number") ?? "").trim().slice(0, 50);
  const orderParam = url.searchParams.get("order");
  if (!orderParam) {
    if (number) {
      const found = await findOrderByNumber(number);
      if (found) throw redirect(`${PATH}/new?order=${found}`);
    }
    return { number, notFound: number !== "", order: null, editor: null, locations: [] };
  }
  const order = await findReturnableOrder(orderParam);
  return {
    number: order.number,
    notFound: false,
    order,
    editor: order.returnable ? newEditor(order) : null,
    locations: await choosableLocations(role),
  };
}

async function findReturnableOrder(idText: string | null | undefined): Promise<ReturnableOrder> {
  const id = idParam(idText ?? undefined);
  const order = id ? await returnableOrder(id) : null;
  if (!order) throw recordNotFound("order");
  return order;
}

/** POST /returns/new: the order the form names (hidden `orderId`), saved as a draft. */
export async function newReturnAction(request: Request, user: PublicUser) {
  const form = await readForm(request);
  const id = idParam(formText(form, "orderId", 12) || undefined);
  const order = id ? await returnableOrder(id) : null;
  if (!order) {
    return data<EditorActionData>(
      {
        editor: {
          note: "",
          version: "",
          locationId: "",
          lines: [],
          noteErrors: [],
          errors: ["returns:errors.orderNotFound"],
        },
      },
      { status: 400 },
    );
  }
  if (String(form.get("intent") ?? "save") !== "save")
    throw data({ message: "Unknown intent" }, { status: 400 });
  return saveReturn(form, order, null, user);
}

// ---------------------------------------------------------------------------------------------
// A return's page

/** The locations a role may send a return's goods to (issue #32): an admin's or a manager's choice. */
async function choosableLocations(role: PublicUser["role"]) {
  return can(role, "return:write") ? activeLocations() : [];
}

/** The return the route names; a missing one is the screen's 404. */
export async function findReturn(idText: string | undefined): Promise<ReturnRow> {
  const id = idParam(idText);
  const ret = id ? await getReturn(id) : null;
  if (!ret) throw recordNotFound("customerReturn");
  return ret;
}

/** The page's data: the return, its order's lines, the form while a draft, the moves the role may make. */
export async function loadReturn(idText: string | undefined, role: PublicUser["role"]) {
  const ret = await findReturn(idText);
  const editable = canEditReturn(ret.status) && can(role, "return:draft");
  const order = editable ? await returnableOrder(ret.orderId) : null;
  return {
    ret,
    order,
    editor: order ? editorOf(ret, order) : null,
    locations: order ? await choosableLocations(role) : [],
    moves: can(role, "return:write") ? returnMoves(ret.status) : [],
  };
}

/** A refused completion's problems, shown on the page (the draft stays as it was). */
export type MoveActionData = { refused: ReturnLineProblems[] };

/**
 * The page's one action: the draft's save (intent=save, "return:draft") or a move (intent=move,
 * to=completed|cancelled, "return:write"). The caller checked "return:draft".
 */
export async function returnAction(request: Request, ret: ReturnRow, user: PublicUser) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = `${PATH}/${ret.id}`;
  if (intent === "save") {
    if (!canEditReturn(ret.status)) return redirectWithToast(here, refusalToast({ reason: "locked" }));
    const order = await findReturnableOrder(String(ret.orderId));
    return saveReturn(form, order, ret, user);
  }
  if (intent !== "move") throw data({ message: "Unknown intent" }, { status: 400 });
  if (!can(user.role, "return:write"))
    return redirectWithToast(here, {
      type: "error",
      title: "toast.accessDenied",
      description: "toast.notAllowed",
    });
  const to = formText(form, "to", 30);
  const typed = formText(form, "version", 12);
  const version = /^\d{1,9}$/.test(typed) ? Number(typed) : null;
  const result = await moveReturn(ret.id, to, user.id, version);
  if (!result.ok) {
    if (result.reason === "problems") return data<MoveActionData>({ refused: result.lines }, { status: 400 });
    return redirectWithToast(here, refusalToast(result));
  }
  return redirectWithToast(here, {
    type: "success",
    title: "toast.success",
    description: to === "completed" ? "returns:toast.completed" : "returns:toast.cancelled",
    values: { number: result.ret.number },
  });
}

// ---------------------------------------------------------------------------------------------
// The credit note

/** What the credit note shows: the shop and the completed return's refunded lines. */
export async function loadCreditNote(idText: string | undefined) {
  const ret = await findReturn(idText);
  if (ret.status !== "completed" || !ret.lines.some((line) => line.refundAmount !== null))
    throw await redirectWithToast(`${PATH}/${ret.id}`, {
      type: "error",
      title: "toast.error",
      description: "returns:errors.noCreditNote",
    });
  return { shop: printedShop(), ret };
}

export type CreditNoteData = Awaited<ReturnType<typeof loadCreditNote>>;
