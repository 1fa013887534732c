import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { marginInputSchema } from "~/models/margin-schema";
import { productApiFields, productQuerySchema } from "./product-schema";

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

/** The products and the margin calculator' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const PRODUCT_OPERATIONS = {
  "GET /api/products": {
    summary: "List products: search, filter, sort, page",
    tag: "Products",
    access: "staff",
    query: productQuerySchema,
    ok: { status: 200, schema: answer.productListAnswer, description: "A page of products and the total" },
  },
  "POST /api/products": {
    summary:
      "Create a product (its supplier by name, found or created, or by supplierId; sold by measure: a unit m, kg or l with its netQuantity, both or neither); a selling price below the net cost answers 409 unless an admin or a manager sends belowCostReason",
    tag: "Products",
    access: "product:write",
    // The fields (the schema adds two rules across them: a supplier by `supplier` or `supplierId`;
    // a `unit` and a `netQuantity` both or neither).
    body: productApiFields,
    example: PRODUCT_EXAMPLE,
    ok: { status: 201, schema: answer.productAnswer, description: "The product" },
    errors: [409],
  },
  "GET /api/products/{id}": {
    summary: "One product, with its stock by location",
    tag: "Products",
    access: "staff",
    ok: { status: 200, schema: answer.productDetailAnswer, description: "The product" },
  },
  "PUT /api/products/{id}": {
    summary:
      "Change a product (send the version you read: a stale one answers 409; unit and netQuantity left out keep the product's); a price change below the net cost answers 409 unless an admin or a manager sends belowCostReason",
    tag: "Products",
    access: "product:write",
    // The fields (the schema adds two rules across them: a supplier by `supplier` or `supplierId`;
    // a `unit` and a `netQuantity` both or neither).
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
  "POST /api/calculate-margin": {
    summary: "Margin and profit of a purchase and selling price",
    tag: "Products",
    access: "staff",
    body: marginInputSchema,
    example: { purchasePrice: "10.00", sellingPrice: "19.90", vatInclusive: true },
    ok: { status: 200, schema: answer.marginAnswer, description: "The margin" },
  },
} satisfies Record<OperationId, Operation>;
