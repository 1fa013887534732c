import { z } from "zod/v4";
import { ALERT_TYPES } from "~/models/alert/alert.entity";
import { RULE_TYPES } from "~/models/automation/rule-types";
import { CUSTOMER_TYPES } from "~/models/customer/customer-schema";
import { LOCATION_KINDS } from "~/models/location/location-kind";
import { NOTIFICATION_TYPES } from "~/models/notification/notification-types";
import { ORDER_STATUSES, PAYMENT_STATUSES, QUOTE_STATUSES } from "~/models/order/document-status";
import { MEASURE_UNITS } from "~/models/product/measure";
import { PRODUCT_STATUSES } from "~/models/product/product-status";
import { MAX_GUARANTEE_MONTHS, TRACKING_MODES } from "~/models/product/tracking";
import { PURCHASE_ORDER_STATUSES } from "~/models/purchase-order/purchase-order-status";
import { SERIAL_STATES } from "~/models/serial/serial-state";
import { STOCK_REASONS } from "~/models/stock/stock-reason";
import { COUNT_SCOPES, COUNT_STATUSES } from "~/models/stock-count/stock-count";
import { ROLES } from "~/models/user/roles";

/**
 * What /api answers, as zod schemas: the OpenAPI document describes them (openapi.server.ts) and
 * a test checks real answers against that document. Strict: a field added to an answer without
 * its line here fails the test, so the document cannot fall behind.
 */
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("euros with two decimals, as text: exact");
const time = z.string().datetime({ offset: true }).describe("ISO 8601 time");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("a day, YYYY-MM-DD");
const id = z.number().int().positive();
const marginCategory = z.enum(["high", "medium", "low"]);

export const errorAnswer = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional().describe("each invalid field's messages"),
    counts: z
      .record(z.string(), z.number().int())
      .optional()
      .describe("a refused delete (a location): what still names the record, counted by name"),
  })
  .strict();

export const userAnswer = z
  .object({
    id,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role: z.enum(ROLES),
    isActive: z.boolean(),
    createdAt: time,
  })
  .strict();

/** The signed-in user, with where they work (issue #32). */
export const currentUserAnswer = userAnswer
  .extend({
    location: z
      .object({ id, name: z.string() })
      .strict()
      .nullable()
      .describe("their own location while it is active; null: the shop's default location is theirs"),
  })
  .strict();

export const productAnswer = z
  .object({
    id,
    name: z.string(),
    sku: z.string(),
    brand: z.string(),
    categoryId: id.nullable(),
    categoryName: z.string().nullable(),
    purchasePrice: money,
    sellingPrice: money,
    vatInclusive: z.boolean(),
    vatRate: money.describe("percent, two decimals"),
    stockLevel: z.number().int(),
    defectiveStock: z
      .number()
      .int()
      .describe("units kept apart as defective, not sellable and not in stockLevel, until a supplier claim"),
    reorderPoint: z
      .number()
      .int()
      .nullable()
      .describe("reordered at this stock or under; null: the shop's default (REORDER_POINT)"),
    reorderQuantity: z
      .number()
      .int()
      .nullable()
      .describe("ordered on top of the point; null: the shop's default (REORDER_QUANTITY)"),
    supplier: z.string().describe("the supplier's name"),
    supplierId: id,
    ean: z.string().nullable(),
    imageUrl: z.string().nullable(),
    barcode: z.string().nullable(),
    location: z.string().nullable().describe("where it is kept: a shelf or bin"),
    unit: z
      .enum(MEASURE_UNITS)
      .nullable()
      .describe("sold by measure: the unit its shelf label's unit price is per; null: sold by the piece"),
    netQuantity: z
      .string()
      .regex(/^\d+(\.\d{1,3})?$/)
      .nullable()
      .describe('how much of the unit it holds, as text: exact, at most three decimals (a 5 m cable: "5")'),
    tracking: z
      .enum(TRACKING_MODES)
      .describe("serial-tracked: none, a serial number or an IMEI (with its check digit) per unit"),
    guaranteeMonths: z
      .number()
      .int()
      .min(0)
      .max(MAX_GUARANTEE_MONTHS)
      .nullable()
      .describe("the guarantee's length in months; null: none stated"),
    lastCountedAt: time.nullable().describe("when a committed stock count last counted it"),
    status: z.enum(PRODUCT_STATUSES),
    margin: z.number().describe("percent of the selling price without VAT, one decimal"),
    marginCategory,
    profit: money,
    createdAt: time,
    updatedAt: time,
    version: z.number().int().describe("send it back with a change: a stale one answers 409"),
  })
  .strict();

export const productListAnswer = z
  .object({ products: z.array(productAnswer), total: z.number().int() })
  .strict();

/** GET /api/products/:id: the product, with its stock by location (issue #32). */
export const productDetailAnswer = productAnswer
  .extend({
    stockByLocation: z
      .array(
        z
          .object({
            locationId: id,
            name: z.string(),
            quantity: z.number().int(),
            lastCountedAt: time.nullable().describe("when a committed stock count last counted it there"),
          })
          .strict(),
      )
      .describe(
        "each location where it has stock or had (the default first); the quantities sum to stockLevel",
      ),
  })
  .strict();

export const stockMovementAnswer = z
  .object({
    id,
    productId: id,
    quantity: z.number().int().describe("signed: + came in, - went out"),
    reason: z.enum(STOCK_REASONS),
    stockAfter: z.number().int().describe("the product's stock level after this movement"),
    location: z.object({ id, name: z.string() }).strict().describe("where it moved (issue #32)"),
    locationStockAfter: z.number().int().describe("the product's stock in that location after this movement"),
    note: z.string().nullable(),
    reference: z.string().nullable().describe("e.g. the order number of a sale or a return"),
    userId: id.nullable(),
    userName: z.string().nullable(),
    createdAt: time,
  })
  .strict();

export const stockMovementListAnswer = z
  .object({ movements: z.array(stockMovementAnswer), total: z.number().int() })
  .strict();

export const categoryAnswer = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    parentId: id.nullable(),
    parentName: z.string().nullable(),
    depth: z.number().int(),
    productCount: z
      .number()
      .int()
      .describe("products in this category itself (a delete is refused while there are any)"),
    totalProductCount: z
      .number()
      .int()
      .describe("products in it and all its subcategories: what filtering the products by it shows"),
    childCount: z.number().int(),
    version: z.number().int(),
    createdAt: time,
  })
  .strict();

export const campaignProductAnswer = z
  .object({
    productId: id,
    name: z.string(),
    sku: z.string(),
    purchasePrice: money,
    vatInclusive: z.boolean(),
    originalPrice: money,
    discountPrice: money,
    discountPercent: z.number(),
    margin: z.number(),
    marginCategory,
    profit: money,
    belowCost: z.boolean(),
    /**
     * The lowest price of the 30 days before the reduction (Consumer Protection Act ch. 2 s. 11),
     * VAT included, from the price log; null when the product had no price before it.
     */
    priorPrice: money.nullable(),
    /** The campaign price's reduction from the prior price in whole percent; null when not below it. */
    reductionPercent: z.number().int().nullable(),
    /** Days the product had been on sale before the reduction, when under 30; else null. */
    daysOnSale: z.number().int().nullable(),
    /**
     * With the campaign's reference frozen (`referenceFrozenOn`), the prior price as the log knew
     * it at the end of that day: the figure printed. Null when not frozen.
     */
    frozenPriorPrice: money.nullable(),
  })
  .strict();

const campaignFields = {
  id,
  name: z.string(),
  description: z.string().nullable(),
  startDate: day,
  endDate: day,
  isActive: z.boolean(),
  /** The day the campaign's reference prices were printed; null when not frozen. */
  referenceFrozenOn: day.nullable(),
  status: z.enum(["upcoming", "active", "expired", "inactive"]),
  productCount: z.number().int(),
  createdBy: id.nullable(),
  createdAt: time,
  version: z.number().int(),
};
export const campaignAnswer = z.object(campaignFields).strict();
export const campaignDetailAnswer = z
  .object({ ...campaignFields, products: z.array(campaignProductAnswer) })
  .strict();

export const customerAnswer = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    customerType: z.enum(CUSTOMER_TYPES),
    vipStatus: z.boolean(),
    discountPercentage: money,
    creditLimit: money,
    notes: z.string().nullable(),
    totalOrders: z.number().int(),
    totalSpent: money,
    createdAt: time,
    version: z.number().int(),
  })
  .strict();

export const supplierAnswer = z
  .object({
    id,
    name: z.string(),
    contactName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    leadTimeDays: z.number().int().describe("days from ordering to delivery, 0 to 365"),
    notes: z.string().nullable(),
    productCount: z.number().int().describe("products that name this supplier"),
    createdAt: time,
    updatedAt: time,
    version: z.number().int().describe("send it back with a change: a stale one answers 409"),
  })
  .strict();

export const supplierListAnswer = z
  .object({ suppliers: z.array(supplierAnswer), total: z.number().int() })
  .strict();

/** A location (issue #32) with what it holds. */
export const locationAnswer = z
  .object({
    id,
    name: z.string(),
    kind: z.enum(LOCATION_KINDS),
    address: z.string().nullable(),
    active: z.boolean().describe("an inactive location takes no stock"),
    isDefault: z.boolean().describe("where stock goes when no location is named; exactly one"),
    stockUnits: z.number().int().describe("units in stock there"),
    stockProducts: z.number().int().describe("products with stock there"),
    createdAt: time,
    updatedAt: time,
    version: z.number().int().describe("send it back with a change: a stale one answers 409"),
  })
  .strict();

export const locationListAnswer = z
  .object({ locations: z.array(locationAnswer), total: z.number().int() })
  .strict();

export const reorderLineAnswer = z
  .object({
    productId: id,
    name: z.string(),
    sku: z.string(),
    brand: z.string(),
    stockLevel: z.number().int(),
    reorderPoint: z.number().int(),
    ownPoint: z.boolean().describe("false: the shop's default point"),
    reorderQuantity: z.number().int(),
    ownQuantity: z.boolean(),
    onOrder: z
      .number()
      .int()
      .describe(
        "units on open purchase orders; a location's line: those receiving into it and units in transfers sent to it",
      ),
    suggestedQuantity: z
      .number()
      .int()
      .describe(
        "to buy: reorder point + reorder quantity - stock - on order, at least 0, less what transferFrom brings",
      ),
    unitCost: money.describe("purchase price excl. VAT"),
    lineValue: money.describe("the suggested purchase's value at cost"),
    location: z
      .object({ id, name: z.string() })
      .strict()
      .nullable()
      .describe("the location whose stock is at or under its own point there; null: the product's total"),
    transferFrom: z
      .object({ locationId: id, name: z.string(), quantity: z.number().int().positive() })
      .strict()
      .nullable()
      .describe("a location's line: move this many from the location with the most surplus before buying"),
  })
  .strict();

export const reorderGroupAnswer = z
  .object({
    supplierId: id,
    supplierName: z.string(),
    leadTimeDays: z.number().int(),
    lineCount: z.number().int().describe("the supplier's lines in the whole list"),
    value: money.describe("their value at cost, in the whole list"),
    continued: z.boolean().describe("the supplier's lines began on an earlier page"),
    lines: z.array(reorderLineAnswer).describe("this page's lines of the supplier, most urgent first"),
  })
  .strict();

export const reorderAnswer = z
  .object({
    totalLines: z.number().int().describe("active products at or under their reorder point"),
    suppliers: z.number().int().describe("how many suppliers they come from"),
    value: money.describe("the suggested quantities' value at cost (excl. VAT)"),
    defaults: z
      .object({ reorderPoint: z.number().int(), reorderQuantity: z.number().int() })
      .strict()
      .describe("the shop's figures for products without their own"),
    groups: z.array(reorderGroupAnswer),
  })
  .strict();

export const alertAnswer = z
  .object({
    id,
    type: z.enum(ALERT_TYPES),
    title: z.string(),
    message: z.string(),
    productId: id.nullable(),
    isRead: z.boolean(),
    createdAt: time,
  })
  .strict();

export const notificationListAnswer = z
  .object({
    notifications: z.array(
      alertAnswer
        .extend({ ruleId: id.nullable(), data: z.record(z.string(), z.unknown()).nullable() })
        .strict(),
    ),
    total: z.number().int(),
  })
  .strict();

export const settingAnswer = z
  .object({
    id,
    type: z.enum(NOTIFICATION_TYPES),
    enabled: z.boolean(),
    emailEnabled: z.boolean(),
    smsEnabled: z.boolean(),
    thresholdValue: z.number().nullable().describe("null for the types without one"),
    version: z.number().int(),
  })
  .strict();

export const ruleAnswer = z
  .object({
    id,
    name: z.string(),
    type: z.enum(RULE_TYPES),
    isActive: z.boolean(),
    conditions: z.record(z.string(), z.unknown()),
    actions: z.record(z.string(), z.unknown()),
    lastRun: time.nullable(),
    createdBy: z.object({ id, name: z.string() }).strict().nullable(),
    createdAt: time,
    updatedAt: time,
    version: z.number().int(),
  })
  .strict();

export const dashboardStatsAnswer = z
  .object({
    totalProducts: z.number().int(),
    avgMargin: z.number(),
    lowStockCount: z.number().int(),
    inventoryValue: money.describe("The stock on hand in every location, at selling price"),
    labelsOutOfDate: z
      .number()
      .int()
      .min(0)
      .describe("Products whose shelf label is out of date since its last print (the reprint queue)"),
    inTransitValue: money.describe(
      "What is in transit between locations (transfers sent, not yet received), at selling price",
    ),
    totalValue: money.describe("The whole stock's value: on hand and in transit"),
  })
  .strict();

export const marginAnswer = z
  .object({
    profit: money,
    marginPercentage: z.number(),
    marginCategory,
    vatInclusive: z.boolean(),
  })
  .strict();

export const documentLineAnswer = z
  .object({
    id,
    productId: id,
    productName: z.string().describe("as the product was named when the line was written"),
    sku: z.string(),
    quantity: z.number().int().positive(),
    unitPrice: money.describe("per unit, including VAT, before the customer's discount"),
    vatRate: money.describe("percent, two decimals"),
    purchasePrice: money.describe("per unit, without VAT, when the line was written"),
    totalPrice: money.describe("unitPrice x quantity"),
    margin: z.number().nullable().describe("percent at the price charged after the discount"),
    marginCategory: marginCategory.nullable(),
    belowCost: z.boolean(),
  })
  .strict();

export const vatBreakdownAnswer = z
  .object({
    rate: money.describe("the VAT percent"),
    net: money,
    vat: money,
    gross: money,
  })
  .strict()
  .describe("one VAT rate's share of the total, after the customer's discount");

/** The location a document names (issue #32): where an order ships from, a purchase order or a return goes into. */
export const documentLocationAnswer = z
  .object({ id: id.describe("the location (GET /api/locations/{id})"), name: z.string() })
  .strict();

const documentFields = {
  id,
  number: z.string().describe("Q-2026-000001 or SO-2026-000001"),
  customer: z
    .object({
      id,
      name: z.string(),
      company: z.string().nullable(),
      email: z.string(),
      customerType: z.enum(CUSTOMER_TYPES),
    })
    .strict()
    .nullable(),
  date: time,
  discountPercent: money.describe("the customer's discount, percent"),
  subtotal: money.describe("the lines' total including VAT, before the discount"),
  discountAmount: money,
  taxAmount: money,
  totalAmount: money.describe("what the customer pays, VAT included"),
  netAmount: money,
  vatBreakdown: z.array(vatBreakdownAnswer),
  notes: z.string().nullable(),
  lines: z.array(documentLineAnswer),
  version: z.number().int().describe("send it back with a change: a stale one answers 409"),
};

export const quoteAnswer = z
  .object({
    ...documentFields,
    kind: z.literal("quote"),
    status: z.enum(QUOTE_STATUSES),
    validUntil: day,
    orderId: id.nullable().describe("the order it was converted to"),
  })
  .strict();

export const soldUnitAnswer = z
  .object({
    id: id.describe("the unit (GET /api/serials/{id})"),
    lineId: id.describe("the order line it was sold on"),
    productId: id,
    productName: z.string(),
    serial: z.string().describe("its serial number or IMEI"),
    soldAt: time,
    guaranteeEnds: day.nullable().describe("the last day of its guarantee (null: none stated)"),
    orderId: id,
    orderNumber: z.string(),
  })
  .strict()
  .describe("a serial-tracked unit sold on an order (issue #31)");

export const orderAnswer = z
  .object({
    ...documentFields,
    kind: z.literal("order"),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    quoteId: id.nullable().describe("the quote it was converted from"),
    location: documentLocationAnswer.describe(
      "where it ships from: confirming takes the stock there (issue #32); send locationId to choose it while pending",
    ),
    units: z.array(soldUnitAnswer).describe("the serial-tracked units shipped on it, by line"),
  })
  .strict();

const documentListFields = {
  id,
  number: z.string(),
  customerId: id.nullable(),
  customerName: z.string().nullable(),
  date: time,
  totalAmount: money,
};
export const quoteListAnswer = z
  .object({
    quotes: z.array(
      z.object({ ...documentListFields, status: z.enum(QUOTE_STATUSES), validUntil: day }).strict(),
    ),
    total: z.number().int(),
  })
  .strict();
export const orderListAnswer = z
  .object({
    orders: z.array(
      z
        .object({
          ...documentListFields,
          status: z.enum(ORDER_STATUSES),
          paymentStatus: z.enum(PAYMENT_STATUSES),
          locationId: id.describe("where it ships from"),
          locationName: z.string(),
        })
        .strict(),
    ),
    total: z.number().int(),
  })
  .strict();

export const messageAnswer = z.object({ message: z.string() }).strict();
export const registeredAnswer = z.object({ message: z.string(), user: userAnswer }).strict();
export const markedAnswer = z.object({ marked: z.number().int() }).strict();

export const purchaseOrderLineAnswer = z
  .object({
    id,
    productId: id,
    productName: z.string().describe("as the product was named when the line was written"),
    sku: z.string(),
    quantityOrdered: z.number().int().positive(),
    quantityReceived: z.number().int().min(0).describe("may pass quantityOrdered when more came in"),
    unitCost: money.describe("per unit, without VAT (the last receipt's cost once received)"),
    vatRate: money.describe("percent, two decimals: the product's"),
    lineTotal: money.describe("unitCost x quantityOrdered, without VAT"),
    tracking: z
      .enum(TRACKING_MODES)
      .describe(
        "the product's serial tracking: a receipt of a serial or imei line sends one serial per unit",
      ),
  })
  .strict();

export const purchaseOrderAnswer = z
  .object({
    id,
    number: z.string().describe("PO-2026-000001"),
    status: z.enum(PURCHASE_ORDER_STATUSES),
    supplier: z
      .object({
        id,
        name: z.string(),
        contactName: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
      })
      .strict(),
    expectedDate: day,
    note: z.string().nullable(),
    location: documentLocationAnswer
      .extend({ address: z.string().nullable().describe("the delivery address the supplier is given") })
      .strict()
      .describe("where it is delivered: each receipt comes in there (issue #32); locationId chooses it"),
    subtotal: money.describe("the lines' total without VAT"),
    taxAmount: money.describe("the VAT on it, per product rate"),
    totalAmount: money.describe("subtotal + taxAmount"),
    vatBreakdown: z.array(vatBreakdownAnswer),
    createdBy: z.string().nullable(),
    createdAt: time,
    sentAt: time.nullable(),
    sentTo: z.string().nullable().describe("the address it was e-mailed to; null when sent without e-mail"),
    emailStatus: z
      .enum(["pending", "sent", "failed"])
      .nullable()
      .describe("the outbox's state of that e-mail"),
    receivedAt: time.nullable(),
    closedAt: time.nullable().describe("set when a partly received order was closed: the rest will not come"),
    cancelledAt: time.nullable(),
    lines: z.array(purchaseOrderLineAnswer),
    version: z.number().int().describe("send it back with a change: a stale one answers 409"),
  })
  .strict();

export const purchaseOrderListRowAnswer = z
  .object({
    id,
    number: z.string(),
    status: z.enum(PURCHASE_ORDER_STATUSES),
    supplierId: id,
    supplierName: z.string(),
    locationId: id.describe("where it is delivered"),
    locationName: z.string(),
    expectedDate: day,
    subtotal: money.describe("without VAT"),
    totalAmount: money.describe("with VAT"),
    createdAt: time,
  })
  .strict();

export const purchaseOrderListAnswer = z
  .object({ purchaseOrders: z.array(purchaseOrderListRowAnswer), total: z.number().int() })
  .strict();

const countedProduct = z
  .object({ id, name: z.string(), sku: z.string(), stockLevel: z.number().int() })
  .strict();

export const stockCountAnswer = z
  .object({
    id,
    number: z.string().describe("IC-2026-000012"),
    scope: z.enum(COUNT_SCOPES),
    locationId: id.describe(
      "where it counts (issue #32): its lines expect the stock there, its commit moves only that",
    ),
    locationName: z.string(),
    categoryId: id.nullable(),
    categoryName: z.string().nullable(),
    shelf: z.string().nullable().describe("a shelf count's shelf, matched at the count's location"),
    notCountedDays: z.number().int().nullable().describe("only products not counted for this many days"),
    status: z.enum(COUNT_STATUSES),
    zeroUncounted: z
      .boolean()
      .nullable()
      .describe("the commit's choice for products in scope nobody counted"),
    note: z.string().nullable(),
    createdById: id.nullable(),
    createdByName: z.string().nullable(),
    createdAt: time,
    committedAt: time.nullable(),
    committedByName: z.string().nullable(),
    cancelledAt: time.nullable(),
    lines: z.number().int().describe("products counted"),
    unknownCodes: z.number().int().describe("codes no product has"),
    version: z
      .number()
      .int()
      .describe(
        "send it back with a change (a line, its removal, the commit): a stale one answers 409. Lines and their removals leave it; the commit or a cancel raises it",
      ),
  })
  .strict();

export const stockCountListAnswer = z
  .object({ counts: z.array(stockCountAnswer), total: z.number().int() })
  .strict();

/** A serial counted that is not a unit of the product in stock (issue #31). */
const unexpectedSerialAnswer = z
  .object({
    serial: z.string(),
    state: z
      .enum(SERIAL_STATES)
      .nullable()
      .describe(
        "the unit's state (committed: as the commit found it); null: unknown to the shop, a unit in stock once committed",
      ),
    unitId: id.nullable(),
    orderId: id.nullable().describe("a sold unit's order"),
    orderNumber: z.string().nullable().describe("a sold unit's order number"),
    locationName: z
      .string()
      .nullable()
      .describe(
        "a unit in stock at another location than the count's: where (issue #32; the commit is refused)",
      ),
  })
  .strict();

/** A serial-tracked product's line: counted by its serials (issue #31). */
const lineSerialsAnswer = z
  .object({
    counted: z
      .array(z.string())
      .describe("the serials found on the shelf, as scanned; counted is their number"),
    missing: z
      .array(z.string())
      .describe("the product's units in stock not scanned (committed: written off, state scrapped)"),
    unexpected: z
      .array(unexpectedSerialAnswer)
      .describe(
        "scanned but not a unit of the product in stock: unknown (the commit takes it into stock), written off before (back into stock), or in another state (the commit is refused)",
      ),
  })
  .strict();

const lineTracking = z
  .enum(TRACKING_MODES)
  .nullable()
  .describe(
    "the product's serial tracking: serial and imei lines are counted by serials; null: a code no product has",
  );

export const countLineAnswer = z
  .object({
    id,
    productId: id.nullable().describe("null: a code no product has"),
    code: z.string().nullable(),
    name: z.string().nullable(),
    sku: z.string().nullable(),
    counted: z.number().int(),
    expected: z.number().int().nullable().describe("the product's stock when the line was last counted"),
    difference: z.number().int().nullable().describe("counted - expected: what the commit moves"),
    differenceValue: money.nullable().describe("the difference at cost, excl. VAT"),
    stockNow: z.number().int().nullable().describe("the product's stock now"),
    countedAt: time,
    countedByName: z.string().nullable(),
    inScope: z.boolean().describe("false: a counted product outside the count's scope (open counts)"),
    belowZero: z.boolean().describe("sold since it was counted: the difference would take stock below zero"),
    tracking: lineTracking,
    serials: lineSerialsAnswer
      .nullable()
      .describe("a serial-tracked product's serials; null: counted by quantity"),
  })
  .strict();

export const countSummaryAnswer = z
  .object({
    lines: z.number().int().describe("products counted"),
    unknownCodes: z.number().int(),
    countedUnits: z.number().int(),
    expectedUnits: z.number().int(),
    differenceUnits: z.number().int().describe("counted - expected over the lines"),
    withDifference: z.number().int().describe("lines with a difference"),
    surplusValue: money.describe("at cost: what was found over the expected"),
    shortageValue: money.describe("at cost: what was missing (negative)"),
    differenceValue: money.describe("at cost: the net"),
    notCounted: z.number().int().describe("products in scope not counted (open counts)"),
    outsideScope: z.number().int().describe("counted products outside the scope (open counts)"),
    belowZero: z.number().int().describe("lines that would take the current stock below zero (open counts)"),
  })
  .strict();

export const countProblemsAnswer = z
  .object({
    unknownCodes: z.array(z.object({ id, code: z.string(), counted: z.number().int() }).strict()),
    belowZero: z.array(
      countedProduct.extend({ lineId: id, counted: z.number().int(), expected: z.number().int() }).strict(),
    ),
    notCounted: z.object({ total: z.number().int(), sample: z.array(countedProduct) }).strict(),
    outsideScope: z.object({ total: z.number().int(), sample: z.array(countedProduct) }).strict(),
    unexpectedSerials: z
      .array(
        unexpectedSerialAnswer
          .extend({
            lineId: id,
            productId: id,
            name: z.string(),
            sku: z.string(),
            state: z.enum(SERIAL_STATES),
          })
          .strict(),
      )
      .describe(
        "serials scanned whose unit is sold, returned, defective, at the supplier or in stock at another location: remove them or settle them on their documents",
      ),
    countBySerials: z
      .array(
        countedProduct.extend({ lineId: id, counted: z.number().int(), serials: z.number().int() }).strict(),
      )
      .describe("serial-tracked products counted by quantity (tracking set since): give their serials"),
  })
  .strict();

export const stockCountDetailAnswer = stockCountAnswer
  .extend({
    summary: countSummaryAnswer,
    problems: countProblemsAnswer,
    countLines: z.array(countLineAnswer).describe("a page of the lines, newest first"),
    countLinesTotal: z.number().int(),
  })
  .strict();

export const countedLineAnswer = z
  .object({
    id,
    productId: id.nullable().describe("null: a code no product has, kept as a problem to fix"),
    code: z.string().nullable(),
    name: z.string().nullable(),
    sku: z.string().nullable(),
    counted: z.number().int(),
    expected: z.number().int().nullable(),
    tracking: lineTracking,
    serials: lineSerialsAnswer
      .nullable()
      .describe("a serial-tracked product's serials; null: counted by quantity"),
  })
  .strict();

export const countCommitAnswer = z
  .object({
    count: stockCountAnswer,
    moved: z.number().int().describe("count movements written"),
    counted: z.number().int().describe("products counted (their last counted time set)"),
    unitsMissing: z
      .number()
      .int()
      .describe("serial-tracked units in stock nobody scanned: written off (state scrapped)"),
    unitsFound: z
      .number()
      .int()
      .describe("serials scanned that the shop did not have in stock: units in stock now"),
  })
  .strict();
