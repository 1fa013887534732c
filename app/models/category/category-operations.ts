import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { categoryPatchSchema, categorySchema } from "./category-schema";

/** The categories' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const CATEGORY_OPERATIONS = {
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
} satisfies Record<OperationId, Operation>;
