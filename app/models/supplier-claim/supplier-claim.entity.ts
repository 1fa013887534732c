import { defineEntity, p } from "@mikro-orm/core";
import { EmailMessage } from "~/models/notification/notification.entity";
import { Product } from "~/models/product/product.entity";
import { SerialUnit } from "~/models/serial/serial.entity";
import { Supplier } from "~/models/supplier/supplier.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import { CLAIM_OUTCOMES, CLAIM_STATUSES } from "./supplier-claim-status";

const moment = () => p.datetime().columnType("timestamptz").nullable();

/**
 * A supplier claim (reklamaatio, issue #31 item 6): defective units of one supplier's products
 * gathered into a document, e-mailed to the supplier like a purchase order, then settled line by
 * line (credited, replaced or refused). Numbered CL-YYYY-NNNNNN from `document_number` (kind "CL").
 * Amounts are without VAT, at the units' purchase cost.
 */
export const SupplierClaim = defineEntity({
  name: "SupplierClaim",
  tableName: "supplier_claim",
  indexes: [
    // The list, newest first, whole or by status.
    { name: "supplier_claim_created_at_index", properties: ["createdAt", "id"] },
    { name: "supplier_claim_status_created_at_index", properties: ["status", "createdAt", "id"] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    claimNumber: p.string().length(50).unique(),
    // A supplier with claims is not deleted (deleteSupplier refuses on the foreign key).
    supplier: p.manyToOne(Supplier).deleteRule("no action").index(),
    status: p.enum([...CLAIM_STATUSES]).default("draft"),
    note: p.text().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    sentAt: moment(),
    /** The address the claim was e-mailed to when sent; null when it was sent without e-mail. */
    sentTo: p.string().length(255).nullable(),
    /** The e-mail in the outbox that carried it. */
    email: p.manyToOne(EmailMessage).nullable().deleteRule("set null"),
    /** When the last line got its outcome. */
    closedAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

/**
 * A line of a supplier claim: a quantity of an untracked product, or one unit of a serial-tracked
 * product (its own line, so that each unit gets its own outcome). It keeps the product's name and
 * SKU as they were, and the unit cost without VAT: the unit's purchase order line's, else the
 * product's purchase price without VAT.
 */
export const SupplierClaimLine = defineEntity({
  name: "SupplierClaimLine",
  tableName: "supplier_claim_line",
  checks: [
    { name: "supplier_claim_line_quantity_check", expression: "quantity > 0" },
    { name: "supplier_claim_line_credited_check", expression: "credited_amount >= 0" },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    claim: p.manyToOne(SupplierClaim).deleteRule("cascade").index(),
    // A product on a claim is not deleted (deleteProduct refuses): no cascade.
    product: p.manyToOne(Product).deleteRule("no action").index(),
    position: p.integer().default(0),
    productName: p.string().length(255),
    sku: p.string().length(100),
    /** A serial-tracked product's unit claimed (quantity 1); null for an untracked product's line. */
    unit: p.manyToOne(SerialUnit).nullable().deleteRule("no action").index(),
    quantity: p.integer(),
    /** per unit, without VAT */
    unitCost: money(),
    note: p.text().nullable(),
    outcome: p.enum([...CLAIM_OUTCOMES]).nullable(),
    /** What the supplier credited (a credited line's; default quantity x unit cost). */
    creditedAmount: money().nullable(),
    /** The unit that came in place of a replaced one (serial-tracked products). */
    replacementUnit: p.manyToOne(SerialUnit).nullable().deleteRule("set null").index(),
    outcomeNote: p.text().nullable(),
    outcomeAt: moment(),
    outcomeBy: p.manyToOne(User).nullable().deleteRule("set null"),
  },
});
