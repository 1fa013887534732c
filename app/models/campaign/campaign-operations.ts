import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { campaignProductSchema, campaignSchema } from "./campaign-schema";

const CAMPAIGN_EXAMPLE = {
  name: "Black Friday",
  startDate: "2026-11-27",
  endDate: "2026-11-30",
  isActive: true,
};

/** The campaigns' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const CAMPAIGN_OPERATIONS = {
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
} satisfies Record<OperationId, Operation>;
