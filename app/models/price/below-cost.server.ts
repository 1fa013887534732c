import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { namedSql, toIso } from "~/infra/sql.server";
import type { FileColumn } from "~/models/report/file-columns";
import { countedFileStream, type Dialect } from "~/models/report/file-format";
import { User } from "~/models/user/user.entity";
import type { BelowCostConfirmation, BelowCostFinding, BelowCostSubject } from "./below-cost";
import { BelowCostApproval } from "./below-cost.entity";

/**
 * Stores what a confirmation let through: one row per price below cost, with the reason, the user
 * and the time, in the caller's transaction after the write it confirms (`subjectId` is the record
 * written). Through the unit of work, so the audit trail records each row. Nothing without a
 * confirmation or a finding (`belowCostRefusal` has refused what needed one). A `subjectId` of
 * null files each finding under its own product (products written at once, an import's). One
 * flush for all.
 */
export async function recordBelowCost(
  tx: EntityManager,
  subject: BelowCostSubject,
  subjectId: number | null,
  findings: readonly BelowCostFinding[],
  confirmation: BelowCostConfirmation | null,
): Promise<void> {
  if (!confirmation || findings.length === 0) return;
  const user = await tx.findOne(User, confirmation.userId);
  const userName = user
    ? [[user.firstName, user.lastName].filter(Boolean).join(" "), `<${user.email}>`].filter(Boolean).join(" ")
    : "";
  for (const finding of findings) {
    tx.create(BelowCostApproval, {
      user: user ?? null,
      userName: userName.slice(0, 255),
      reason: confirmation.reason,
      subject,
      subjectId: subjectId ?? finding.productId ?? 0,
      product: finding.productId,
      label: finding.label.slice(0, 255),
      price: finding.price,
      cost: finding.cost,
      margin: finding.margin === null ? null : finding.margin.toFixed(1),
      discountPercent: finding.discountPercent ?? null,
    });
  }
  await tx.flush();
}

/** The "Sold or priced below cost" report's type in /reports/export?type=. */
export const BELOW_COST_REPORT = "below-cost";

/** Its columns, in file order. */
export const BELOW_COST_COLUMNS: readonly FileColumn[] = [
  { key: "createdAt", header: { en: "Date", fi: "Päivämäärä" }, kind: "date" },
  { key: "belowCostSubject", header: { en: "Where", fi: "Missä" }, kind: "text" },
  { key: "subjectId", header: { en: "Record", fi: "Tietue" }, kind: "integer" },
  { key: "label", header: { en: "Product or customer", fi: "Tuote tai asiakas" }, kind: "text" },
  { key: "price", header: { en: "Price", fi: "Hinta" }, kind: "decimal" },
  { key: "cost", header: { en: "Net cost", fi: "Ostohinta (alv 0 %)" }, kind: "decimal" },
  { key: "margin", header: { en: "Margin %", fi: "Kateprosentti" }, kind: "decimal" },
  { key: "discountPercent", header: { en: "Discount %", fi: "Alennus %" }, kind: "decimal" },
  { key: "user", header: { en: "Confirmed by", fi: "Hyväksyjä" }, kind: "text" },
  { key: "reason", header: { en: "Reason", fi: "Peruste" }, kind: "text" },
];

/** One confirmed price below cost, as listed. */
export type BelowCostLine = {
  id: number;
  createdAt: string;
  belowCostSubject: BelowCostSubject;
  subjectId: number;
  productId: number | null;
  label: string;
  price: string | null;
  cost: string | null;
  margin: string | null;
  discountPercent: string | null;
  user: string;
  reason: string;
};

/** The confirmed prices below cost, newest first (by id: rows are only ever added), a page at a time. */
export async function* belowCostPages(
  pageSize = 500,
  db: EntityManager = em(),
): AsyncGenerator<BelowCostLine[]> {
  for (let before = 2_147_483_647; ; ) {
    const { rows } = await namedSql<Omit<BelowCostLine, "createdAt"> & { createdAt: Date | string }>(
      db,
      `select a.id, a.created_at as "createdAt", a.subject as "belowCostSubject", a.subject_id as "subjectId",
              a.product_id as "productId", a.label, a.price::text as price, a.cost::text as cost,
              a.margin::text as margin, a.discount_percent::text as "discountPercent",
              a.user_name as "user", a.reason
         from below_cost_approval a
        where a.id < :before
        order by a.id desc
        limit :limit`,
      { before, limit: pageSize },
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt) }));
    before = rows[rows.length - 1].id;
    if (rows.length < pageSize) return;
  }
}

/** The report as a file in the dialect, ending with the number of rows. */
export function belowCostFile(dialect: Dialect): ReadableStream<Uint8Array> {
  return countedFileStream({
    columns: BELOW_COST_COLUMNS,
    dialect,
    // The stream is read after the loader has returned: it keeps this request's EntityManager.
    pages: belowCostPages(500, em()),
    values: (line) => line,
  });
}

/** A finding's key among a record's confirmed ones: the product and the price. */
const approvalKey = (productId: number | null, price: string | null | undefined) =>
  `${productId ?? ""}@${price == null ? "" : Number(price).toFixed(2)}`;

/**
 * The findings not yet confirmed on this record: a quote or an order changed again keeps the
 * lines an admin or a manager confirmed before (the same product at the same price) without a new
 * reason; only a new price below cost needs one.
 */
export async function unconfirmedFindings(
  tx: EntityManager,
  subject: BelowCostSubject,
  subjectId: number,
  findings: readonly BelowCostFinding[],
): Promise<BelowCostFinding[]> {
  if (findings.length === 0) return [];
  const rows = await tx.find(
    BelowCostApproval,
    { subject, subjectId },
    { fields: ["product", "price"], disableIdentityMap: true },
  );
  const confirmed = new Set(
    rows.map((row) => approvalKey((row.product as { id: number } | null)?.id ?? null, row.price)),
  );
  return findings.filter((finding) => !confirmed.has(approvalKey(finding.productId, finding.price)));
}

/**
 * Carries confirmations over to a record made from another (a quote's order): each finding the
 * source's rows confirmed (the same product at the same price) gets a row of its own for the new
 * record, with the source's reason and user, so the report lists the sale too.
 */
export async function carryBelowCost(
  tx: EntityManager,
  from: { subject: BelowCostSubject; id: number },
  to: { subject: BelowCostSubject; id: number },
  findings: readonly BelowCostFinding[],
): Promise<void> {
  if (findings.length === 0) return;
  const rows = await tx.find(BelowCostApproval, { subject: from.subject, subjectId: from.id });
  const byKey = new Map(
    rows.map((row) => [approvalKey((row.product as { id: number } | null)?.id ?? null, row.price), row]),
  );
  for (const finding of findings) {
    const source = byKey.get(approvalKey(finding.productId, finding.price));
    if (!source) continue;
    tx.create(BelowCostApproval, {
      user: source.user ?? null,
      userName: source.userName,
      reason: source.reason,
      subject: to.subject,
      subjectId: to.id,
      product: finding.productId,
      label: finding.label.slice(0, 255),
      price: finding.price,
      cost: finding.cost,
      margin: finding.margin === null ? null : finding.margin.toFixed(1),
      discountPercent: finding.discountPercent ?? null,
    });
  }
  await tx.flush();
}
