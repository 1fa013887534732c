import { z } from "zod/v4";
import { ruleSchema } from "~/models/automation/rule-schema";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { categoryPatchSchema, categorySchema } from "~/models/category/category-schema";
import { customerQuerySchema, customerSchema } from "~/models/customer/customer-schema";
import { marginInputSchema } from "~/models/margin-schema";
import {
  markReadSchema,
  notificationQuerySchema,
  settingChangeSchema,
} from "~/models/notification/notification-schema";
import { ORDER_STATUSES, PAYMENT_STATUSES, QUOTE_STATUSES } from "~/models/order/document-status";
import {
  orderQuerySchema,
  orderSchema,
  quoteQuerySchema,
  quoteSchema,
  transitionSchema,
} from "~/models/order/order-schema";
import { productApiFields, productQuerySchema } from "~/models/product/product-schema";
import { DECLARED_OPERATIONS, type DeclaredOperation } from "~/models/registry.server";
import { reorderQuerySchema } from "~/models/stock/reorder-schema";
import { movementQuerySchema, stockMovementApiSchema } from "~/models/stock/stock-movement-schema";
import {
  commitSchema,
  countLinesQuerySchema,
  countQuerySchema,
  countVersionSchema,
  lineApiSchema,
  newCountSchema,
} from "~/models/stock-count/stock-count-schema";
import { supplierQuerySchema, supplierSchema } from "~/models/supplier/supplier-schema";
import { loginSchema, registerSchema } from "~/models/user/auth-schema";
import { PERMISSIONS } from "~/models/user/permissions";
import { ROLES, type Role } from "~/models/user/roles";
import { editUserSchema, newUserSchema } from "~/models/user/user-schema";
import type { Access, Operation, OperationId } from "./operation";
import { PURCHASE_ORDER_OPERATIONS } from "./purchase-order-operations";
import * as answer from "./response-schemas";

/**
 * The JSON API described for integrators (GET /api/openapi.json, OpenAPI 3.1): every /api
 * operation with the zod schemas its route validates with (query and body) and answers with
 * (response-schemas.ts), its errors and an example. A test checks that every /api route of the
 * build is here and that real answers match.
 */

export type { Access, Operation, OperationId } from "./operation";

const PRODUCT_EXAMPLE = {
  name: "Lenovo ThinkPad E14 Gen 6",
  sku: "LEN-E14G6",
  brand: "Lenovo",
  categoryId: 2,
  purchasePrice: "749.00",
  sellingPrice: "999.00",
  stockLevel: 12,
  supplier: "Tech Data",
  ean: "0196802123456",
};
const SUPPLIER_EXAMPLE = {
  name: "Tech Data Finland",
  contactName: "Mikaela Nurmi",
  email: "tilaukset@techdata.example.fi",
  phone: "+358 9 8865 2100",
  leadTimeDays: 3,
};
const CUSTOMER_EXAMPLE = {
  firstName: "Aino",
  lastName: "Virtanen",
  email: "aino.virtanen@example.fi",
  customerType: "business",
  company: "Nordic Office Oy",
  creditLimit: "5000.00",
};
const CAMPAIGN_EXAMPLE = {
  name: "Black Friday",
  startDate: "2026-11-27",
  endDate: "2026-11-30",
  isActive: true,
};
const RULE_EXAMPLE = {
  name: "Reorder below 5",
  type: "reorder",
  conditions: { stockBelow: 5 },
  actions: { reorderQuantity: 20 },
};

const QUOTE_EXAMPLE = {
  customerId: 12,
  validUntil: "2026-12-31",
  notes: "Delivery in two weeks",
  lines: [
    { productId: 4, quantity: 3 },
    { productId: 9, quantity: 1, unitPrice: "89.00" },
  ],
};
const ORDER_EXAMPLE = { customerId: 12, lines: [{ productId: 4, quantity: 3 }] };
/** The statuses a move may name (the document-status.ts rules decide which move is allowed). */
const moveTo = (statuses: readonly [string, ...string[]]) =>
  transitionSchema.extend({ to: z.enum(statuses) });

const OWN_OPERATIONS = {
  "POST /api/auth/login": {
    summary: "Sign in: sets the session cookie",
    tag: "Authentication",
    access: "public",
    body: loginSchema,
    example: { email: "anna@example.fi", password: "secret123" },
    ok: { status: 200, schema: answer.userAnswer, description: "The signed-in user" },
    errors: [401, 429],
  },
  "POST /api/auth/register": {
    summary: "Create an account (the first one is the admin)",
    tag: "Authentication",
    access: "public",
    body: registerSchema,
    example: { email: "new@example.fi", password: "secret123", firstName: "Uusi", lastName: "Käyttäjä" },
    ok: { status: 201, schema: answer.registeredAnswer, description: "The account" },
    errors: [409],
  },
  "POST /api/auth/logout": {
    summary: "Sign out: ends the session",
    tag: "Authentication",
    access: "public",
    ok: { status: 200, schema: answer.messageAnswer, description: "Signed out" },
  },
  "GET /api/auth/user": {
    summary: "The signed-in user (or the token's user, with the token's role)",
    tag: "Authentication",
    access: "staff",
    ok: { status: 200, schema: answer.userAnswer, description: "The user" },
  },
  "GET /api/products": {
    summary: "List products: search, filter, sort, page",
    tag: "Products",
    access: "staff",
    query: productQuerySchema,
    ok: { status: 200, schema: answer.productListAnswer, description: "A page of products and the total" },
  },
  "POST /api/products": {
    summary:
      "Create a product (its supplier by name, found or created, or by supplierId); a selling price below the net cost answers 409 unless an admin or a manager sends belowCostReason",
    tag: "Products",
    access: "product:write",
    // The fields (the schema adds one rule across two: a supplier by `supplier` or `supplierId`).
    body: productApiFields,
    example: PRODUCT_EXAMPLE,
    ok: { status: 201, schema: answer.productAnswer, description: "The product" },
    errors: [409],
  },
  "GET /api/products/{id}": {
    summary: "One product",
    tag: "Products",
    access: "staff",
    ok: { status: 200, schema: answer.productAnswer, description: "The product" },
  },
  "PUT /api/products/{id}": {
    summary:
      "Change a product (send the version you read: a stale one answers 409); a price change below the net cost answers 409 unless an admin or a manager sends belowCostReason",
    tag: "Products",
    access: "product:write",
    // The fields (the schema adds one rule across two: a supplier by `supplier` or `supplierId`).
    body: productApiFields,
    example: { ...PRODUCT_EXAMPLE, sellingPrice: "949.00", version: 3 },
    ok: { status: 200, schema: answer.productAnswer, description: "The product as saved" },
    errors: [409],
  },
  "DELETE /api/products/{id}": {
    summary: "Delete a product no order or quote uses",
    tag: "Products",
    access: "product:delete",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
  "GET /api/products/{id}/movements": {
    summary: "The product's stock movements, newest first, a page at a time (limit 1-1000, default 50)",
    tag: "Inventory",
    access: "staff",
    query: movementQuerySchema,
    ok: {
      status: 200,
      schema: answer.stockMovementListAnswer,
      description: "A page of movements and the total",
    },
  },
  "POST /api/stock-movements": {
    summary:
      "Record a stock movement (a signed quantity whose sign fits its reason: receipt and return in, sale and damage out, count and adjustment either way); 409 when the stock would go below 0",
    tag: "Inventory",
    access: "stock:write",
    body: stockMovementApiSchema,
    example: { productId: 4, quantity: -2, reason: "damage", note: "Dropped in the warehouse" },
    ok: {
      status: 201,
      schema: answer.stockMovementAnswer,
      description: "The movement, with the stock after it",
    },
    errors: [404, 409],
  },
  "GET /api/stock-counts": {
    summary: "Stock counts, newest first, a page at a time (limit 1-500, default 50)",
    tag: "Inventory",
    access: "staff",
    query: countQuerySchema,
    ok: { status: 200, schema: answer.stockCountListAnswer, description: "A page of counts and the total" },
  },
  "POST /api/stock-counts": {
    summary:
      "Start a stock count of the whole shop, a category (with its subcategories) or a shelf (the products' location), optionally only the products not counted for notCountedDays",
    tag: "Inventory",
    access: "stock:write",
    body: newCountSchema,
    example: { scope: "category", categoryId: 2, notCountedDays: 30, note: "Phones, monthly" },
    ok: { status: 201, schema: answer.stockCountAnswer, description: "The count, open" },
  },
  "GET /api/stock-counts/{id}": {
    summary:
      "A count with its totals, every problem (unknown codes, lines sold below zero, products in scope not counted, counted products outside it) and a page of its lines (limit 1-5000, default 1000)",
    tag: "Inventory",
    access: "staff",
    query: countLinesQuerySchema,
    ok: { status: 200, schema: answer.stockCountDetailAnswer, description: "The count" },
  },
  "POST /api/stock-counts/{id}/lines": {
    summary:
      "Count a product by code (SKU, barcode or EAN) or productId: mode add adds the quantity (default 1, a scan), set replaces it; without a mode a quantity sets and none adds one. A code no product has is kept as a line with productId null, to fix before the commit. 409 once the count is closed, or when the version sent is not the count's (it changed since it was read)",
    tag: "Inventory",
    access: "stock:write",
    body: lineApiSchema,
    example: { code: "4006381333931", quantity: 12, mode: "set", version: 1 },
    ok: { status: 200, schema: answer.countedLineAnswer, description: "The product's line as it is now" },
    errors: [409],
  },
  "DELETE /api/stock-counts/{id}/lines/{lineId}": {
    summary:
      "Remove a line (a product's, or a code no product has) from an open count: how a scanner clears an unknown code before the commit. The body is optional: { version } is refused with 409 when the count changed since it was read. 409 once the count is closed",
    tag: "Inventory",
    access: "stock:write",
    body: countVersionSchema,
    optionalBody: true,
    example: { version: 1 },
    ok: { status: 200, schema: answer.messageAnswer, description: "Removed" },
    errors: [409],
  },
  "POST /api/stock-counts/{id}/commit": {
    summary:
      "Commit an open count in one step: each line moves the product's current stock by counted - expected (a count movement naming the count), so sales since the line was counted stay; zeroUncounted sets the products in scope nobody counted to zero. 409 with every problem listed, and nothing written, while it has unknown codes or lines sold below zero; 409 when it is not open, or when the version sent is not the count's (it changed since it was read)",
    tag: "Inventory",
    access: "stock:write",
    body: commitSchema,
    example: { zeroUncounted: false, version: 1 },
    ok: { status: 200, schema: answer.countCommitAnswer, description: "The committed count" },
    errors: [409],
  },
  "POST /api/calculate-margin": {
    summary: "Margin and profit of a purchase and selling price",
    tag: "Products",
    access: "staff",
    body: marginInputSchema,
    example: { purchasePrice: "10.00", sellingPrice: "19.90", vatInclusive: true },
    ok: { status: 200, schema: answer.marginAnswer, description: "The margin" },
  },
  "GET /api/dashboard/stats": {
    summary:
      "Catalogue figures: products, average margin, low stock, inventory value, shelf labels out of date",
    tag: "Inventory",
    access: "staff",
    ok: { status: 200, schema: answer.dashboardStatsAnswer, description: "The figures" },
  },
  "GET /api/inventory/low-stock": {
    summary: "Products at or under the low-stock threshold",
    tag: "Inventory",
    access: "staff",
    ok: { status: 200, schema: answer.productAnswer.array(), description: "The products" },
  },
  "GET /api/inventory/low-margin": {
    summary: "Products under the low-margin threshold",
    tag: "Inventory",
    access: "staff",
    ok: { status: 200, schema: answer.productAnswer.array(), description: "The products" },
  },
  "GET /api/inventory/reorder": {
    summary:
      "To reorder: active products at or under their reorder point, grouped by supplier, with suggested quantities and their value at cost; a page of lines (limit 1-1000, default 100) and the totals",
    tag: "Inventory",
    access: "staff",
    query: reorderQuerySchema,
    ok: {
      status: 200,
      schema: answer.reorderAnswer,
      description: "A page of the list, grouped, and its totals",
    },
  },
  "GET /api/categories": {
    summary: "Every category, as a tree in reading order",
    tag: "Categories",
    access: "staff",
    ok: { status: 200, schema: answer.categoryAnswer.array(), description: "The categories" },
  },
  "POST /api/categories": {
    summary: "Create a category",
    tag: "Categories",
    access: "category:write",
    body: categorySchema,
    example: { name: "Docking stations", parentId: 13 },
    ok: { status: 201, schema: answer.categoryAnswer, description: "The category" },
    errors: [409],
  },
  "GET /api/categories/{id}": {
    summary: "One category",
    tag: "Categories",
    access: "staff",
    ok: { status: 200, schema: answer.categoryAnswer, description: "The category" },
  },
  "PATCH /api/categories/{id}": {
    summary: "Change a category's name, description or parent",
    tag: "Categories",
    access: "category:write",
    body: categoryPatchSchema,
    example: { name: "Docks and hubs", version: 1 },
    ok: { status: 200, schema: answer.categoryAnswer, description: "The category as saved" },
    errors: [409],
  },
  "DELETE /api/categories/{id}": {
    summary: "Delete a category without subcategories or products",
    tag: "Categories",
    access: "category:delete",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
  "GET /api/suppliers": {
    summary:
      "Suppliers by name, optionally searched (name, contact or e-mail), a page at a time (limit 1-1000, default 50), and the total",
    tag: "Suppliers",
    access: "staff",
    query: supplierQuerySchema,
    ok: { status: 200, schema: answer.supplierListAnswer, description: "A page of suppliers and the total" },
  },
  "POST /api/suppliers": {
    summary: "Create a supplier (its name unique in any letter case)",
    tag: "Suppliers",
    access: "supplier:write",
    body: supplierSchema,
    example: SUPPLIER_EXAMPLE,
    ok: { status: 201, schema: answer.supplierAnswer, description: "The supplier" },
    errors: [409],
  },
  "GET /api/suppliers/{id}": {
    summary: "One supplier, with how many products name it",
    tag: "Suppliers",
    access: "staff",
    ok: { status: 200, schema: answer.supplierAnswer, description: "The supplier" },
  },
  "PATCH /api/suppliers/{id}": {
    summary: "Change a supplier (any of its fields; send the version you read: a stale one answers 409)",
    tag: "Suppliers",
    access: "supplier:write",
    body: supplierSchema,
    partialBody: true,
    example: { leadTimeDays: 5, version: 1 },
    ok: { status: 200, schema: answer.supplierAnswer, description: "The supplier as saved" },
    errors: [409],
  },
  "DELETE /api/suppliers/{id}": {
    summary: "Delete a supplier no product or purchase order names",
    tag: "Suppliers",
    access: "supplier:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
  "GET /api/campaigns": {
    summary: "Every campaign with its status",
    tag: "Campaigns",
    access: "staff",
    ok: { status: 200, schema: answer.campaignAnswer.array(), description: "The campaigns" },
  },
  "POST /api/campaigns": {
    summary: "Create a campaign",
    tag: "Campaigns",
    access: "campaign:write",
    body: campaignSchema,
    example: CAMPAIGN_EXAMPLE,
    ok: { status: 201, schema: answer.campaignAnswer, description: "The campaign" },
  },
  "GET /api/campaigns/{id}": {
    summary: "One campaign with its products",
    tag: "Campaigns",
    access: "staff",
    ok: { status: 200, schema: answer.campaignDetailAnswer, description: "The campaign" },
  },
  "PATCH /api/campaigns/{id}": {
    summary: "Change a campaign (any of its fields)",
    tag: "Campaigns",
    access: "campaign:write",
    body: campaignSchema,
    partialBody: true,
    example: { endDate: "2026-12-01", version: 1 },
    ok: { status: 200, schema: answer.campaignAnswer, description: "The campaign as saved" },
    errors: [409],
  },
  "DELETE /api/campaigns/{id}": {
    summary: "Delete a campaign",
    tag: "Campaigns",
    access: "campaign:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
  },
  "GET /api/campaigns/{id}/products": {
    summary: "A campaign's products and prices",
    tag: "Campaigns",
    access: "staff",
    ok: { status: 200, schema: answer.campaignProductAnswer.array(), description: "The products" },
  },
  "POST /api/campaigns/{id}/products": {
    summary: "Put a product in a campaign at a price or a discount",
    tag: "Campaigns",
    access: "campaign:write",
    body: campaignProductSchema,
    example: { sku: "LEN-E14G6", discountPercent: 15 },
    ok: { status: 201, schema: answer.campaignProductAnswer.array(), description: "The campaign's products" },
    errors: [409],
  },
  "DELETE /api/campaigns/{id}/products/{productId}": {
    summary: "Take a product out of a campaign",
    tag: "Campaigns",
    access: "campaign:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Removed" },
  },
  "GET /api/customers": {
    summary: "Customers by name, optionally searched (name, company or e-mail) and limited (at most 1,000)",
    tag: "Customers",
    access: "staff",
    query: customerQuerySchema,
    ok: { status: 200, schema: answer.customerAnswer.array(), description: "The customers" },
  },
  "POST /api/customers": {
    summary: "Create a customer",
    tag: "Customers",
    access: "customer:write",
    body: customerSchema,
    example: CUSTOMER_EXAMPLE,
    ok: { status: 201, schema: answer.customerAnswer, description: "The customer" },
    errors: [409],
  },
  "GET /api/customers/{id}": {
    summary: "One customer",
    tag: "Customers",
    access: "staff",
    ok: { status: 200, schema: answer.customerAnswer, description: "The customer" },
  },
  "PATCH /api/customers/{id}": {
    summary: "Change a customer (any of their fields)",
    tag: "Customers",
    access: "customer:write",
    body: customerSchema,
    partialBody: true,
    example: { phone: "+358 40 123 4567", version: 1 },
    ok: { status: 200, schema: answer.customerAnswer, description: "The customer as saved" },
    errors: [409],
  },
  "DELETE /api/customers/{id}": {
    summary: "Delete a customer",
    tag: "Customers",
    access: "customer:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
  },
  "GET /api/quotes": {
    summary:
      "List quotes, newest first: filter by status, customer, text (q: number, customer name, company or e-mail) and days (from, to), page",
    tag: "Quotes",
    access: "staff",
    query: quoteQuerySchema,
    ok: { status: 200, schema: answer.quoteListAnswer, description: "A page of quotes and the total" },
  },
  "POST /api/quotes": {
    summary:
      "Create a draft quote (lines priced at the campaign or selling price unless a unitPrice is given); a line under its net cost after the customer's discount needs an admin's or a manager's belowCostReason: 409 without it, 403 from a salesperson",
    tag: "Quotes",
    access: "order:write",
    body: quoteSchema,
    example: QUOTE_EXAMPLE,
    ok: { status: 201, schema: answer.quoteAnswer, description: "The quote with its amounts" },
    errors: [409],
  },
  "GET /api/quotes/{id}": {
    summary: "One quote with its lines, amounts and VAT breakdown",
    tag: "Quotes",
    access: "staff",
    ok: { status: 200, schema: answer.quoteAnswer, description: "The quote" },
  },
  "PATCH /api/quotes/{id}": {
    summary: "Change a draft quote (any of its fields; lines sent replace all lines). Not a draft: 409",
    tag: "Quotes",
    access: "order:write",
    body: quoteSchema,
    partialBody: true,
    example: { ...QUOTE_EXAMPLE, version: 2 },
    ok: { status: 200, schema: answer.quoteAnswer, description: "The quote as saved" },
    errors: [409],
  },
  "POST /api/quotes/{id}/transition": {
    summary:
      "Move a quote: draft -> sent -> accepted | rejected; accepted -> converted makes its order (201)",
    tag: "Quotes",
    access: "order:write",
    body: moveTo(QUOTE_STATUSES),
    example: { to: "sent" },
    ok: { status: 200, schema: answer.quoteAnswer, description: "The quote moved" },
    alsoOk: { status: 201, schema: answer.orderAnswer, description: "Converted: the new order" },
    errors: [409],
  },
  "GET /api/orders": {
    summary:
      "List sales orders, newest first: filter by status, customer, text (q: number, customer name, company or e-mail) and days (from, to), page",
    tag: "Orders",
    access: "staff",
    query: orderQuerySchema,
    ok: { status: 200, schema: answer.orderListAnswer, description: "A page of orders and the total" },
  },
  "POST /api/orders": {
    summary:
      "Create a sales order (pending, or awaiting_approval above an approval rule's total); over the customer's credit limit: 409; a line under its net cost after the customer's discount needs an admin's or a manager's belowCostReason: 409 without it, 403 from a salesperson",
    tag: "Orders",
    access: "order:write",
    body: orderSchema,
    example: ORDER_EXAMPLE,
    ok: { status: 201, schema: answer.orderAnswer, description: "The order with its amounts" },
    errors: [409],
  },
  "GET /api/orders/{id}": {
    summary: "One sales order with its lines, amounts and VAT breakdown",
    tag: "Orders",
    access: "staff",
    ok: { status: 200, schema: answer.orderAnswer, description: "The order" },
  },
  "PATCH /api/orders/{id}": {
    summary: "Change an order awaiting approval or pending (any of its fields; lines sent replace all lines)",
    tag: "Orders",
    access: "order:write",
    body: orderSchema,
    partialBody: true,
    example: { notes: "Deliver to the back door", version: 1 },
    ok: { status: 200, schema: answer.orderAnswer, description: "The order as saved" },
    errors: [409],
  },
  "POST /api/orders/{id}/transition": {
    summary:
      "Move an order: awaiting_approval -> pending (admins approve) | cancelled; pending -> confirmed (takes the stock; short: 409) | cancelled; confirmed -> shipped | cancelled (gives it back); shipped -> delivered",
    tag: "Orders",
    access: "order:write",
    body: moveTo(ORDER_STATUSES),
    example: { to: "confirmed" },
    ok: { status: 200, schema: answer.orderAnswer, description: "The order moved" },
    errors: [409],
  },
  "POST /api/orders/{id}/payment": {
    summary: "Move an order's payment: pending -> paid -> refunded",
    tag: "Orders",
    access: "order:write",
    body: moveTo(PAYMENT_STATUSES),
    example: { to: "paid" },
    ok: { status: 200, schema: answer.orderAnswer, description: "The order with its payment moved" },
    errors: [409],
  },
  ...PURCHASE_ORDER_OPERATIONS,
  "GET /api/alerts": {
    summary: "Alerts (?isRead=false for the unread)",
    tag: "Notifications",
    access: "staff",
    ok: { status: 200, schema: answer.alertAnswer.array(), description: "The alerts" },
  },
  "DELETE /api/alerts/{id}": {
    summary: "Dismiss an alert",
    tag: "Notifications",
    access: "staff",
    ok: { status: 200, schema: answer.messageAnswer, description: "Dismissed" },
  },
  "GET /api/notifications": {
    summary: "The notification history, newest first",
    tag: "Notifications",
    access: "staff",
    query: notificationQuerySchema,
    ok: { status: 200, schema: answer.notificationListAnswer, description: "A page and the total" },
  },
  "POST /api/notifications/read": {
    summary: "Mark notifications read",
    tag: "Notifications",
    access: "staff",
    body: markReadSchema,
    example: { ids: [12, 13] },
    ok: { status: 200, schema: answer.markedAnswer, description: "How many were marked" },
  },
  "GET /api/notification-settings": {
    summary: "One's own notification settings",
    tag: "Notifications",
    access: "staff",
    ok: { status: 200, schema: answer.settingAnswer.array(), description: "The settings" },
  },
  "PATCH /api/notification-settings/{id}": {
    summary: "Change one of one's own notification settings",
    tag: "Notifications",
    access: "staff",
    body: settingChangeSchema,
    example: { emailEnabled: true, thresholdValue: 5 },
    ok: { status: 200, schema: answer.settingAnswer, description: "The setting as saved" },
  },
  "GET /api/automation-rules": {
    summary: "Automation rules",
    tag: "Automation",
    access: "staff",
    ok: { status: 200, schema: answer.ruleAnswer.array(), description: "The rules" },
  },
  "POST /api/automation-rules": {
    summary: "Create an automation rule (conditions and actions checked per type)",
    tag: "Automation",
    access: "automation:write",
    body: ruleSchema,
    example: RULE_EXAMPLE,
    ok: { status: 201, schema: answer.ruleAnswer, description: "The rule" },
  },
  "GET /api/automation-rules/{id}": {
    summary: "One automation rule",
    tag: "Automation",
    access: "staff",
    ok: { status: 200, schema: answer.ruleAnswer, description: "The rule" },
  },
  "PATCH /api/automation-rules/{id}": {
    summary: "Change an automation rule (any of its fields)",
    tag: "Automation",
    access: "automation:write",
    body: ruleSchema,
    partialBody: true,
    example: { isActive: false },
    ok: { status: 200, schema: answer.ruleAnswer, description: "The rule as saved" },
    errors: [409],
  },
  "DELETE /api/automation-rules/{id}": {
    summary: "Delete an automation rule",
    tag: "Automation",
    access: "automation:write",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
  },
  "GET /api/users": {
    summary: "Every user",
    tag: "Users",
    access: "user:manage",
    ok: { status: 200, schema: answer.userAnswer.array(), description: "The users" },
  },
  "POST /api/users": {
    summary: "Create a user",
    tag: "Users",
    access: "user:manage",
    body: newUserSchema,
    example: {
      email: "mikko@example.fi",
      password: "secret123",
      firstName: "Mikko",
      lastName: "M",
      role: "manager",
    },
    ok: { status: 201, schema: answer.userAnswer, description: "The user" },
    errors: [409],
  },
  "GET /api/users/{id}": {
    summary: "One user",
    tag: "Users",
    access: "user:manage",
    ok: { status: 200, schema: answer.userAnswer, description: "The user" },
  },
  "PUT /api/users/{id}": {
    summary: "Change a user (an empty password keeps theirs)",
    tag: "Users",
    access: "user:manage",
    body: editUserSchema,
    example: {
      email: "mikko@example.fi",
      firstName: "Mikko",
      lastName: "M",
      role: "salesperson",
      isActive: true,
    },
    ok: { status: 200, schema: answer.userAnswer, description: "The user as saved" },
    errors: [409],
  },
  "DELETE /api/users/{id}": {
    summary: "Delete a user (never oneself, never the last admin)",
    tag: "Users",
    access: "user:manage",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;

/**
 * Every operation: those above, and those an aggregate documents in its folder
 * (`aggregate.server.ts`, `operations`; a new aggregate adds its own there, not here).
 */
export const OPERATIONS = { ...OWN_OPERATIONS, ...DECLARED_OPERATIONS };

/** Every operation's name, as a route's guard names it. */
export type ApiOperation = keyof typeof OPERATIONS;
/** The operations a caller must be signed in for: those whose route starts with `requireApiUser`. */
export type GuardedOperation =
  | {
      [K in keyof typeof OWN_OPERATIONS]: (typeof OWN_OPERATIONS)[K]["access"] extends "public" ? never : K;
    }[keyof typeof OWN_OPERATIONS]
  | DeclaredOperation;

/** Who may call an operation (its route's guard reads it here). */
export function operationAccess(id: ApiOperation): Access {
  return OPERATIONS[id].access;
}

/** The roles an access lets in: every role for any signed-in caller, else the permission's. */
export function rolesOf(access: Exclude<Access, "public">): readonly Role[] {
  return access === "staff" ? ROLES : PERMISSIONS[access];
}

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input: `message`, and `errors` naming each invalid field",
  401: "Not signed in, or the API token is not valid",
  403: "The role may not do this",
  404: "No such record",
  409: "A conflict: the record changed since its version was read, a unique value is taken, or the record's status does not allow the change",
  429: "Too many requests: wait the seconds Retry-After says",
};

/**
 * A zod schema as JSON Schema: what a client sends (input), every definition inline. A check in
 * code (a refinement, a transform) has no JSON Schema: it stands for any value of its input. A
 * field is required when the schema refuses it missing (a price whose transform refuses nothing),
 * not when its input type lacks undefined.
 */
function jsonSchema(schema: z.ZodType, partial = false): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    reused: "inline",
    cycles: "throw",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (def.type === "default") jsonSchema.default = (def as z.core.$ZodDefaultDef).defaultValue;
      if (def.type !== "object") return;
      const shape = (def as z.core.$ZodObjectDef).shape;
      const required = Object.keys(shape).filter((key) => !z.safeParse(shape[key], undefined).success);
      if (required.length) jsonSchema.required = required;
      else delete jsonSchema.required;
    },
  }) as Record<string, unknown>;
  if (partial) delete rest.required;
  return rest;
}

function operationObject(path: string, operation: Operation) {
  const { access } = operation;
  const errors = new Set(operation.errors ?? []);
  if (access !== "public") errors.add(401).add(429);
  if (access !== "public" && access !== "staff") errors.add(403);
  if (operation.body || operation.query) errors.add(400);
  if (path.includes("{")) errors.add(404);
  const parameters = [
    ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "integer", minimum: 1 },
    })),
    ...(operation.query
      ? Object.entries(
          (jsonSchema(operation.query).properties ?? {}) as Record<string, Record<string, unknown>>,
        ).map(([name, schema]) => ({ name, in: "query", required: false, schema }))
      : []),
  ];
  return {
    summary: operation.summary,
    tags: [operation.tag],
    ...(access === "public" ? { security: [] } : {}),
    ...(access !== "public" && access !== "staff" ? { description: `Needs the ${access} permission.` } : {}),
    // Who gets past the guard (the test of the authorization matrix holds the server to it).
    ...(access !== "public" ? { "x-roles": rolesOf(access) } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.optionalBody,
            content: {
              "application/json": {
                schema: jsonSchema(operation.body, operation.partialBody),
                ...(operation.example ? { example: operation.example } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        [operation.ok, ...(operation.alsoOk ? [operation.alsoOk] : [])].map((ok) => [
          ok.status,
          {
            description: ok.description,
            content: { "application/json": { schema: jsonSchema(ok.schema) } },
          },
        ]),
      ),
      ...Object.fromEntries(
        [...errors].sort().map((status) => [
          status,
          {
            description: ERROR_TEXT[status] ?? "An error",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
          },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(OPERATIONS) as [ApiOperation, Operation][]) {
    const [method, path] = id.split(" ");
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationObject(path, operation);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "VoltStock API",
      version: "1",
      description:
        "The staff back-office's JSON API. Sign in with POST /api/auth/login (a session cookie) or send an API token an admin made on /users as `Authorization: Bearer <token>`. Money is text with two decimals (exact); times are ISO 8601. Errors answer `{ message, errors? }`.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API token from /users" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "__session" },
      },
      schemas: { Error: jsonSchema(answer.errorAnswer) },
    },
    paths,
  };
}
