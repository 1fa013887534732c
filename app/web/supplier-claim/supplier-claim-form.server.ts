import { data } from "@remix-run/node";
import { i18next } from "~/i18n/i18next.server";
import { hasControlCharacters } from "~/models/clean-text";
import { formText } from "~/models/line-documents/line-editor";
import { parseSerialList, type SerialProblem } from "~/models/serial/serial-list";
import { supplierOptions } from "~/models/supplier/supplier.server";
import {
  type ClaimRefusal,
  changeSupplierClaim,
  createClaimFromDefective,
  deleteSupplierClaim,
  getSupplierClaim,
  listDefectiveStock,
  listSupplierClaims,
  recordClaimOutcomes,
  type SupplierClaimRow,
  sendSupplierClaim,
} from "~/models/supplier-claim/supplier-claim.server";
import { claimChangeSchema, claimOutcomesSchema } from "~/models/supplier-claim/supplier-claim-schema";
import {
  CLAIM_OUTCOMES,
  CLAIM_STATUSES,
  type ClaimStatus,
  canEditClaim,
  canSendClaim,
  canSettleClaim,
} from "~/models/supplier-claim/supplier-claim-status";
import { can } from "~/models/user/permissions";
import type { PublicUser } from "~/models/user/user.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The supplier claims' pages (/purchasing/claims and /purchasing/claims/:id): loaders and actions.
 * Everything works without JavaScript: plain forms, moves asked once more on the page
 * (`?confirm=`), refusals back on the page with their messages or as a toast.
 */

const PATH = "/purchasing/claims";
const PAGE_SIZE = 25;
const MAX_SEARCH = 100;

// ---------------------------------------------------------------------------------------------
// Refusals

type Message = { key: string; values?: Record<string, string | number> };

/** A refusal's message: an i18n key and its values. */
export function claimRefusalMessage(refusal: ClaimRefusal): Message {
  switch (refusal.reason) {
    case "stale":
      return { key: "toast.staleEdit" };
    case "unitState":
      return { key: "claims:errors.unitState", values: { serial: refusal.serial } };
    case "defectiveShort":
      return {
        key: "claims:errors.defectiveShort",
        values: {
          product: `${refusal.product.name} (${refusal.product.sku})`,
          defective: refusal.product.defectiveStock,
          wanted: refusal.product.wanted,
        },
      };
    case "quantity":
      return { key: "claims:errors.quantityAvailable", values: { available: refusal.available } };
    default:
      return { key: `claims:errors.${refusal.reason}` };
  }
}

function refusalToast(refusal: ClaimRefusal): Toast {
  const { key, values } = claimRefusalMessage(refusal);
  return { type: "error", title: "toast.error", description: key, values };
}

// ---------------------------------------------------------------------------------------------
// The claims page: the defective stock per supplier, and the claims

export async function loadClaimsPage(url: URL, role: PublicUser["role"]) {
  const params = url.searchParams;
  const filters = {
    status: (CLAIM_STATUSES as readonly string[]).includes(params.get("status") ?? "")
      ? (params.get("status") as ClaimStatus)
      : null,
    supplierId: idParam(params.get("supplier") ?? undefined),
    search: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH) || null,
  };
  const page = pageNumber(params.get("page"));
  const [defective, { rows, total }, suppliers] = await Promise.all([
    listDefectiveStock(),
    listSupplierClaims({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    supplierOptions(),
  ]);
  return {
    defective,
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    statuses: CLAIM_STATUSES,
    suppliers,
    canWrite: can(role, "claim:write"),
  };
}

export type ClaimsPageData = Awaited<ReturnType<typeof loadClaimsPage>>;

/** POST /purchasing/claims, intent=create with supplierId: a draft of that supplier's defective stock. */
export async function claimsPageAction(request: Request, user: PublicUser) {
  const form = await readForm(request);
  if (form.get("intent") !== "create") throw data({ message: "Unknown intent" }, { status: 400 });
  const supplierId = idParam(formText(form, "supplierId", 12).trim());
  if (!supplierId) return redirectWithToast(PATH, refusalToast({ reason: "supplierNotFound" }));
  const result = await createClaimFromDefective({ supplierId, note: null }, user.id);
  if (!result.ok) return redirectWithToast(PATH, refusalToast(result));
  return redirectWithToast(`${PATH}/${result.claim.id}`, {
    type: "success",
    title: "toast.success",
    description: "claims:toast.created",
    values: { number: result.claim.number, count: result.claim.lines.length },
  });
}

// ---------------------------------------------------------------------------------------------
// A claim's page

/** The claim the route names; a missing one is the screen's 404. */
export async function findClaim(idText: string | undefined): Promise<SupplierClaimRow> {
  const id = idParam(idText);
  const claim = id ? await getSupplierClaim(id) : null;
  if (!claim) throw recordNotFound("supplierClaim");
  return claim;
}

/** What the draft's form posts back after a refusal: the note and each line's as typed. */
export type DraftState = {
  note: string;
  lines: Record<number, { quantity: string; note: string }>;
  errors: string[];
  values?: Record<string, string | number>;
};

/** What the outcomes form posts back after a refusal: each line's choice as made. */
export type OutcomeState = {
  lines: Record<number, { outcome: string; creditedAmount: string; serial: string; note: string }>;
  errors: string[];
  values?: Record<string, string | number>;
  /** each refused replacement serial, by line */
  serialErrors: Record<number, SerialProblem[]>;
};

export type ClaimActionData = { draft?: DraftState; outcomes?: OutcomeState };

export async function loadClaim(idText: string | undefined, role: PublicUser["role"]) {
  const claim = await findClaim(idText);
  const writer = can(role, "claim:write");
  return {
    claim,
    editable: writer && canEditClaim(claim.status),
    sendable: writer && canSendClaim(claim.status),
    settle: writer && canSettleClaim(claim.status),
  };
}

function draftOf(claim: SupplierClaimRow, form: FormData): DraftState {
  return {
    note: formText(form, "note"),
    lines: Object.fromEntries(
      claim.lines.map((line) => [
        line.id,
        {
          quantity: formText(form, `line[${line.id}].quantity`, 20).trim(),
          note: formText(form, `line[${line.id}].note`),
        },
      ]),
    ),
    errors: [],
  };
}

/** Save the draft (its note, lines' notes and quantities), or take a line off it (`remove-ID`). */
async function saveDraft(claim: SupplierClaimRow, form: FormData, intent: string) {
  const state = draftOf(claim, form);
  const removed = intent.startsWith("remove-") ? Number(intent.slice("remove-".length)) : null;
  const kept = claim.lines.filter((line) => line.id !== removed);
  const texts = [state.note, ...Object.values(state.lines).flatMap((line) => [line.quantity, line.note])];
  if (texts.some(hasControlCharacters)) {
    state.errors.push("validation.controlCharacters");
    return data<ClaimActionData>({ draft: state }, { status: 400 });
  }
  const parsed = claimChangeSchema.safeParse({
    note: state.note,
    version: formText(form, "version", 12) || null,
    lines: kept.map((line) => ({
      id: line.id,
      quantity: line.serial ? null : state.lines[line.id]?.quantity || null,
      note: state.lines[line.id]?.note ?? "",
    })),
  });
  if (!parsed.success) {
    state.errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
    return data<ClaimActionData>({ draft: state }, { status: 400 });
  }
  const result = await changeSupplierClaim(claim.id, parsed.data);
  if (!result.ok) {
    if (result.reason === "quantity" || result.reason === "noLines" || result.reason === "tooLarge") {
      const { key, values } = claimRefusalMessage(result);
      return data<ClaimActionData>({ draft: { ...state, errors: [key], values } }, { status: 400 });
    }
    return redirectWithToast(`${PATH}/${claim.id}`, refusalToast(result));
  }
  return redirectWithToast(`${PATH}/${claim.id}`, {
    type: "success",
    title: "toast.success",
    description: removed ? "claims:toast.lineRemoved" : "claims:toast.saved",
    values: { number: claim.number },
  });
}

/** The outcomes form: each line given an outcome is recorded; the others wait. */
async function recordOutcomes(claim: SupplierClaimRow, form: FormData, userId: number) {
  const open = claim.lines.filter((line) => line.outcome === null);
  const state: OutcomeState = {
    lines: Object.fromEntries(
      open.map((line) => [
        line.id,
        {
          outcome: formText(form, `outcome[${line.id}]`, 20),
          creditedAmount: formText(form, `credited[${line.id}]`, 20).trim(),
          serial: formText(form, `serial[${line.id}]`, 1000),
          note: formText(form, `outcomeNote[${line.id}]`),
        },
      ]),
    ),
    errors: [],
    serialErrors: {},
  };
  const chosen = open.filter((line) =>
    (CLAIM_OUTCOMES as readonly string[]).includes(state.lines[line.id].outcome),
  );
  if (chosen.length === 0) {
    state.errors.push("claims:errors.noOutcome");
    return data<ClaimActionData>({ outcomes: state }, { status: 400 });
  }
  const parsed = claimOutcomesSchema.safeParse({
    version: formText(form, "version", 12) || null,
    lines: chosen.map((line) => {
      const typed = state.lines[line.id];
      return {
        lineId: line.id,
        outcome: typed.outcome,
        creditedAmount: typed.outcome === "credited" ? typed.creditedAmount || null : null,
        serials: typed.outcome === "replaced" ? parseSerialList(typed.serial) : [],
        note: typed.note,
      };
    }),
  });
  if (!parsed.success) {
    state.errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
    return data<ClaimActionData>({ outcomes: state }, { status: 400 });
  }
  const result = await recordClaimOutcomes(claim.id, parsed.data, userId);
  if (!result.ok) {
    if (result.reason === "serials") {
      for (const line of result.lines) state.serialErrors[line.lineId] = line.problems;
      state.errors.push("claims:errors.serials");
      return data<ClaimActionData>({ outcomes: state }, { status: 400 });
    }
    if (result.reason === "tooLarge") {
      state.errors.push("claims:errors.tooLarge");
      return data<ClaimActionData>({ outcomes: state }, { status: 400 });
    }
    return redirectWithToast(`${PATH}/${claim.id}`, refusalToast(result));
  }
  return redirectWithToast(`${PATH}/${claim.id}`, {
    type: "success",
    title: "toast.success",
    description: result.claim.status === "closed" ? "claims:toast.closed" : "claims:toast.outcomes",
    values: { number: claim.number, count: chosen.length },
  });
}

/**
 * The claim page's one action: the draft's save and remove-ID, a move (intent=move, to=sent), the
 * deletion of a draft (intent=delete) and the outcomes (intent=outcomes). The caller checked
 * "claim:write".
 */
export async function claimAction(request: Request, claim: SupplierClaimRow, user: PublicUser) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const typedVersion = formText(form, "version", 12);
  const version = /^\d{1,9}$/.test(typedVersion) ? Number(typedVersion) : null;
  if (intent === "save" || intent.startsWith("remove-")) {
    if (!canEditClaim(claim.status))
      return redirectWithToast(`${PATH}/${claim.id}`, refusalToast({ reason: "locked" }));
    return saveDraft(claim, form, intent);
  }
  if (intent === "outcomes") return recordOutcomes(claim, form, user.id);
  if (intent === "delete") {
    const result = await deleteSupplierClaim(claim.id, version);
    if (!result.ok) return redirectWithToast(`${PATH}/${claim.id}`, refusalToast(result));
    return redirectWithToast(PATH, {
      type: "success",
      title: "toast.success",
      description: "claims:toast.deleted",
      values: { number: result.number },
    });
  }
  if (intent !== "move") throw data({ message: "Unknown intent" }, { status: 400 });
  const to = formText(form, "to", 30);
  if (to !== "sent")
    return redirectWithToast(
      `${PATH}/${claim.id}`,
      refusalToast({ reason: "illegalMove", from: claim.status, to }),
    );
  const language = await i18next.getLocale(request);
  const result = await sendSupplierClaim(claim.id, user.id, { version, language });
  if (!result.ok) return redirectWithToast(`${PATH}/${claim.id}`, refusalToast(result));
  const sent = result.claim;
  return redirectWithToast(`${PATH}/${claim.id}`, {
    type: sent.sentTo ? "success" : "warning",
    title: sent.sentTo ? "toast.success" : "toast.warning",
    description: sent.sentTo ? "claims:toast.sentByEmail" : "claims:toast.sentWithoutEmail",
    values: { number: sent.number, email: sent.sentTo ?? "" },
  });
}
