import { z } from "zod/v4";
import { pageLimit, pageOffset } from "~/models/paging-schema";
import { lengthRule, typeMessages, whenValid } from "~/models/zod-messages";
import { MANUAL_REASONS, type ManualReason, quantityFitsReason, reasonDirection } from "./stock-reason";

/**
 * A stock movement recorded by hand: on the product page (the product is the page's) and through
 * POST /api/stock-movements (the product named). Forms send strings, JSON numbers; both are
 * accepted. Messages are i18n keys.
 */

/** The most one movement may move, in or out. */
export const MAX_MOVEMENT = 1_000_000;
/** The most a product may hold after a movement by hand (what the product form accepts). */
export const MAX_STOCK_LEVEL = 999_999_999;

const quantity = z
  .union(
    [z.string(), z.number()],
    typeMessages({ required: "stock:errors.quantity", invalid: "stock:errors.quantity" }),
  )
  .transform((value, ctx) => {
    // "+5", "-2" and a typographic minus ("−2", as some keyboards and phones type it).
    const text = String(value).trim().replace(/^[−–]/, "-").replace(/^\+/, "");
    const number = Number(text);
    if (!/^-?\d{1,7}$/.test(text) || number === 0 || Math.abs(number) > MAX_MOVEMENT) {
      ctx.addIssue({ code: "custom", message: "stock:errors.quantity" });
      return z.NEVER;
    }
    return number;
  });

const reason = z.enum(MANUAL_REASONS, { error: "stock:errors.reason" });

const note = z
  .string(typeMessages({ invalid: "validation.invalid" }))
  .trim()
  .max(500, lengthRule("validation.tooLong"))
  .nullish()
  .transform(whenValid((v) => v || null));

const productId = z
  .union(
    [z.string(), z.number()],
    typeMessages({ required: "stock:errors.productId", invalid: "stock:errors.productId" }),
  )
  .transform((value, ctx) => {
    const text = String(value).trim();
    // Any id a product may have (PostgreSQL's integer): one that is not there is a 404, not a 400.
    if (!/^\d{1,10}$/.test(text) || Number(text) === 0 || Number(text) > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "stock:errors.productId" });
      return z.NEVER;
    }
    return Number(text);
  });

/**
 * A receipt of -3 or damage of +2 is a typing mistake: the quantity's sign must fit the reason.
 * Checked once both are valid. (zod runs an object's refinement while its other fields' errors
 * are only value errors, a quantity out of range say; a too long note stops it, see whenValid.)
 */
function signFitsReason(value: { quantity: unknown; reason: unknown }, ctx: z.RefinementCtx) {
  const { quantity, reason } = value;
  if (typeof quantity !== "number" || !MANUAL_REASONS.some((known) => known === reason)) return;
  if (quantityFitsReason(reason as ManualReason, quantity)) return;
  ctx.addIssue({
    code: "custom",
    path: ["quantity"],
    message:
      reasonDirection(reason as ManualReason) === "in"
        ? "stock:errors.quantityIn"
        : "stock:errors.quantityOut",
  });
}

/**
 * Where (issue #32): a location's id; empty or left out: the staff member's own location (else the
 * default one). Whether it exists and is active the write path checks.
 */
export const movementLocationId = z
  .union([z.string(), z.number()], typeMessages({ invalid: "locations:errors.unknown" }))
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || String(value).trim() === "") return null;
    const text = String(value).trim();
    if (!/^\d{1,10}$/.test(text) || Number(text) === 0 || Number(text) > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "locations:errors.unknown" });
      return z.NEVER;
    }
    return Number(text);
  });

const movementFields = { quantity, reason, note, locationId: movementLocationId };

/** The product page's form. */
export const stockMovementSchema = z.object(movementFields).superRefine(signFitsReason);

/** POST /api/stock-movements. */
export const stockMovementApiSchema = z.object({ productId, ...movementFields }).superRefine(signFitsReason);

export type StockMovementInput = z.infer<typeof stockMovementSchema>;

/** GET /api/products/:id/movements: a page of the ledger, newest first. */
export const movementQuerySchema = z.object({
  limit: pageLimit(50, 1000, "stock:errors.limit"),
  offset: pageOffset(),
});
