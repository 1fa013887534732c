import { type InferEntity, raw } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { containsPattern, fullNameSql, namedSql, toIso } from "~/infra/sql.server";
import { shopToday } from "~/models/campaign/campaign.server";
import { Customer, customerNameSearchText } from "~/models/customer/customer.entity";
import { lowerCustomerSpent } from "~/models/customer/customer.server";
import { nextDocumentNumbers } from "~/models/document-number/document-number.server";
import { Location } from "~/models/location/location.entity";
import { isActiveLocation } from "~/models/location/location.server";
import { locationName } from "~/models/location/location-documents.server";
import { lockForChange } from "~/models/locked.server";
import { fromCents, toCents } from "~/models/money";
import { SalesOrder, SalesOrderItem } from "~/models/order/order.entity";
import { Product } from "~/models/product/product.entity";
import type { TrackingMode } from "~/models/product/tracking";
import { SerialUnit } from "~/models/serial/serial.entity";
import { type SerialDocument, unitKey } from "~/models/serial/serial.server";
import { isStorableSerial, normaliseSerial } from "~/models/serial/serial-list";
import { sellReplacementUnits, takeBackSoldUnits } from "~/models/serial/serial-return.server";
import { linesToShip } from "~/models/serial/serial-sale.server";
import { changeDefectiveStock } from "~/models/stock/defective-stock.server";
import { changeStock, type StockChange } from "~/models/stock/stock-ledger.server";
import { User } from "~/models/user/user.entity";
import { CustomerReturn, CustomerReturnLine, CustomerReturnUnit } from "./customer-return.entity";
import type {
  ReturnChangeInput,
  ReturnInput,
  ReturnLineInput,
  ReturnListRow,
  ReturnRow,
} from "./customer-return-schema";
import {
  canEditReturn,
  canMoveReturn,
  goodsGoTo,
  isReturnable,
  type ReturnOutcome,
  type ReturnReason,
  type ReturnStatus,
} from "./customer-return-state";
import { guaranteeEnded, paidPerUnit, refundAmounts, refundLimit } from "./return-amounts";

/**
 * Customer returns (issue #31, item 5): their one write path and their reads. A draft is written
 * from the counter (every check at once, so a draft is sound when saved); completing it re-checks
 * everything against what is stored now and does every move in one transaction: the return's row
 * locked, then its order's (returns of one order complete one after the other, so two never take
 * the same unit or more units than were sold), then the products in id order. Stock moves only
 * through the ledger (`changeStock`: a `return` movement for goods back, a `sale` movement for a
 * replacement, both naming the RMA), defective quantities only through `changeDefectiveStock`, the
 * customer's totals only through `lowerCustomerSpent`.
 */

export type { ReturnListRow, ReturnRow } from "./customer-return-schema";

/** Something wrong with a line, naming its serial (or its counts, or its amounts). */
export type ReturnProblem =
  | {
      problem:
        | "notSold"
        | "duplicate"
        | "untracked"
        | "replacementNotInStock"
        | "replacementUnneeded"
        /** a replacement in stock at another location than the return's (issue #32) */
        | "replacementElsewhere";
      serial: string;
    }
  | { problem: "noSerials" | "noQuantity" | "refundNotRefunded" }
  | { problem: "tooMany"; asked: number; available: number }
  | { problem: "count" | "replacementCount"; expected: number; given: number }
  | { problem: "refundTooLarge"; asked: string; max: string };

/** A line's problems: its place in the return, its order line and product. */
export type ReturnLineProblems = {
  index: number;
  orderLineId: number;
  productName: string;
  sku: string;
  problems: ReturnProblem[];
};

export type ReturnRefusal =
  | { reason: "notFound" | "stale" | "locked" | "orderNotFound" }
  /** a location named (issue #32) that is no active location, or one a salesperson may not choose */
  | { reason: "locationNotFound" | "locationForbidden"; locationId: number }
  | { reason: "notReturnable"; orderNumber: string; status: string }
  | { reason: "lineNotFound"; lineId: number }
  | { reason: "illegalMove"; from: string; to: string }
  /** Every problem of every line at once. */
  | { reason: "problems"; lines: ReturnLineProblems[] }
  /** A replacement's product has not that many in stock. */
  | {
      reason: "short";
      product: { id: number; name: string; sku: string; stockLevel: number; wanted: number };
    };

type Result<T> = ({ ok: true } & T) | ({ ok: false } & ReturnRefusal);

/**
 * Thrown inside a completion's transaction once it has written something, so that the transaction
 * rolls back: a unit another return or sale took since the checks, a replacement short of stock.
 */
class ReturnAbort extends Error {
  constructor(readonly refusal: ReturnRefusal) {
    super(`The return was refused: ${refusal.reason}`);
  }
}

// ---------------------------------------------------------------------------------------------
// What a return is checked against: its order, the order's lines, the units

type OrderFacts = {
  id: number;
  number: string;
  status: string;
  customerId: number | null;
  discountPercent: string;
  /** where it shipped from (issue #32): a return's goods come back there by default */
  locationId: number;
};

/** The order's facts; `lock` takes its row for update (a completion: one return of it at a time). */
async function orderFacts(tx: EntityManager, orderId: number, lock = false): Promise<OrderFacts | null> {
  const { rows } = await namedSql<{
    id: number;
    order_number: string;
    status: string;
    customer_id: number | null;
    discount_percent: string;
    location_id: number;
  }>(
    tx,
    `select id, order_number, status, customer_id, discount_percent::text as discount_percent, location_id
       from sales_order where id = :orderId ${lock ? "for update" : ""}`,
    { orderId },
  );
  const [row] = rows;
  return row
    ? {
        id: row.id,
        number: row.order_number,
        status: row.status,
        customerId: row.customer_id,
        discountPercent: row.discount_percent,
        locationId: row.location_id,
      }
    : null;
}

type OrderLine = {
  id: number;
  productId: number;
  productName: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  vatRate: string;
  tracking: TrackingMode;
};

async function orderLines(tx: EntityManager, orderId: number): Promise<OrderLine[]> {
  const { rows } = await namedSql<{
    id: number;
    product_id: number;
    product_name: string;
    sku: string;
    quantity: number;
    unit_price: string;
    vat_rate: string;
    tracking: TrackingMode;
  }>(
    tx,
    `select i.id, i.product_id, i.product_name, i.sku, i.quantity, i.unit_price::text as unit_price,
            i.vat_rate::text as vat_rate, p.tracking
       from sales_order_item i join product p on p.id = i.product_id
      where i.order_id = :orderId order by i.position, i.id`,
    { orderId },
  );
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    sku: row.sku,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    vatRate: row.vat_rate,
    tracking: row.tracking,
  }));
}

/**
 * Units of each order line already returned on completed returns. A replaced line's units are not
 * counted: their replacements are sold on the same line, so the line has as many units out as before.
 */
async function returnedQuantities(tx: EntityManager, orderId: number): Promise<Map<number, number>> {
  const { rows } = await namedSql<{ order_item_id: number; returned: number }>(
    tx,
    `select l.order_item_id, sum(l.quantity)::int as returned
       from customer_return_line l join customer_return r on r.id = l.customer_return_id
      where r.order_id = :orderId and r.status = 'completed' and l.outcome <> 'replaced'
      group by l.order_item_id`,
    { orderId },
  );
  return new Map(rows.map((row) => [row.order_item_id, row.returned]));
}

type UnitFacts = {
  id: number;
  state: string;
  soldItemId: number | null;
  soldAt: Date | string | null;
  guaranteeEnds: string | null;
  locationId: number;
};

/** The units of these products' serials, in one query. */
async function unitsOf(
  tx: EntityManager,
  pairs: { productId: number; serial: string }[],
): Promise<Map<string, UnitFacts>> {
  // A serial no unit can have (a NUL, too long) is looked up nowhere: the line names it not sold.
  const storable = pairs.filter((pair) => isStorableSerial(pair.serial));
  if (storable.length === 0) return new Map();
  const { rows } = await namedSql<{
    id: number;
    product_id: number;
    serial: string;
    state: string;
    sold_item_id: number | null;
    sold_at: Date | string | null;
    guarantee_ends: string | null;
    location_id: number;
  }>(
    tx,
    `select u.id, u.product_id, u.serial, u.state, u.sold_item_id, u.sold_at, u.location_id,
            to_char(u.guarantee_ends, 'YYYY-MM-DD') as guarantee_ends
       from serial_unit u
       join unnest(:products::int[], :serials::text[]) as asked(product_id, serial)
         on u.product_id = asked.product_id and u.serial = asked.serial`,
    { products: storable.map((pair) => pair.productId), serials: storable.map((pair) => pair.serial) },
  );
  return new Map(
    rows.map((row) => [
      unitKey(row.product_id, row.serial),
      {
        id: row.id,
        state: row.state,
        soldItemId: row.sold_item_id,
        soldAt: row.sold_at,
        guaranteeEnds: row.guarantee_ends,
        locationId: row.location_id,
      },
    ]),
  );
}

type PlannedUnit = {
  unitId: number;
  serial: string;
  soldAt: Date | string | null;
  guaranteeEnds: string | null;
  replacementUnitId: number | null;
  replacementSerial: string | null;
};

type PlannedLine = {
  orderLine: OrderLine;
  quantity: number;
  reason: ReturnReason;
  outcome: ReturnOutcome;
  unitPaid: string;
  refundAmount: string | null;
  units: PlannedUnit[];
};

/**
 * A return's lines checked against its order as stored now, every problem of every line at once:
 * the order is shipped or delivered and names each line; a tracked line names its units by serial
 * (each sold on that order line, once; a count given must agree), an untracked one a quantity;
 * no order line returns more units than it sold less those completed returns took back; a replaced
 * tracked line names one replacement per unit, each a unit of the product in stock at the return's
 * location (issue #32); a refund is at most what was paid for the units (its default).
 */
async function planReturn(
  tx: EntityManager,
  order: OrderFacts,
  inputs: ReturnLineInput[],
  locationId: number,
): Promise<{ ok: true; lines: PlannedLine[] } | ({ ok: false } & ReturnRefusal)> {
  if (!isReturnable(order.status))
    return { ok: false, reason: "notReturnable", orderNumber: order.number, status: order.status };
  const byId = new Map((await orderLines(tx, order.id)).map((line) => [line.id, line]));
  const missing = inputs.find((input) => !byId.has(input.orderLineId));
  if (missing) return { ok: false, reason: "lineNotFound", lineId: missing.orderLineId };
  const lineOf = (input: ReturnLineInput) => byId.get(input.orderLineId) as OrderLine;
  const returned = await returnedQuantities(tx, order.id);
  const units = await unitsOf(
    tx,
    inputs.flatMap((input) => {
      const line = lineOf(input);
      if (line.tracking === "none") return [];
      return [...input.serials, ...input.replacementSerials].map((serial) => ({
        productId: line.productId,
        serial,
      }));
    }),
  );

  const seenByProduct = new Map<number, Set<string>>();
  const asked = new Map<number, number>();
  const problemsOf: ReturnProblem[][] = [];
  const planned: PlannedLine[] = inputs.map((input) => {
    const line = lineOf(input);
    const problems: ReturnProblem[] = [];
    problemsOf.push(problems);
    const plannedUnits: PlannedUnit[] = [];
    let quantity: number;
    if (line.tracking !== "none") {
      if (input.serials.length === 0) problems.push({ problem: "noSerials" });
      else if (input.quantity !== null && input.quantity !== input.serials.length)
        problems.push({ problem: "count", expected: input.quantity, given: input.serials.length });
      quantity = input.serials.length;
      const seen = seenByProduct.get(line.productId) ?? new Set<string>();
      seenByProduct.set(line.productId, seen);
      for (const serial of input.serials) {
        if (seen.has(serial)) {
          problems.push({ problem: "duplicate", serial });
          continue;
        }
        seen.add(serial);
        const unit = units.get(unitKey(line.productId, serial));
        if (unit?.state !== "sold" || unit.soldItemId !== line.id) {
          problems.push({ problem: "notSold", serial });
          continue;
        }
        plannedUnits.push({
          unitId: unit.id,
          serial,
          soldAt: unit.soldAt,
          guaranteeEnds: unit.guaranteeEnds,
          replacementUnitId: null,
          replacementSerial: null,
        });
      }
      if (input.outcome === "replaced") {
        if (input.replacementSerials.length !== quantity)
          problems.push({
            problem: "replacementCount",
            expected: quantity,
            given: input.replacementSerials.length,
          });
        input.replacementSerials.forEach((serial, i) => {
          if (seen.has(serial)) {
            problems.push({ problem: "duplicate", serial });
            return;
          }
          seen.add(serial);
          const unit = units.get(unitKey(line.productId, serial));
          if (unit?.state !== "in_stock") {
            problems.push({ problem: "replacementNotInStock", serial });
            return;
          }
          if (unit.locationId !== locationId) {
            problems.push({ problem: "replacementElsewhere", serial });
            return;
          }
          const replaced = plannedUnits[i];
          if (replaced) Object.assign(replaced, { replacementUnitId: unit.id, replacementSerial: serial });
        });
      } else {
        for (const serial of input.replacementSerials)
          problems.push({ problem: "replacementUnneeded", serial });
      }
    } else {
      const [serial] = [...input.serials, ...input.replacementSerials];
      if (serial !== undefined) problems.push({ problem: "untracked", serial });
      if (input.quantity === null) problems.push({ problem: "noQuantity" });
      quantity = input.quantity ?? 0;
    }
    asked.set(line.id, (asked.get(line.id) ?? 0) + quantity);

    const unitPaid = paidPerUnit(line.unitPrice, order.discountPercent);
    let refundAmount: string | null = null;
    if (input.outcome === "refunded") {
      const max = refundLimit(unitPaid, quantity);
      refundAmount = input.refundAmount ?? max;
      if (toCents(refundAmount) > toCents(max))
        problems.push({ problem: "refundTooLarge", asked: refundAmount, max });
    } else if (input.refundAmount !== null) problems.push({ problem: "refundNotRefunded" });
    return {
      orderLine: line,
      quantity,
      reason: input.reason,
      outcome: input.outcome,
      unitPaid,
      refundAmount,
      units: plannedUnits,
    };
  });

  for (const [index, input] of inputs.entries()) {
    const line = lineOf(input);
    const available = Math.max(0, line.quantity - (returned.get(line.id) ?? 0));
    const wanted = asked.get(line.id) ?? 0;
    if (wanted > available) problemsOf[index].unshift({ problem: "tooMany", asked: wanted, available });
  }
  const found = inputs.flatMap((input, index) => {
    const line = lineOf(input);
    const problems = problemsOf[index];
    return problems.length > 0
      ? [{ index, orderLineId: line.id, productName: line.productName, sku: line.sku, problems }]
      : [];
  });
  if (found.length > 0) return { ok: false, reason: "problems", lines: found };
  return { ok: true, lines: planned };
}

const refundTotalOf = (lines: PlannedLine[]) =>
  fromCents(lines.reduce((sum, line) => sum + (line.refundAmount ? toCents(line.refundAmount) : 0), 0));

/** A return's lines and units, added to the unit of work (written by the caller's flush). */
function createLines(tx: EntityManager, ret: InferEntity<typeof CustomerReturn>, lines: PlannedLine[]) {
  lines.forEach((planned, position) => {
    const line = tx.create(CustomerReturnLine, {
      customerReturn: ret,
      orderItem: tx.getReference(SalesOrderItem, planned.orderLine.id),
      product: tx.getReference(Product, planned.orderLine.productId),
      position,
      productName: planned.orderLine.productName,
      sku: planned.orderLine.sku,
      quantity: planned.quantity,
      reason: planned.reason,
      outcome: planned.outcome,
      unitPaid: planned.unitPaid,
      vatRate: planned.orderLine.vatRate,
      refundAmount: planned.refundAmount,
    });
    for (const unit of planned.units) {
      tx.create(CustomerReturnUnit, {
        line,
        unit: tx.getReference(SerialUnit, unit.unitId),
        serial: unit.serial,
        soldAt: unit.soldAt ? new Date(unit.soldAt) : null,
        guaranteeEnds: unit.guaranteeEnds,
        replacementUnit: unit.replacementUnitId ? tx.getReference(SerialUnit, unit.replacementUnitId) : null,
        replacementSerial: unit.replacementSerial,
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * The location a return names, checked (issue #32); none: `fallback` (the order's, or the return's
 * own). Another than the fallback is an admin's or a manager's choice (`mayChoose`).
 */
async function returnLocation(
  tx: EntityManager,
  named: number | null | undefined,
  fallback: number,
  mayChoose: boolean,
): Promise<{ ok: true; locationId: number } | ({ ok: false } & ReturnRefusal)> {
  if (!named || named === fallback) return { ok: true, locationId: fallback };
  if (!mayChoose) return { ok: false, reason: "locationForbidden", locationId: named };
  if (!(await isActiveLocation(tx, named)))
    return { ok: false, reason: "locationNotFound", locationId: named };
  return { ok: true, locationId: named };
}

/**
 * Registers a return as a draft, in a transaction of its own (the counter's form, the API); its
 * goods come back into the location named, else the order's (issue #32).
 */
export async function createReturn(
  input: ReturnInput,
  userId: number | null,
  options: { mayChooseLocation?: boolean } = {},
): Promise<Result<{ ret: ReturnRow }>> {
  return em().transactional(async (tx) => {
    const order = await orderFacts(tx, input.orderId);
    if (!order) return { ok: false, reason: "orderNotFound" } as const;
    const place = await returnLocation(
      tx,
      input.locationId,
      order.locationId,
      options.mayChooseLocation ?? true,
    );
    if (!place.ok) return place;
    const planned = await planReturn(tx, order, input.lines, place.locationId);
    if (!planned.ok) return planned;
    const [number] = await nextDocumentNumbers(tx, "RMA", Number(shopToday().slice(0, 4)));
    const ret = tx.create(CustomerReturn, {
      returnNumber: number,
      order: tx.getReference(SalesOrder, order.id),
      customer: order.customerId ? tx.getReference(Customer, order.customerId) : null,
      status: "draft",
      note: input.note,
      location: tx.getReference(Location, place.locationId),
      refundTotal: refundTotalOf(planned.lines),
      createdBy: userId ? tx.getReference(User, userId) : null,
    });
    createLines(tx, ret, planned.lines);
    await tx.flush();
    return { ok: true, ret: (await getReturn(ret.id, tx)) as ReturnRow } as const;
  });
}

/** Changes a draft: its note and its lines (all replaced), checked as a new one is. */
export async function changeReturn(
  id: number,
  input: ReturnChangeInput,
  options: { mayChooseLocation?: boolean } = {},
): Promise<Result<{ ret: ReturnRow }>> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, CustomerReturn, id, input.version);
    if (!locked.ok) return locked;
    const ret = locked.entity;
    if (!canEditReturn(ret.status)) return { ok: false, reason: "locked" } as const;
    const order = (await orderFacts(tx, (ret.order as { id: number }).id)) as OrderFacts;
    const place = await returnLocation(
      tx,
      input.locationId,
      (ret.location as { id: number }).id,
      options.mayChooseLocation ?? true,
    );
    if (!place.ok) return place;
    const planned = await planReturn(tx, order, input.lines, place.locationId);
    if (!planned.ok) return planned;
    const old = await tx.find(CustomerReturnLine, { customerReturn: id });
    if (old.length > 0) {
      await tx.nativeDelete(CustomerReturnUnit, { line: { $in: old.map((line) => line.id) } });
      for (const line of old) tx.remove(line);
    }
    // The lines alone may change: the version rises all the same, so a stale change is refused.
    Object.assign(ret, {
      note: input.note,
      location: tx.getReference(Location, place.locationId),
      refundTotal: refundTotalOf(planned.lines),
      updatedAt: new Date(),
    });
    createLines(tx, ret, planned.lines);
    await tx.flush();
    return { ok: true, ret: (await getReturn(id, tx)) as ReturnRow } as const;
  });
}

/**
 * Moves a draft: cancels it, or completes it, doing every move at once (see moveReturnIn). A change
 * naming a version the return no longer has is refused as stale.
 */
export async function moveReturn(
  id: number,
  to: string,
  userId: number | null,
  version: number | null = null,
): Promise<Result<{ ret: ReturnRow }>> {
  try {
    return await em().transactional((tx) => moveReturnIn(tx, id, to, userId, version));
  } catch (error) {
    if (error instanceof ReturnAbort) return { ok: false, ...error.refusal };
    throw error;
  }
}

/** The return's lines as stored, as input to check again. */
async function storedInput(tx: EntityManager, id: number): Promise<ReturnLineInput[]> {
  const { rows: lines } = await namedSql<{
    id: number;
    order_item_id: number;
    quantity: number;
    reason: ReturnReason;
    outcome: ReturnOutcome;
    refund_amount: string | null;
  }>(
    tx,
    `select id, order_item_id, quantity, reason, outcome, refund_amount::text as refund_amount
       from customer_return_line where customer_return_id = :id order by position, id`,
    { id },
  );
  const { rows: units } = await namedSql<{
    line_id: number;
    serial: string;
    replacement_serial: string | null;
  }>(
    tx,
    `select x.line_id, x.serial, x.replacement_serial from customer_return_unit x
       join customer_return_line l on l.id = x.line_id where l.customer_return_id = :id order by x.id`,
    { id },
  );
  return lines.map((line) => {
    const own = units.filter((unit) => unit.line_id === line.id);
    return {
      orderLineId: line.order_item_id,
      quantity: line.quantity,
      serials: own.map((unit) => unit.serial),
      reason: line.reason,
      outcome: line.outcome,
      replacementSerials: own.flatMap((unit) => (unit.replacement_serial ? [unit.replacement_serial] : [])),
      refundAmount: line.refund_amount,
    };
  });
}

/**
 * `moveReturn` in the caller's transaction. Completing checks the stored lines again with the order
 * locked (two completions of returns of one order run one after the other: the second sees the
 * units the first took back), then: each returned unit leaves its sale (in stock again, or
 * defective) with a `returned` event; each replacement becomes sold on the same order line with the
 * returned unit's guarantee end and a `replaced` event; goods back to stock are a `return` movement
 * of the ledger, goods to defective stock raise the product's defective quantity, replacements leave
 * by a `sale` movement, all naming the RMA; the refunds lower the customer's spending. A unit
 * another transaction took meanwhile, or a replacement short of stock, throws ReturnAbort: the
 * transaction rolls back.
 */
export async function moveReturnIn(
  tx: EntityManager,
  id: number,
  to: string,
  userId: number | null,
  version: number | null = null,
): Promise<Result<{ ret: ReturnRow }>> {
  const locked = await lockForChange(tx, CustomerReturn, id, version);
  if (!locked.ok) return locked;
  const ret = locked.entity;
  const from = ret.status;
  if (!canMoveReturn(from, to)) return { ok: false, reason: "illegalMove", from, to };
  const now = new Date();
  if (to === "cancelled") {
    ret.status = "cancelled";
    ret.cancelledAt = now;
    await tx.flush();
    return { ok: true, ret: (await getReturn(id, tx)) as ReturnRow };
  }

  const order = (await orderFacts(tx, (ret.order as { id: number }).id, true)) as OrderFacts;
  // Goods, units and replacements come back into, and leave from, the return's location (issue #32).
  const locationId = (ret.location as { id: number }).id;
  const planned = await planReturn(tx, order, await storedInput(tx, id), locationId);
  if (!planned.ok) return planned;
  const lines = planned.lines;
  const document: SerialDocument = { type: "return", id, number: ret.returnNumber };

  // The products first, in id order, as every stock writer takes them: no two writers deadlock.
  const productIds = [...new Set(lines.map((line) => line.orderLine.productId))].sort((a, b) => a - b);
  await namedSql(tx, "select id from product where id = any(:ids::int[]) order by id for update", {
    ids: productIds,
  });

  // The units: only those still sold on their line leave it, only those still in stock replace them.
  const returned = lines.flatMap((line) => {
    const state =
      goodsGoTo(line.reason, line.outcome) === "defective" ? ("defective" as const) : ("in_stock" as const);
    return line.units.map((unit) => ({ line, unit, state }));
  });
  const takenBack = await takeBackSoldUnits(
    tx,
    returned.map(({ line, unit, state }) => ({ unitId: unit.unitId, lineId: line.orderLine.id, state })),
    document,
    userId,
    locationId,
  );
  if (takenBack.size < returned.length) {
    throw new ReturnAbort(
      unitConflict(
        lines,
        (unit) => !takenBack.has(unit.unitId),
        (unit) => ({ problem: "notSold", serial: unit.serial }),
      ),
    );
  }
  const replacing = lines.flatMap((line) =>
    line.units.filter((unit) => unit.replacementUnitId !== null).map((unit) => ({ line, unit })),
  );
  const replacements = await sellReplacementUnits(
    tx,
    replacing.map(({ line, unit }) => ({
      unitId: unit.replacementUnitId as number,
      lineId: line.orderLine.id,
      guaranteeEnds: unit.guaranteeEnds,
    })),
    document,
    userId,
    locationId,
  );
  if (replacements.size < replacing.length) {
    throw new ReturnAbort(
      unitConflict(
        lines,
        (unit) => unit.replacementUnitId !== null && !replacements.has(unit.replacementUnitId),
        (unit) => ({ problem: "replacementNotInStock", serial: unit.replacementSerial as string }),
      ),
    );
  }

  // Stock: goods back (a return movement), goods to the defective stock, replacements out (a sale).
  const move = (line: PlannedLine, sign: 1 | -1): StockChange => ({
    productId: line.orderLine.productId,
    locationId,
    delta: sign * line.quantity,
    reason: sign > 0 ? "return" : "sale",
    userId,
    reference: ret.returnNumber,
  });
  const back = lines.filter((line) => goodsGoTo(line.reason, line.outcome) === "stock");
  if (back.length > 0) {
    const moved = await changeStock(
      tx,
      back.map((line) => move(line, 1)),
    );
    if (!moved.ok)
      throw new Error(`Returning ${ret.returnNumber}: the stock refused a return (${moved.reason})`);
  }
  const defective = lines.filter((line) => goodsGoTo(line.reason, line.outcome) === "defective");
  if (defective.length > 0) {
    const moved = await changeDefectiveStock(
      tx,
      defective.map((line) => ({ productId: line.orderLine.productId, delta: line.quantity })),
    );
    if (!moved.ok)
      throw new Error(`Returning ${ret.returnNumber}: the defective stock refused it (${moved.reason})`);
  }
  const replaced = lines.filter((line) => line.outcome === "replaced");
  if (replaced.length > 0) {
    const moved = await changeStock(
      tx,
      replaced.map((line) => move(line, -1)),
    );
    if (!moved.ok) {
      if (moved.reason === "short") throw new ReturnAbort({ reason: "short", product: moved.product });
      throw new Error(`Returning ${ret.returnNumber}: a replacement's product is gone`);
    }
  }

  const refunded = refundTotalOf(lines);
  await lowerCustomerSpent(tx, (ret.customer as { id: number } | null | undefined)?.id ?? null, refunded);
  Object.assign(ret, {
    status: "completed" as ReturnStatus,
    completedAt: now,
    completedBy: userId ? tx.getReference(User, userId) : null,
    refundTotal: refunded,
  });
  await tx.flush();
  return { ok: true, ret: (await getReturn(id, tx)) as ReturnRow };
}

/** The refusal naming the units a concurrent transaction took, line by line. */
function unitConflict(
  lines: PlannedLine[],
  taken: (unit: PlannedUnit) => boolean,
  problem: (unit: PlannedUnit) => ReturnProblem,
): ReturnRefusal {
  return {
    reason: "problems",
    lines: lines
      .map((line, index) => ({
        index,
        orderLineId: line.orderLine.id,
        productName: line.orderLine.productName,
        sku: line.orderLine.sku,
        problems: line.units.filter(taken).map(problem),
      }))
      .filter((line) => line.problems.length > 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

const moment = (value: Date | string | null | undefined) => (value ? toIso(value) : null);

/** One return with its order, customer, lines, units and refund. */
export async function getReturn(id: number, db: EntityManager = em()): Promise<ReturnRow | null> {
  const { rows } = await namedSql<{
    id: number;
    return_number: string;
    status: ReturnStatus;
    order_id: number;
    order_number: string;
    customer_id: number | null;
    customer_name: string | null;
    note: string | null;
    created_at: Date | string;
    completed_at: Date | string | null;
    cancelled_at: Date | string | null;
    version: number;
    created_by: string | null;
    completed_by: string | null;
    as_of: string;
    location_id: number;
    location_name: string;
  }>(
    db,
    `select r.id, r.return_number, r.status, r.order_id, o.order_number, r.customer_id,
            ${fullNameSql("c")} as customer_name,
            r.note, r.created_at, r.completed_at, r.cancelled_at, r.version,
            ${fullNameSql("cu")} as created_by,
            ${fullNameSql("du")} as completed_by,
            to_char(coalesce(r.completed_at, now()) at time zone :zone, 'YYYY-MM-DD') as as_of,
            r.location_id, l.name as location_name
       from customer_return r join sales_order o on o.id = r.order_id
       join location l on l.id = r.location_id
       left join customer c on c.id = r.customer_id
       left join "user" cu on cu.id = r.created_by_id
       left join "user" du on du.id = r.completed_by_id
      where r.id = :id`,
    { id, zone: SHOP_TIME_ZONE },
  );
  const [row] = rows;
  if (!row) return null;
  const { rows: lines } = await namedSql<{
    id: number;
    order_item_id: number;
    product_id: number;
    product_name: string;
    sku: string;
    quantity: number;
    reason: ReturnReason;
    outcome: ReturnOutcome;
    unit_paid: string;
    vat_rate: string;
    refund_amount: string | null;
  }>(
    db,
    `select id, order_item_id, product_id, product_name, sku, quantity, reason, outcome,
            unit_paid::text as unit_paid, vat_rate::text as vat_rate, refund_amount::text as refund_amount
       from customer_return_line where customer_return_id = :id order by position, id`,
    { id },
  );
  const { rows: units } = await namedSql<{
    line_id: number;
    unit_id: number;
    serial: string;
    sold_at: Date | string | null;
    sold_on: string | null;
    guarantee_ends: string | null;
    replacement_unit_id: number | null;
    replacement_serial: string | null;
  }>(
    db,
    `select x.line_id, x.unit_id, x.serial, x.sold_at,
            to_char(x.sold_at at time zone :zone, 'YYYY-MM-DD') as sold_on,
            to_char(x.guarantee_ends, 'YYYY-MM-DD') as guarantee_ends,
            x.replacement_unit_id, x.replacement_serial
       from customer_return_unit x join customer_return_line l on l.id = x.line_id
      where l.customer_return_id = :id order by x.id`,
    { id, zone: SHOP_TIME_ZONE },
  );
  const refund = refundAmounts(
    lines.map((line) => ({ refundAmount: line.refund_amount, vatRate: line.vat_rate })),
  );
  return {
    id: row.id,
    number: row.return_number,
    status: row.status,
    orderId: row.order_id,
    orderNumber: row.order_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    note: row.note,
    location: { id: row.location_id, name: row.location_name },
    refundTotal: refund.total,
    refundTax: refund.tax,
    refundNet: refund.net,
    vatBreakdown: refund.vatBreakdown,
    asOf: row.as_of,
    createdBy: row.created_by,
    createdAt: toIso(row.created_at),
    completedAt: moment(row.completed_at),
    completedBy: row.completed_by,
    cancelledAt: moment(row.cancelled_at),
    version: row.version,
    lines: lines.map((line) => ({
      id: line.id,
      orderLineId: line.order_item_id,
      productId: line.product_id,
      productName: line.product_name,
      sku: line.sku,
      quantity: line.quantity,
      reason: line.reason,
      outcome: line.outcome,
      goesTo: goodsGoTo(line.reason, line.outcome),
      unitPaid: line.unit_paid,
      vatRate: line.vat_rate,
      refundAmount: line.refund_amount,
      units: units
        .filter((unit) => unit.line_id === line.id)
        .map((unit) => ({
          unitId: unit.unit_id,
          serial: unit.serial,
          soldAt: moment(unit.sold_at),
          soldOn: unit.sold_on,
          guaranteeEnds: unit.guarantee_ends,
          guaranteeEnded: guaranteeEnded(unit.guarantee_ends, row.as_of),
          replacementUnitId: unit.replacement_unit_id,
          replacementSerial: unit.replacement_serial,
        })),
    })),
  };
}

export type ReturnFilters = {
  status?: ReturnStatus | null;
  customerId?: number | null;
  orderId?: number | null;
  /** the return's or the order's number, the customer's name, or a serial or IMEI exactly */
  search?: string | null;
  limit: number;
  offset: number;
};

/** The list's query: newest first, filtered (the page's, the API's and the customer page's one query). */
export function returnListQuery(filters: ReturnFilters, db: EntityManager = em()) {
  const query = db.createQueryBuilder(CustomerReturn, "r").join("r.order", "o").leftJoin("r.customer", "c");
  if (filters.status) query.andWhere({ status: filters.status });
  if (filters.customerId) query.andWhere({ customer: filters.customerId });
  if (filters.orderId) query.andWhere({ order: filters.orderId });
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query.andWhere(
      `(r.return_number ilike ? or o.order_number ilike ? or ${customerNameSearchText("c")} ilike ?
        or exists (select 1 from customer_return_unit x join customer_return_line l on l.id = x.line_id
                    where l.customer_return_id = r.id and x.serial = ?))`,
      [pattern, pattern, pattern, normaliseSerial(search)],
    );
  }
  return query;
}

/** A page of returns, newest first, and how many match. */
export async function listReturns(
  filters: ReturnFilters,
  db: EntityManager = em(),
): Promise<{ rows: ReturnListRow[]; total: number }> {
  const query = returnListQuery(filters, db);
  const [total, rows] = await Promise.all([
    query.clone().getCount(),
    query
      .clone()
      .select([
        "r.id",
        "r.returnNumber",
        "r.status",
        "r.createdAt",
        raw("r.refund_total::text as refund_total"),
        raw(
          "(select coalesce(sum(l.quantity), 0)::int from customer_return_line l where l.customer_return_id = r.id) as units",
        ),
      ])
      .addSelect([
        "o.id as order_id",
        "o.order_number as order_number",
        "c.id as customer_id",
        raw(`${fullNameSql("c")} as customer_name`),
      ])
      .orderBy({ createdAt: "desc", id: "desc" })
      .limit(filters.limit)
      .offset(filters.offset)
      .execute<Record<string, unknown>[]>("all", false),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id as number,
      number: row.return_number as string,
      status: row.status as ReturnStatus,
      orderId: row.order_id as number,
      orderNumber: row.order_number as string,
      customerId: (row.customer_id as number | null) ?? null,
      customerName: (row.customer_name as string | null) ?? null,
      units: Number(row.units),
      refundTotal: row.refund_total as string,
      createdAt: toIso(row.created_at as Date | string),
    })),
  };
}

/** A unit sold on an order line, as the return's form offers it, with what its guarantee says. */
export type ReturnableUnit = {
  unitId: number;
  serial: string;
  soldOn: string | null;
  guaranteeEnds: string | null;
};

/** An order line as the return's form shows it: what was sold, what may still come back. */
export type ReturnableLine = {
  id: number;
  productId: number;
  productName: string;
  sku: string;
  tracking: TrackingMode;
  sold: number;
  returned: number;
  available: number;
  unitPaid: string;
  vatRate: string;
  /** a tracked line's units still sold on it */
  units: ReturnableUnit[];
  /** a tracked product's serials in stock (a few), to pick a replacement from */
  inStock: string[];
};

export type ReturnableOrder = {
  id: number;
  number: string;
  status: string;
  returnable: boolean;
  customerId: number | null;
  customerName: string | null;
  /** where it shipped from (issue #32): its return's goods come back there unless chosen */
  location: { id: number; name: string };
  /** the shop's day today: the units' age and guarantee are read on it */
  today: string;
  lines: ReturnableLine[];
};

/** An order as a return's form starts from: its lines with their units and what may come back. */
export async function returnableOrder(
  orderId: number,
  db: EntityManager = em(),
): Promise<ReturnableOrder | null> {
  const order = await orderFacts(db, orderId);
  if (!order) return null;
  const lines = await orderLines(db, orderId);
  const returned = await returnedQuantities(db, orderId);
  const { rows: customers } = await namedSql<{ name: string | null }>(
    db,
    `select ${fullNameSql()} as name from customer where id = :id`,
    { id: order.customerId ?? 0 },
  );
  const { rows: units } = await namedSql<{
    id: number;
    sold_item_id: number;
    serial: string;
    sold_on: string | null;
    guarantee_ends: string | null;
  }>(
    db,
    `select u.id, u.sold_item_id, u.serial, to_char(u.sold_at at time zone :zone, 'YYYY-MM-DD') as sold_on,
            to_char(u.guarantee_ends, 'YYYY-MM-DD') as guarantee_ends
       from serial_unit u where u.sold_item_id = any(:lines::int[]) and u.state = 'sold'
      order by u.serial`,
    { lines: lines.map((line) => line.id), zone: SHOP_TIME_ZONE },
  );
  // The sale's picker gives each tracked line a few units of its product in stock.
  const inStock = new Map(
    (await linesToShip(db, lines, 10, order.locationId)).map((line) => [line.lineId, line.inStock] as const),
  );
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    returnable: isReturnable(order.status),
    customerId: order.customerId,
    customerName: customers[0]?.name ?? null,
    location: { id: order.locationId, name: (await locationName(order.locationId, db)) ?? "" },
    today: shopToday(),
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      productName: line.productName,
      sku: line.sku,
      tracking: line.tracking,
      sold: line.quantity,
      returned: returned.get(line.id) ?? 0,
      available: Math.max(0, line.quantity - (returned.get(line.id) ?? 0)),
      unitPaid: paidPerUnit(line.unitPrice, order.discountPercent),
      vatRate: line.vatRate,
      units: units
        .filter((unit) => unit.sold_item_id === line.id)
        .map((unit) => ({
          unitId: unit.id,
          serial: unit.serial,
          soldOn: unit.sold_on,
          guaranteeEnds: unit.guarantee_ends,
        })),
      inStock: inStock.get(line.id) ?? [],
    })),
  };
}

/** An order found by its number as typed at the counter (letter case and spaces around ignored). */
export async function findOrderByNumber(text: string, db: EntityManager = em()): Promise<number | null> {
  const number = text.trim().toUpperCase();
  if (number === "" || number.length > 50) return null;
  const { rows } = await namedSql<{ id: number }>(
    db,
    "select id from sales_order where order_number = :number",
    {
      number,
    },
  );
  return rows[0]?.id ?? null;
}
