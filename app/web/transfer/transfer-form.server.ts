import { data } from "@remix-run/node";
import { hasControlCharacters, withoutControlCharacters } from "~/models/clean-text";
import { formText } from "~/models/line-documents/line-editor";
import { activeLocations } from "~/models/location/location.server";
import { parseSerialList, type SerialProblem } from "~/models/serial/serial-list";
import {
  createTransfer,
  deleteTransfer,
  getTransfer,
  inTransitTotals,
  listTransfers,
  mayReceiveTransfer,
  moveTransfer,
  type TransferRefusal,
  type TransferRow,
} from "~/models/transfer/transfer.server";
import {
  type TransferCreateInput,
  transferCreateSchema,
  transferTransitionSchema,
} from "~/models/transfer/transfer-schema";
import { canEditTransfer, TRANSFER_STATUSES, type TransferStatus } from "~/models/transfer/transfer-status";
import { can } from "~/models/user/permissions";
import type { PublicUser } from "~/models/user/user.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The transfers' pages (/transfers, /transfers/new, /transfers/:id): loaders and actions. Plain
 * forms throughout: moves asked once more on the page (`?confirm=`), refusals back on the page
 * with their messages or as a toast.
 */

const PATH = "/transfers";
const PAGE_SIZE = 25;
/** The new transfer's form offers this many line rows (rows left empty are skipped). */
export const NEW_TRANSFER_ROWS = 8;

type Message = { key: string; values?: Record<string, string | number> };

/** A refusal's message: an i18n key and its values. */
export function transferRefusalMessage(refusal: TransferRefusal): Message {
  switch (refusal.reason) {
    case "stale":
      return { key: "toast.staleEdit" };
    case "short":
      return {
        key: "transfers:errors.short",
        values: {
          product: `${refusal.product.name} (${refusal.product.sku})`,
          location: refusal.product.location.name,
          held: refusal.product.stockLevel,
          wanted: refusal.product.wanted,
        },
      };
    case "productNotFound":
      return { key: "transfers:errors.productNotFound", values: { product: refusal.product } };
    case "receivedTooMany":
      return {
        key: "transfers:errors.receivedTooMany",
        values: { product: refusal.product, quantity: refusal.quantity },
      };
    case "lossReason":
      return { key: "transfers:errors.lossReasonNeeded", values: { product: refusal.product } };
    case "illegalMove":
      return { key: "transfers:errors.illegalMove" };
    case "lineNotFound":
      return { key: "transfers:errors.lineNotFound" };
    case "serials":
      return { key: "transfers:errors.serials" };
    default:
      return { key: `transfers:errors.${refusal.reason}` };
  }
}

function refusalToast(refusal: TransferRefusal): Toast {
  const { key, values } = transferRefusalMessage(refusal);
  return { type: "error", title: "toast.error", description: key, values };
}

// ---------------------------------------------------------------------------------------------
// The list

export async function loadTransfersPage(url: URL, role: PublicUser["role"]) {
  const params = url.searchParams;
  const filters = {
    status: (TRANSFER_STATUSES as readonly string[]).includes(params.get("status") ?? "")
      ? (params.get("status") as TransferStatus)
      : null,
    locationId: idParam(params.get("location") ?? undefined),
  };
  const page = pageNumber(params.get("page"));
  const [{ rows, total }, inTransit, locations] = await Promise.all([
    listTransfers({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    inTransitTotals(),
    activeLocations(),
  ]);
  return {
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    statuses: TRANSFER_STATUSES,
    locations,
    inTransit,
    canWrite: can(role, "transfer:write"),
  };
}

export type TransfersPageData = Awaited<ReturnType<typeof loadTransfersPage>>;

// ---------------------------------------------------------------------------------------------
// A new transfer

/**
 * The new transfer's form, started from what its address names (the To reorder list's "Transfer N
 * from ..." link): `from` and `to`, each an active location (another is left unchosen), and `sku`
 * and `quantity` pairs, one per line row. Nothing more is checked here: the form's post is.
 */
export async function loadNewTransfer(params: URLSearchParams) {
  const locations = await activeLocations();
  const place = (name: string) => {
    const id = idParam(params.get(name) ?? undefined);
    return locations.some((location) => location.id === id) ? String(id) : "";
  };
  const skus = params.getAll("sku");
  const quantities = params.getAll("quantity");
  const start: NewTransferStart = {
    from: place("from"),
    to: place("to"),
    note: "",
    lines: Array.from({ length: NEW_TRANSFER_ROWS }, (_, i) => ({
      sku: withoutControlCharacters(skus[i] ?? "")
        .trim()
        .slice(0, 100),
      quantity: /^\d{1,7}$/.test(quantities[i] ?? "") ? quantities[i] : "",
      serials: "",
    })),
  };
  return { locations, rows: NEW_TRANSFER_ROWS, start };
}

/** What the new transfer's form shows to begin with: chosen locations and typed lines. */
export type NewTransferStart = Pick<NewTransferState, "from" | "to" | "note" | "lines">;

/** What the new transfer's form posts back after a refusal: everything as typed, and the messages. */
export type NewTransferState = {
  from: string;
  to: string;
  note: string;
  lines: { sku: string; quantity: string; serials: string }[];
  errors: string[];
  values?: Record<string, string | number>;
  serialErrors: Record<number, SerialProblem[]>;
};

export async function newTransferAction(request: Request, user: PublicUser) {
  const form = await readForm(request);
  const state: NewTransferState = {
    from: formText(form, "from", 12),
    to: formText(form, "to", 12),
    note: formText(form, "note"),
    lines: Array.from({ length: NEW_TRANSFER_ROWS }, (_, i) => ({
      sku: formText(form, `lines[${i}].sku`, 100).trim(),
      quantity: formText(form, `lines[${i}].quantity`, 20).trim(),
      serials: formText(form, `lines[${i}].serials`, 20_000),
    })),
    errors: [],
    serialErrors: {},
  };
  const typed = state.lines
    .map((line, index) => ({ ...line, index }))
    .filter((line) => line.sku !== "" || line.quantity !== "" || line.serials.trim() !== "");
  const texts = [state.note, ...typed.flatMap((line) => [line.sku, line.quantity, line.serials])];
  if (texts.some(hasControlCharacters)) {
    state.errors.push("validation.controlCharacters");
    return data({ state }, { status: 400 });
  }
  const parsed = transferCreateSchema.safeParse({
    fromLocationId: state.from,
    toLocationId: state.to,
    note: state.note,
    lines: typed.map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      serials: parseSerialList(line.serials),
    })),
  });
  if (!parsed.success) {
    state.errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
    return data({ state }, { status: 400 });
  }
  const result = await createTransfer(parsed.data as TransferCreateInput, user.id);
  if (!result.ok) {
    if (result.reason === "serials") {
      // The lines' ids are their places among the lines typed (1, 2, …).
      for (const line of result.lines) state.serialErrors[typed[line.lineId - 1]?.index ?? 0] = line.problems;
    }
    const { key, values } = transferRefusalMessage(result);
    return data({ state: { ...state, errors: [key], values } }, { status: 400 });
  }
  return redirectWithToast(`${PATH}/${result.transfer.id}`, {
    type: "success",
    title: "toast.success",
    description: "transfers:toast.created",
    values: { number: result.transfer.number },
  });
}

// ---------------------------------------------------------------------------------------------
// A transfer's page

/** The transfer the route names; a missing one is the screen's 404. */
export async function findTransfer(idText: string | undefined): Promise<TransferRow> {
  const id = idParam(idText);
  const transfer = id ? await getTransfer(id) : null;
  if (!transfer) throw recordNotFound("transfer");
  return transfer;
}

export async function loadTransfer(idText: string | undefined, user: PublicUser) {
  const transfer = await findTransfer(idText);
  const writer = can(user.role, "transfer:write");
  return {
    transfer,
    canWrite: writer && canEditTransfer(transfer.status),
    canReceive:
      transfer.status === "sent" && (await mayReceiveTransfer({ id: user.id, mayWrite: writer }, transfer)),
  };
}

/** What the receipt form posts back after a refusal: each line as typed, and the messages. */
export type ReceiptState = {
  lines: Record<number, { received: string; serials: string[]; lossReason: string; lossNote: string }>;
  errors: string[];
  values?: Record<string, string | number>;
  serialErrors: Record<number, SerialProblem[]>;
};

async function receive(transfer: TransferRow, form: FormData, user: PublicUser, version: number | null) {
  const state: ReceiptState = {
    lines: Object.fromEntries(
      transfer.lines.map((line) => [
        line.id,
        {
          received: formText(form, `received[${line.id}]`, 20).trim(),
          serials: form
            .getAll(`serial[${line.id}]`)
            .filter((value): value is string => typeof value === "string"),
          lossReason: formText(form, `lossReason[${line.id}]`, 20),
          lossNote: formText(form, `lossNote[${line.id}]`),
        },
      ]),
    ),
    errors: [],
    serialErrors: {},
  };
  if (Object.values(state.lines).some((line) => hasControlCharacters(line.lossNote))) {
    state.errors.push("validation.controlCharacters");
    return data({ receipt: state }, { status: 400 });
  }
  const parsed = transferTransitionSchema.safeParse({
    to: "received",
    version,
    lines: transfer.lines.map((line) => {
      const typed = state.lines[line.id];
      const tracked = line.serials.length > 0;
      return {
        lineId: line.id,
        // A tracked line's units are ticked: what arrived is what is ticked.
        received: tracked ? typed.serials.length : typed.received === "" ? null : typed.received,
        serials: tracked ? typed.serials : undefined,
        lossReason: typed.lossReason || null,
        lossNote: typed.lossNote,
      };
    }),
  });
  if (!parsed.success) {
    state.errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
    return data({ receipt: state }, { status: 400 });
  }
  const result = await moveTransfer(transfer.id, parsed.data, {
    id: user.id,
    mayWrite: can(user.role, "transfer:write"),
  });
  if (!result.ok) {
    if (result.reason === "serials")
      for (const line of result.lines) state.serialErrors[line.lineId] = line.problems;
    if (["serials", "receivedTooMany", "lossReason", "lineNotFound"].includes(result.reason)) {
      const { key, values } = transferRefusalMessage(result);
      return data({ receipt: { ...state, errors: [key], values } }, { status: 400 });
    }
    return redirectWithToast(`${PATH}/${transfer.id}`, refusalToast(result));
  }
  const lost = result.transfer.lines.reduce((sum, line) => sum + line.lost, 0);
  return redirectWithToast(`${PATH}/${transfer.id}`, {
    type: lost > 0 ? "warning" : "success",
    title: lost > 0 ? "toast.warning" : "toast.success",
    description: lost > 0 ? "transfers:toast.receivedShort" : "transfers:toast.received",
    values: { number: transfer.number, lost },
  });
}

/**
 * The transfer page's one action: a move (intent=move with to=sent|cancelled, or intent=receive
 * with each line's receipt) and the deletion of a draft (intent=delete). The guard let every
 * signed-in user through: the write path refuses a salesperson anything but receiving into their
 * own location.
 */
export async function transferAction(request: Request, transfer: TransferRow, user: PublicUser) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const typedVersion = formText(form, "version", 12);
  const version = /^\d{1,9}$/.test(typedVersion) ? Number(typedVersion) : null;
  const mayWrite = can(user.role, "transfer:write");
  const here = `${PATH}/${transfer.id}`;
  if (intent === "receive") return receive(transfer, form, user, version);
  if (intent === "delete") {
    if (!mayWrite) return redirectWithToast(here, refusalToast({ reason: "notAllowed" }));
    const result = await deleteTransfer(transfer.id, version);
    if (!result.ok) return redirectWithToast(here, refusalToast(result));
    return redirectWithToast(PATH, {
      type: "success",
      title: "toast.success",
      description: "transfers:toast.deleted",
      values: { number: result.number },
    });
  }
  if (intent !== "move") throw data({ message: "Unknown intent" }, { status: 400 });
  const to = formText(form, "to", 30);
  if (to !== "sent" && to !== "cancelled")
    return redirectWithToast(here, refusalToast({ reason: "illegalMove", from: transfer.status, to }));
  const result = await moveTransfer(transfer.id, { to, lines: [], version }, { id: user.id, mayWrite });
  if (!result.ok) return redirectWithToast(here, refusalToast(result));
  return redirectWithToast(here, {
    type: "success",
    title: "toast.success",
    description: `transfers:toast.${to}`,
    values: { number: transfer.number },
  });
}
