import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { containsPattern, fullNameSql, namedSql, toIso } from "~/infra/sql.server";
import { shopToday } from "~/models/campaign/campaign.server";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { lockForChange } from "~/models/locked.server";
import { fromCents, MAX_MONEY, toCents } from "~/models/money";
import type { EMAIL_STATUSES } from "~/models/notification/notification.entity";
import { EmailMessage } from "~/models/notification/notification.entity";
import { Product } from "~/models/product/product.entity";
import type { TrackingMode } from "~/models/product/tracking";
import { SerialUnit } from "~/models/serial/serial.entity";
import {
  receiptSerialProblems,
  recordEvents,
  recordReceivedSerials,
  SerialConflict,
  type SerialDocument,
  type SerialLine,
  type SerialLineProblems,
} from "~/models/serial/serial.server";
import { moveUnits } from "~/models/serial/serial-moves.server";
import type { SerialState } from "~/models/serial/serial-state";
import { changeDefectiveStock } from "~/models/stock/defective-stock.server";
import { changeStock } from "~/models/stock/stock-ledger.server";
import { Supplier } from "~/models/supplier/supplier.entity";
import { mailLanguage } from "~/models/user/mail-language.server";
import { User } from "~/models/user/user.entity";
import { SupplierClaim, SupplierClaimLine } from "./supplier-claim.entity";
import { supplierClaimEmail } from "./supplier-claim-mail.server";
import type {
  ClaimChangeInput,
  ClaimCreateInput,
  ClaimOutcomesInput,
  DefectiveStockRow,
  SupplierClaimListRow,
  SupplierClaimRow,
} from "./supplier-claim-schema";
import {
  CLAIM_STATUSES,
  type ClaimOutcome,
  type ClaimStatus,
  canEditClaim,
  canSendClaim,
  canSettleClaim,
  statusAfterOutcomes,
} from "./supplier-claim-status";

/**
 * Supplier claims (reklamaatio, issue #31 item 6): their one write path and their reads. Every
 * change is one transaction that locks the claim's row first. Defective quantities move only
 * through `changeDefectiveStock`, the sellable stock only through the ledger (`changeStock`: a
 * replacement is a receipt movement naming the claim), and units' states through `moveUnits`
 * (each with its event). A refusal found after a write throws `Refused` inside the transaction,
 * so nothing of it is kept.
 */

export type { SupplierClaimLineRow, SupplierClaimListRow, SupplierClaimRow } from "./supplier-claim-schema";

type ClaimEntity = InferEntity<typeof SupplierClaim>;
type LineEntity = InferEntity<typeof SupplierClaimLine>;

type ProductFacts = { id: number; name: string; sku: string };

export type ClaimRefusal =
  | {
      reason:
        | "notFound"
        | "stale"
        | "locked"
        | "supplierNotFound"
        | "nothingToClaim"
        | "noLines"
        | "tooLarge";
    }
  | { reason: "illegalMove"; from: string; to: string }
  | { reason: "notSent"; status: ClaimStatus }
  | { reason: "lineNotFound"; lineId: number }
  | { reason: "settled"; lineId: number; outcome: ClaimOutcome }
  /** A unit not in the state the move wants (sent: defective; refused: at the supplier). */
  | { reason: "unitState"; serial: string; state: SerialState }
  | { reason: "defectiveShort"; product: ProductFacts & { defectiveStock: number; wanted: number } }
  /** A draft's line asks for more than is defective and on no other draft. */
  | { reason: "quantity"; lineId: number; available: number }
  /** A replacement's serials: every problem of every line, each naming its serial. */
  | { reason: "serials"; lines: SerialLineProblems[] };

type Result<T> = ({ ok: true } & T) | ({ ok: false } & ClaimRefusal);

/** A refusal found inside a transaction after it wrote: thrown, so the transaction rolls back. */
class Refused extends Error {
  constructor(readonly refusal: ClaimRefusal) {
    super(`Supplier claim refused: ${refusal.reason}`);
  }
}

/** Runs a write in a transaction of its own; a `Refused` or a serial taken meanwhile is the answer. */
async function write<T>(work: (tx: EntityManager) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await em().transactional(work);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal } as Result<T>;
    if (error instanceof SerialConflict) return { ok: false, reason: "serials", lines: error.lines };
    throw error;
  }
}

const documentOf = (claim: { id: number; claimNumber: string }): SerialDocument => ({
  type: "supplier_claim",
  id: claim.id,
  number: claim.claimNumber,
});

/** Units and quantities on drafts are spoken for: this SQL is the one rule of "on a draft claim". */
const ON_DRAFT = `select l.product_id, l.unit_id, l.quantity, l.claim_id
  from supplier_claim_line l join supplier_claim c on c.id = l.claim_id where c.status = 'draft'`;

type Gathered = {
  productId: number;
  productName: string;
  sku: string;
  tracking: TrackingMode;
  unitId: number | null;
  serial: string | null;
  quantity: number;
  unitCost: string;
  /** what is wrong: a unit's last `defective` event's note */
  note: string | null;
};

/**
 * What of these suppliers' products is defective and on no draft claim: each defective unit of a
 * serial-tracked product (at its purchase order line's cost, else the product's purchase price
 * without VAT), and each untracked product's defective quantity less what drafts claim (at its
 * purchase price without VAT). By supplier, product name and serial. `exceptClaim` leaves one
 * draft's own lines out of "on a draft" (a draft's change).
 */
async function gather(
  db: EntityManager,
  supplierIds: number[] | null,
  exceptClaim: number | null = null,
): Promise<(Gathered & { supplierId: number })[]> {
  const { rows } = await namedSql<{
    supplier_id: number;
    product_id: number;
    name: string;
    sku: string;
    tracking: TrackingMode;
    unit_id: number | null;
    serial: string | null;
    quantity: number;
    unit_cost: string;
    note: string | null;
  }>(
    db,
    `with drafts as (${ON_DRAFT} and l.claim_id is distinct from :except::int),
     defective as (
       select p.id, p.supplier_id, p.name, p.sku, p.tracking, p.defective_stock, p.purchase_cost
         from product p
        where p.defective_stock > 0 and (:all::boolean or p.supplier_id = any(:suppliers::int[]))
     )
     select d.supplier_id, d.id as product_id, d.name, d.sku, d.tracking, u.id as unit_id, u.serial,
            1 as quantity, coalesce(pl.unit_cost, d.purchase_cost)::text as unit_cost,
            (select e.note from serial_event e where e.unit_id = u.id and e.kind = 'defective'
              order by e.at desc, e.id desc limit 1) as note
       from defective d
       join serial_unit u on u.product_id = d.id and u.state = 'defective'
       left join purchase_order_line pl on pl.id = u.purchase_order_line_id
      where d.tracking <> 'none' and not exists (select 1 from drafts x where x.unit_id = u.id)
     union all
     select d.supplier_id, d.id, d.name, d.sku, d.tracking, null, null,
            d.defective_stock - coalesce((select sum(x.quantity) from drafts x where x.product_id = d.id), 0)::int,
            d.purchase_cost::text, null
       from defective d
      where d.tracking = 'none'
     order by 1, 3, 2, 7`,
    { except: exceptClaim, all: supplierIds === null, suppliers: supplierIds ?? [] },
  );
  return rows
    .filter((row) => row.quantity > 0)
    .map((row) => ({
      supplierId: row.supplier_id,
      productId: row.product_id,
      productName: row.name,
      sku: row.sku,
      tracking: row.tracking,
      unitId: row.unit_id,
      serial: row.serial,
      quantity: row.quantity,
      unitCost: row.unit_cost,
      note: row.note,
    }));
}

/**
 * The defective stock per supplier (the claims screen, `GET /api/defective-stock`): what a new
 * claim would gather, with its value at purchase cost. Suppliers by name.
 */
export async function listDefectiveStock(db: EntityManager = em()): Promise<DefectiveStockRow[]> {
  const gathered = await gather(db, null);
  const supplierIds = [...new Set(gathered.map((row) => row.supplierId))];
  const suppliers =
    supplierIds.length === 0
      ? []
      : await db.execute<{ id: number; name: string; email: string | null }[]>(
          "select id, name, email from supplier where id in (?) order by lower(name), id",
          [supplierIds],
        );
  return suppliers.map((supplier) => {
    const products = new Map<number, DefectiveStockRow["products"][number]>();
    for (const row of gathered.filter((r) => r.supplierId === supplier.id)) {
      const product = products.get(row.productId) ?? {
        productId: row.productId,
        productName: row.productName,
        sku: row.sku,
        tracking: row.tracking,
        quantity: 0,
        value: "0.00",
        serials: [],
      };
      product.quantity += row.quantity;
      product.value = fromCents(toCents(product.value) + toCents(row.unitCost) * row.quantity);
      if (row.serial) product.serials.push(row.serial);
      products.set(row.productId, product);
    }
    const list = [...products.values()];
    return {
      supplierId: supplier.id,
      supplierName: supplier.name,
      email: supplier.email,
      units: list.reduce((sum, product) => sum + product.quantity, 0),
      value: fromCents(list.reduce((sum, product) => sum + toCents(product.value), 0)),
      products: list,
    };
  });
}

/**
 * The supplier's row locked against other claims' creation and changes (`for no key update`:
 * purchase orders' `for key share` of it still go on), so two claims never gather one unit.
 */
async function lockSupplier(tx: EntityManager, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await tx.execute<{ id: number; name: string }[]>(
    "select id, name from supplier where id = ? for no key update",
    [id],
  );
  return row ?? null;
}

/**
 * A draft claim of everything the supplier's products have defective and no draft claims yet
 * (`gather`): a line per unit of a serial-tracked product, a line per untracked product. Nothing to
 * gather is refused.
 */
export async function createClaimFromDefective(
  input: ClaimCreateInput,
  userId: number | null,
): Promise<Result<{ claim: SupplierClaimRow }>> {
  return write<{ claim: SupplierClaimRow }>(async (tx) => {
    const supplier = await lockSupplier(tx, input.supplierId);
    if (!supplier) return { ok: false, reason: "supplierNotFound" };
    const lines = await gather(tx, [supplier.id]);
    if (lines.length === 0) return { ok: false, reason: "nothingToClaim" };
    if (lines.some((line) => toCents(line.unitCost) * line.quantity > toCents(MAX_MONEY)))
      return { ok: false, reason: "tooLarge" };
    const [number] = await nextDocumentNumbers(tx, "CL", Number(shopToday().slice(0, 4)), 1);
    const claim = tx.create(SupplierClaim, {
      claimNumber: number,
      supplier: tx.getReference(Supplier, supplier.id),
      status: "draft",
      note: input.note,
      createdBy: userId ? tx.getReference(User, userId) : null,
    });
    lines.forEach((line, position) => {
      tx.create(SupplierClaimLine, {
        claim,
        product: tx.getReference(Product, line.productId),
        position,
        productName: line.productName,
        sku: line.sku,
        unit: line.unitId ? tx.getReference(SerialUnit, line.unitId) : null,
        quantity: line.quantity,
        unitCost: line.unitCost,
        note: line.note,
      });
    });
    await tx.flush();
    return { ok: true, claim: (await getSupplierClaim(claim.id, tx)) as SupplierClaimRow };
  });
}

async function linesOf(tx: EntityManager, claimId: number): Promise<LineEntity[]> {
  return (await tx.find(
    SupplierClaimLine,
    { claim: claimId },
    { orderBy: { position: "asc", id: "asc" } },
  )) as LineEntity[];
}

const idOf = (reference: unknown) => (reference as { id: number }).id;

/**
 * Changes a draft: its note and, when `lines` are given, its lines (those left out are taken off;
 * a line's note; an untracked product's quantity, up to what is defective and on no other draft).
 * A draft left without lines is refused: delete it instead.
 */
export async function changeSupplierClaim(
  id: number,
  input: ClaimChangeInput,
): Promise<Result<{ claim: SupplierClaimRow }>> {
  return write<{ claim: SupplierClaimRow }>(async (tx) => {
    const locked = await lockForChange(tx, SupplierClaim, id, input.version);
    if (!locked.ok) return locked;
    const claim = locked.entity as ClaimEntity;
    if (!canEditClaim(claim.status)) return { ok: false, reason: "locked" };
    await lockSupplier(tx, idOf(claim.supplier));
    const lines = input.lines ? await linesOf(tx, id) : [];
    const asked = new Map((input.lines ?? []).map((line) => [line.id, line]));
    // Everything checked before anything changes: the transaction flushes what changed.
    if (input.lines) {
      const byId = new Map(lines.map((line) => [line.id, line]));
      for (const lineId of asked.keys())
        if (!byId.has(lineId)) return { ok: false, reason: "lineNotFound", lineId };
      if (asked.size === 0) return { ok: false, reason: "noLines" };
      const changed = lines.filter((line) => {
        const wanted = asked.get(line.id)?.quantity;
        return wanted != null && wanted !== line.quantity;
      });
      const available = new Map<number, number>();
      if (changed.length > 0) {
        for (const row of await gather(tx, [idOf(claim.supplier)], id))
          if (row.unitId === null) available.set(row.productId, row.quantity);
      }
      for (const line of changed) {
        const wanted = asked.get(line.id)?.quantity as number;
        const most = line.unit ? 1 : (available.get(idOf(line.product)) ?? 0);
        if (wanted > most) return { ok: false, reason: "quantity", lineId: line.id, available: most };
        if (toCents(line.unitCost) * wanted > toCents(MAX_MONEY)) return { ok: false, reason: "tooLarge" };
      }
    }
    claim.note = input.note;
    // The claim's row changes with its lines, so its version says the lines changed too.
    claim.updatedAt = new Date();
    for (const line of lines) {
      const change = asked.get(line.id);
      if (!change) {
        tx.remove(line);
        continue;
      }
      line.note = change.note;
      if (change.quantity != null) line.quantity = change.quantity;
    }
    await tx.flush();
    return { ok: true, claim: (await getSupplierClaim(id, tx)) as SupplierClaimRow };
  });
}

/** Deletes a draft claim with its lines: its units and quantities are free for another claim. */
export async function deleteSupplierClaim(
  id: number,
  version: number | null,
): Promise<Result<{ number: string }>> {
  return write<{ number: string }>(async (tx) => {
    const locked = await lockForChange(tx, SupplierClaim, id, version);
    if (!locked.ok) return locked;
    const claim = locked.entity as ClaimEntity;
    if (!canEditClaim(claim.status)) return { ok: false, reason: "locked" };
    for (const line of await linesOf(tx, id)) tx.remove(line);
    tx.remove(claim);
    await tx.flush();
    return { ok: true, number: claim.claimNumber };
  });
}

/**
 * Sends a draft: e-mailed to the supplier through the outbox when it has an address (else marked
 * sent); its defective quantities leave (`changeDefectiveStock` -n) and its units go to the
 * supplier (`at_supplier`, a `sent_to_supplier` event). A unit no longer defective, or a product
 * whose defective stock is short, refuses it by name. `language` is the e-mail's (default: the
 * user's own).
 */
export async function sendSupplierClaim(
  id: number,
  userId: number | null,
  options: { version?: number | null; language?: string | null } = {},
): Promise<Result<{ claim: SupplierClaimRow }>> {
  return write<{ claim: SupplierClaimRow }>(async (tx) => {
    const locked = await lockForChange(tx, SupplierClaim, id, options.version);
    if (!locked.ok) return locked;
    const claim = locked.entity as ClaimEntity;
    if (!canSendClaim(claim.status))
      return { ok: false, reason: "illegalMove", from: claim.status, to: "sent" };
    const lines = await linesOf(tx, id);
    if (lines.length === 0) return { ok: false, reason: "noLines" };
    const unitIds = lines.flatMap((line) => (line.unit ? [idOf(line.unit)] : []));
    const moved = await moveUnits(tx, unitIds, {
      from: ["defective"],
      to: "at_supplier",
      kind: "sent_to_supplier",
      document: documentOf(claim),
      userId,
    });
    if (!moved.ok) throw new Refused(unitRefusal(moved));
    const taken = await changeDefectiveStock(
      tx,
      lines.map((line) => ({ productId: idOf(line.product), delta: -line.quantity })),
    );
    if (!taken.ok) throw new Refused(defectiveRefusal(taken));
    const now = new Date();
    claim.status = "sent";
    claim.sentAt = now;
    const current = (await getSupplierClaim(id, tx)) as SupplierClaimRow;
    const address = current.supplier.email;
    if (address) {
      const language = await mailLanguage(tx, userId, options.language);
      const mail = await supplierClaimEmail(
        { ...current, status: "sent", sentAt: now.toISOString() },
        language,
      );
      const emailId = await tx.insert(EmailMessage, {
        user: null,
        toAddress: address,
        subject: mail.subject,
        body: mail.body,
        attachments: null,
      });
      claim.sentTo = address;
      claim.email = tx.getReference(EmailMessage, emailId);
    }
    await tx.flush();
    return { ok: true, claim: (await getSupplierClaim(id, tx)) as SupplierClaimRow };
  });
}

function unitRefusal(moved: Exclude<Awaited<ReturnType<typeof moveUnits>>, { ok: true }>): ClaimRefusal {
  // A unit of a line is never deleted (the foreign key): only its state can be wrong.
  if (moved.reason === "unitNotFound") throw new Error(`Unit ${moved.unitId} of a claim is gone`);
  return { reason: "unitState", serial: moved.unit.serial, state: moved.unit.state };
}

function defectiveRefusal(
  taken: Exclude<Awaited<ReturnType<typeof changeDefectiveStock>>, { ok: true }>,
): ClaimRefusal {
  if (taken.reason === "notFound") throw new Error(`Product ${taken.productId} of a claim is gone`);
  return { reason: "defectiveShort", product: taken.product };
}

/**
 * The supplier's answer, line by line, on a sent claim (lines without an outcome yet):
 * - credited: the amount (default quantity x unit cost); the units stay with the supplier, each
 *   with a `credited` event;
 * - replaced: the replacement comes into stock as a receipt movement naming the claim; a
 *   serial-tracked unit's new serial is taken as a receipt takes it (valid, new, one per unit,
 *   every problem named at once) and the old unit gets a `replaced` event;
 * - refused: the units come back to defective stock (`changeDefectiveStock` +n, units `defective`
 *   with an event carrying the note).
 * The claim closes when every line has its outcome.
 */
export async function recordClaimOutcomes(
  id: number,
  input: ClaimOutcomesInput,
  userId: number | null,
): Promise<Result<{ claim: SupplierClaimRow }>> {
  return write<{ claim: SupplierClaimRow }>(async (tx) => {
    const locked = await lockForChange(tx, SupplierClaim, id, input.version);
    if (!locked.ok) return locked;
    const claim = locked.entity as ClaimEntity;
    if (!canSettleClaim(claim.status)) return { ok: false, reason: "notSent", status: claim.status };
    const lines = await linesOf(tx, id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    for (const asked of input.lines) {
      const line = byId.get(asked.lineId);
      if (!line) return { ok: false, reason: "lineNotFound", lineId: asked.lineId };
      if (line.outcome) return { ok: false, reason: "settled", lineId: line.id, outcome: line.outcome };
    }
    const settling = input.lines.map((asked) => ({ asked, line: byId.get(asked.lineId) as LineEntity }));
    const credits = new Map<number, string>();
    for (const { asked, line } of settling) {
      if (asked.outcome !== "credited") continue;
      const amount = asked.creditedAmount ?? fromCents(toCents(line.unitCost) * line.quantity);
      if (toCents(amount) > toCents(MAX_MONEY)) return { ok: false, reason: "tooLarge" };
      credits.set(line.id, amount);
    }

    // Every line's serials checked before anything is written: a replaced serial-tracked line takes
    // one new serial per unit; any other line takes none.
    const tracking = await trackingOf(tx, [...new Set(settling.map(({ line }) => idOf(line.product)))]);
    const serialLines: SerialLine[] = settling.map(({ asked, line }) => ({
      lineId: line.id,
      productId: idOf(line.product),
      productName: line.productName,
      sku: line.sku,
      tracking: asked.outcome === "replaced" ? (tracking.get(idOf(line.product)) ?? "none") : "none",
      quantity: line.quantity,
      serials: asked.serials,
    }));
    const problems = await receiptSerialProblems(tx, serialLines);
    if (problems.length > 0) return { ok: false, reason: "serials", lines: problems };

    const document = documentOf(claim);
    const unitOf = (line: LineEntity) => (line.unit ? [idOf(line.unit)] : []);
    const of = (outcome: ClaimOutcome) => settling.filter(({ asked }) => asked.outcome === outcome);

    // Refused: back to defective stock, units defective again (each event with the note).
    for (const { asked, line } of of("refused")) {
      const back = await moveUnits(tx, unitOf(line), {
        from: ["at_supplier"],
        to: "defective",
        kind: "defective",
        document,
        userId,
        note: asked.note,
      });
      if (!back.ok) throw new Refused(unitRefusal(back));
    }
    const refused = of("refused").map(({ line }) => ({
      productId: idOf(line.product),
      delta: line.quantity,
    }));
    const returned = await changeDefectiveStock(tx, refused);
    if (!returned.ok) throw new Refused(defectiveRefusal(returned));

    // Credited: the units stay at the supplier, credited.
    for (const { asked, line } of of("credited"))
      await recordEvents(tx, unitOf(line), "credited", document, userId, asked.note);

    // Replaced: the new units and quantities come in as a receipt of the claim.
    const replaced = of("replaced");
    if (replaced.length > 0) {
      const received = await recordReceivedSerials(
        tx,
        serialLines.filter((line) => replaced.some(({ line: own }) => own.id === line.lineId)),
        document,
        userId,
      );
      for (const { asked, line } of replaced) {
        await recordEvents(tx, unitOf(line), "replaced", document, userId, asked.note);
        const serial = asked.serials[0];
        const unit = serial
          ? received.find((row) => row.productId === idOf(line.product) && row.serial === serial)
          : undefined;
        if (unit) line.replacementUnit = tx.getReference(SerialUnit, unit.id);
      }
      const moved = await changeStock(
        tx,
        replaced.map(({ line }) => ({
          productId: idOf(line.product),
          delta: line.quantity,
          reason: "receipt" as const,
          userId,
          reference: claim.claimNumber,
        })),
      );
      // Stock only comes in here: a product is never short, and a line's product is never deleted.
      if (!moved.ok) throw new Error(`Replacing on ${claim.claimNumber}: ${moved.reason}`);
    }

    const now = new Date();
    for (const { asked, line } of settling) {
      line.outcome = asked.outcome;
      line.creditedAmount = credits.get(line.id) ?? null;
      line.outcomeNote = asked.note;
      line.outcomeAt = now;
      line.outcomeBy = userId ? tx.getReference(User, userId) : null;
    }
    claim.status = statusAfterOutcomes(lines.map((line) => ({ outcome: line.outcome ?? null })));
    if (claim.status === "closed") claim.closedAt = now;
    claim.updatedAt = now;
    await tx.flush();
    return { ok: true, claim: (await getSupplierClaim(id, tx)) as SupplierClaimRow };
  });
}

async function trackingOf(tx: EntityManager, productIds: number[]): Promise<Map<number, TrackingMode>> {
  const { rows } = await namedSql<{ id: number; tracking: TrackingMode }>(
    tx,
    "select id, tracking from product where id = any(:ids::int[])",
    { ids: productIds },
  );
  return new Map(rows.map((row) => [row.id, row.tracking]));
}

// ---------------------------------------------------------------------------------------------
// Reads

const moment = (value: Date | string | null | undefined) => (value ? toIso(value) : null);

/** One claim with its supplier, lines (their serials and outcomes) and totals. */
export async function getSupplierClaim(
  id: number,
  db: EntityManager = em(),
): Promise<SupplierClaimRow | null> {
  const [claim] = await db.execute<
    {
      id: number;
      claim_number: string;
      status: ClaimStatus;
      note: string | null;
      created_at: Date | string;
      sent_at: Date | string | null;
      sent_to: string | null;
      closed_at: Date | string | null;
      version: number;
      supplier_id: number;
      supplier_name: string;
      contact_name: string | null;
      supplier_email: string | null;
      supplier_phone: string | null;
      created_by: string | null;
      email_status: (typeof EMAIL_STATUSES)[number] | null;
    }[]
  >(
    `select c.id, c.claim_number, c.status, c.note, c.created_at, c.sent_at, c.sent_to, c.closed_at,
            c.version, s.id as supplier_id, s.name as supplier_name, s.contact_name,
            s.email as supplier_email, s.phone as supplier_phone,
            ${fullNameSql("u")} as created_by,
            m.status as email_status
       from supplier_claim c
       join supplier s on s.id = c.supplier_id
       left join "user" u on u.id = c.created_by_id
       left join email_outbox m on m.id = c.email_id
      where c.id = ?`,
    [id],
  );
  if (!claim) return null;
  const lines = await db.execute<
    {
      id: number;
      product_id: number;
      product_name: string;
      sku: string;
      tracking: TrackingMode;
      unit_id: number | null;
      serial: string | null;
      quantity: number;
      unit_cost: string;
      note: string | null;
      outcome: ClaimOutcome | null;
      credited_amount: string | null;
      replacement_unit_id: number | null;
      replacement_serial: string | null;
      outcome_note: string | null;
      outcome_at: Date | string | null;
      outcome_by: string | null;
    }[]
  >(
    `select l.id, l.product_id, l.product_name, l.sku, p.tracking, l.unit_id, u.serial, l.quantity,
            l.unit_cost::text as unit_cost, l.note, l.outcome, l.credited_amount::text as credited_amount,
            l.replacement_unit_id, r.serial as replacement_serial, l.outcome_note, l.outcome_at,
            ${fullNameSql("us")} as outcome_by
       from supplier_claim_line l
       join product p on p.id = l.product_id
       left join serial_unit u on u.id = l.unit_id
       left join serial_unit r on r.id = l.replacement_unit_id
       left join "user" us on us.id = l.outcome_by_id
      where l.claim_id = ? order by l.position, l.id`,
    [id],
  );
  const total = (cents: number[]) => fromCents(cents.reduce((sum, value) => sum + value, 0));
  return {
    id: claim.id,
    number: claim.claim_number,
    status: claim.status,
    supplier: {
      id: claim.supplier_id,
      name: claim.supplier_name,
      contactName: claim.contact_name,
      email: claim.supplier_email,
      phone: claim.supplier_phone,
    },
    note: claim.note,
    totalValue: total(lines.map((line) => toCents(line.unit_cost) * line.quantity)),
    creditedTotal: total(lines.map((line) => (line.credited_amount ? toCents(line.credited_amount) : 0))),
    createdBy: claim.created_by,
    createdAt: toIso(claim.created_at),
    sentAt: moment(claim.sent_at),
    sentTo: claim.sent_to,
    emailStatus: claim.email_status,
    closedAt: moment(claim.closed_at),
    version: claim.version,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      productName: line.product_name,
      sku: line.sku,
      tracking: line.tracking,
      unitId: line.unit_id,
      serial: line.serial,
      quantity: line.quantity,
      unitCost: line.unit_cost,
      lineTotal: fromCents(toCents(line.unit_cost) * line.quantity),
      note: line.note,
      outcome: line.outcome,
      creditedAmount: line.credited_amount,
      replacementUnitId: line.replacement_unit_id,
      replacementSerial: line.replacement_serial,
      outcomeNote: line.outcome_note,
      outcomeAt: moment(line.outcome_at),
      outcomeBy: line.outcome_by,
    })),
  };
}

export type SupplierClaimFilters = {
  status?: ClaimStatus | null;
  supplierId?: number | null;
  /** text in the claim's number or its supplier's name */
  search?: string | null;
  limit: number;
  offset: number;
};

/** A page of claims, newest first, with their units, value and credited total, and how many match. */
export async function listSupplierClaims(
  filters: SupplierClaimFilters,
  db: EntityManager = em(),
): Promise<{ rows: SupplierClaimListRow[]; total: number }> {
  const search = filters.search?.trim();
  const where = `where (:status::text is null or c.status = :status)
      and (:supplier::int is null or c.supplier_id = :supplier)
      and (:search::text is null or c.claim_number ilike :search or s.name ilike :search)`;
  const bindings = {
    status:
      filters.status && (CLAIM_STATUSES as readonly string[]).includes(filters.status)
        ? filters.status
        : null,
    supplier: filters.supplierId ?? null,
    search: search ? containsPattern(search) : null,
  };
  const [count, page] = await Promise.all([
    namedSql<{ total: number }>(
      db,
      `select count(*)::int as total from supplier_claim c join supplier s on s.id = c.supplier_id ${where}`,
      bindings,
    ),
    namedSql<{
      id: number;
      claim_number: string;
      status: ClaimStatus;
      supplier_id: number;
      supplier_name: string;
      units: number;
      total_value: string;
      credited_total: string;
      created_at: Date | string;
    }>(
      db,
      `select c.id, c.claim_number, c.status, s.id as supplier_id, s.name as supplier_name, c.created_at,
              coalesce(t.units, 0)::int as units, coalesce(t.total_value, 0)::numeric(14, 2)::text as total_value,
              coalesce(t.credited_total, 0)::numeric(14, 2)::text as credited_total
         from supplier_claim c
         join supplier s on s.id = c.supplier_id
         left join lateral (
           select sum(l.quantity) as units, sum(l.quantity * l.unit_cost) as total_value,
                  sum(l.credited_amount) as credited_total
             from supplier_claim_line l where l.claim_id = c.id
         ) t on true
        ${where}
        order by c.created_at desc, c.id desc
        limit :limit offset :offset`,
      { ...bindings, limit: filters.limit, offset: filters.offset },
    ),
  ]);
  return {
    total: count.rows[0]?.total ?? 0,
    rows: page.rows.map((row) => ({
      id: row.id,
      number: row.claim_number,
      status: row.status,
      supplierId: row.supplier_id,
      supplierName: row.supplier_name,
      units: row.units,
      totalValue: row.total_value,
      creditedTotal: row.credited_total,
      createdAt: toIso(row.created_at),
    })),
  };
}
