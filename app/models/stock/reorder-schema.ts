import { z } from "zod/v4";
import { wholeNumberParam } from "~/models/paging-schema";
import { typeMessages } from "~/models/zod-messages";

/** A stock figure's location filter (issue #32): an id; none: all locations (the caller checks it is active). */
const locationFilter = wholeNumberParam(1, 999_999_999, null);

/** The query of GET /api/inventory/reorder: one supplier's lines, and a page of lines. */
export const reorderQuerySchema = z.object({
  supplierId: wholeNumberParam(1, 999_999_999, null),
  limit: wholeNumberParam(1, 1000, 100),
  locationId: locationFilter,
  offset: wholeNumberParam(0, 1_000_000_000, 0),
});

/**
 * A product's reorder point in one location (issue #32): `PUT /api/products/{id}/locations/{locationId}`
 * and the product page's form. Null (or an empty field) removes it: the location then has none of
 * its own (the product's point applies to its total only).
 */
export const locationPointSchema = z.object({
  reorderPoint: z
    .union([
      z.literal("").transform(() => null),
      z.coerce
        .number(typeMessages({ invalid: "stock:locationPoints.invalid" }))
        .int("stock:locationPoints.invalid")
        .min(0, "stock:locationPoints.invalid")
        .max(999_999_999, "stock:locationPoints.invalid"),
    ])
    .nullable(),
});
export type LocationPointInput = z.infer<typeof locationPointSchema>;

/** What `PUT /api/products/{id}/locations/{locationId}` answers: the product's figures in that location. */
export const locationPointAnswer = z
  .object({
    productId: z.number().int().positive(),
    locationId: z.number().int().positive(),
    locationName: z.string(),
    quantity: z.number().int().describe("what the location holds"),
    reorderPoint: z.number().int().nullable().describe("its own point there; null: none"),
  })
  .strict();

/** A stock figure's location filter (issue #32): `?locationId=`, an active location; none: all locations. */
export const locationQuerySchema = z.object({
  locationId: locationFilter,
});
