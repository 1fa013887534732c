import {
  type EntityData,
  type InferEntity,
  OptimisticLockError,
  type RequiredEntityData,
  raw,
  UniqueConstraintViolationException,
} from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { raiseProductAlerts } from "~/models/alert/alert.server";
import { Category } from "~/models/category/category.entity";
import { queueLabels } from "~/models/label/label-queue.server";
import type { LabelReason } from "~/models/label/label-reason";
import { defaultLocationId } from "~/models/location/location.server";
import { lockEachForChange } from "~/models/locked.server";
import {
  type BelowCostConfirmation,
  type BelowCostFinding,
  type BelowCostRefusal,
  belowCostFindings,
  belowCostRefusal,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import { recordBelowCost } from "~/models/price/below-cost.server";
import { FORM, logPrices, type PriceActor, type PriceVia } from "~/models/price/price-history.server";
import type { PriceSource } from "~/models/price/price-source";
import { setDefaultShelves } from "~/models/stock/product-place.server";
import { ProductStock } from "~/models/stock/product-stock.entity";
import { moveStock, type StockChange } from "~/models/stock/stock-ledger.server";
import { StockMovement } from "~/models/stock/stock-movement.entity";
import { quantityFitsReason, reasonDirection } from "~/models/stock/stock-reason";
import { Supplier } from "~/models/supplier/supplier.entity";
import { supplierIdsByName, supplierNamesById } from "~/models/supplier/supplier.server";
import { netQuantityText } from "./net-quantity";
import { Product } from "./product.entity";
import { getProduct, type ProductRow } from "./product-reads.server";
import type { ProductInput } from "./product-schema";
import { type ProductWriteState, stateOf } from "./product-state";

/*
 * The product aggregate's one write path. Every creation, change and deletion of a product (the
 * forms, the API, the import, the seeders, a purchase order's receipt) goes through
 * `createProducts`, `changeProducts`, `changePurchasePrices`, `changePrices` or `deleteProducts` (and their
 * one-product, own-transaction forms), and every change of its stock through the ledger's
 * `changeStock` (stock/stock-ledger.server.ts), inside the caller's transaction, as units of work
 * of the ORM:
 * - the version is the entity's: a change that names the version it read is refused as stale when
 *   the row moved on (the ORM's optimistic lock, checked again by the flush's `where version`);
 * - PostgreSQL keeps the margin (generated columns), returned to the entity by the flush;
 * - a price history row is added when the margin's inputs change (prices, VAT basis or rate),
 *   by `recordPrices` alone;
 * - alerts are raised or brought up to date from the row as written;
 * - the stock level changes only by a movement of the ledger (stock_movement): an opening one on
 *   creation, then the ledger's, which keeps the level the running sum of the ledger.
 * Its reads are product-reads.server.ts.
 */

type ProductEntity = InferEntity<typeof Product>;

/**
 * What a new product is made of: every column em.create requires but those PostgreSQL computes
 * (generated ... stored), which MikroORM 6.6 does not infer as optional. Created with
 * `partial: true`, which only relaxes the ORM's own typing: this type keeps the check.
 */
type NewProductData = Omit<
  RequiredEntityData<ProductEntity>,
  "marginPercent" | "marginCategory" | "purchaseCost" | "searchText"
>;

export type ProductWriteResult =
  | { ok: true; product: ProductRow }
  | {
      ok: false;
      reason:
        | "notFound"
        | "skuTaken"
        | "unknownCategory"
        | SupplierRefusal
        | "stale"
        /** the edit lowers the stock with a reason that adds stock (a receipt, a return) */
        | "stockReasonAdds"
        /** the edit raises the stock with a reason that takes stock out (damage) */
        | "stockReasonTakes"
        /**
         * the edit lowers the stock by more than the default location holds (issue #32: an edit's
         * change of the level is a movement there; the rest is in other locations)
         */
        | "stockShort";
    }
  | BelowCostRefusal;

/** The API named a supplier by an id that does not exist, or by an id and a name of another one. */
export type SupplierRefusal = "unknownSupplier" | "supplierMismatch";

/**
 * The supplier of each input, as an id: the one its `supplierId` names (which must exist, and be
 * the one its name names when it gives both), else the one of its name, found or created in the
 * caller's transaction (supplierIdsByName). Refusals come before anything is created.
 */
async function supplierIdsOf(
  tx: EntityManager,
  inputs: Pick<ProductInput, "supplier" | "supplierId">[],
): Promise<{ ok: true; ids: number[] } | { ok: false; index: number; reason: SupplierRefusal }> {
  const named = await supplierNamesById(
    tx,
    inputs.map((input) => input.supplierId).filter((id): id is number => !!id),
  );
  for (const [index, { supplier, supplierId }] of inputs.entries()) {
    if (!supplierId) continue;
    const name = named.get(supplierId);
    if (name === undefined) return { ok: false, index, reason: "unknownSupplier" };
    if (supplier && supplier.trim().toLowerCase() !== name)
      return { ok: false, index, reason: "supplierMismatch" };
  }
  const byName = await supplierIdsByName(
    tx,
    inputs.filter((input) => !input.supplierId).map((input) => input.supplier ?? ""),
  );
  return {
    ok: true,
    ids: inputs.map(
      (input) => input.supplierId || (byName.get((input.supplier ?? "").trim().toLowerCase()) as number),
    ),
  };
}

/** Whether another product (not `exceptId`) has this SKU, in any letter case. */
export async function skuInUse(sku: string, exceptId?: number, tx: EntityManager = em()): Promise<boolean> {
  const where = { [raw("lower(sku)")]: raw("lower(?)", [sku]), id: { $ne: exceptId ?? 0 } };
  return (await tx.count(Product, where)) > 0;
}

/**
 * The fields a product keeps of its input: every one but the stock level, which only a movement
 * changes. `current` is the product a change changes (none for a new one), whose own values stay
 * where the input names none.
 */
function storedFields(tx: EntityManager, input: ProductInput, supplierId: number, current?: ProductEntity) {
  return {
    name: input.name,
    sku: input.sku,
    brand: input.brand,
    category: input.categoryId ? tx.getReference(Category, input.categoryId) : null,
    purchasePrice: input.purchasePrice,
    sellingPrice: input.sellingPrice,
    vatInclusive: input.vatInclusive,
    vatRate: vatRateOf(input, current),
    supplier: tx.getReference(Supplier, supplierId),
    // Left out (an import checked before these existed): the product keeps its own.
    reorderPoint: input.reorderPoint === undefined ? (current?.reorderPoint ?? null) : input.reorderPoint,
    reorderQuantity:
      input.reorderQuantity === undefined ? (current?.reorderQuantity ?? null) : input.reorderQuantity,
    ean: input.ean,
    imageUrl: input.imageUrl,
    barcode: input.barcode,
    ...measureOf(input, current),
    // Serial tracking (issue #31): left out (an older import or API client), the product's own.
    tracking: input.tracking ?? current?.tracking ?? "none",
    guaranteeMonths:
      input.guaranteeMonths === undefined ? (current?.guaranteeMonths ?? null) : input.guaranteeMonths,
    status: input.status,
  };
}

/**
 * The unit and net quantity a product is written with: both as the input names them, or, when it
 * names neither (an API client or an import that does not know them), the product's own.
 */
function measureOf(input: Pick<ProductInput, "unit" | "netQuantity">, current?: ProductEntity) {
  if (input.unit === undefined && input.netQuantity === undefined)
    return { unit: current?.unit ?? null, netQuantity: current?.netQuantity ?? null };
  const unit = input.unit ?? null;
  return { unit, netQuantity: unit === null ? null : (input.netQuantity ?? null) };
}

/**
 * The VAT rate a product is written with: without a rate of its own, a new product is sold at the
 * shop's standard rate; a change that names no rate keeps the product's.
 */
function vatRateOf(input: Pick<ProductInput, "vatRate">, current?: ProductEntity): string {
  return input.vatRate ?? current?.vatRate ?? String(env().VAT_RATE);
}

/** What a product's margin is computed from: its price facts. */
type PriceFacts = Pick<ProductWriteState, "purchasePrice" | "sellingPrice" | "vatInclusive" | "vatRate">;

function priceChanged(before: PriceFacts, after: PriceFacts) {
  return (
    Number(before.purchasePrice) !== Number(after.purchasePrice) ||
    Number(before.sellingPrice) !== Number(after.sellingPrice) ||
    before.vatInclusive !== after.vatInclusive ||
    Number(before.vatRate) !== Number(after.vatRate)
  );
}

/**
 * What a shelf label prints of a product besides its price (issue #30): its texts, and the unit
 * price's unit and quantity (one reason, `unit_price`, for either).
 */
const LABEL_TEXT = ["name", "brand", "sku", "ean", "unit_price"] as const satisfies readonly LabelReason[];

function labelText(product: ProductEntity) {
  return {
    name: product.name,
    brand: product.brand,
    sku: product.sku,
    ean: product.ean,
    // "5.000" as read, "5" as assigned: compared as people write it.
    unit_price: product.unit ? `${netQuantityText(product.netQuantity ?? "")} ${product.unit}` : null,
  };
}

/**
 * The paths the below-cost guard does not ask (below-cost.ts): a purchase order's receipt (the
 * goods arrived at a new cost, which no one chose here; the low-margin alerts report it) and the
 * seeders (no user to confirm anything).
 */
const UNGUARDED_SOURCES: ReadonlySet<PriceSource> = new Set(["receipt", "seed"]);

/** The guard's refusal of a write of several products, with the first refused one's index. */
export type BelowCostIndexedRefusal = BelowCostRefusal & { index: number };

/** What the guard found of a write (by the index of each write) and its decision. */
type GuardCheck = {
  findings: Map<number, BelowCostFinding>;
  refusal: BelowCostIndexedRefusal | null;
  confirmation: BelowCostConfirmation | null;
};

/** A write that would set a product's price facts: as they stood (none for a new product) and after it. */
type PriceWrite = {
  productId: number | null;
  name: string;
  sku: string;
  before: PriceFacts | null;
  after: PriceFacts;
};

/**
 * The below-cost guard of the product write path, before anything is written: the writes whose
 * price facts change (or a new product's) and put the product under its net cost, each with its
 * index, and the guard's refusal of them unless `confirmation` lets them through.
 */
function belowCostCheck(
  writes: readonly PriceWrite[],
  via: PriceVia,
  confirmation: BelowCostConfirmation | null,
): GuardCheck {
  const findings = new Map<number, BelowCostFinding>();
  if (UNGUARDED_SOURCES.has(via.source)) return { findings, refusal: null, confirmation };
  for (const [index, write] of writes.entries()) {
    if (write.before && !priceChanged(write.before, write.after)) continue;
    const [finding] = belowCostFindings([
      {
        ...write.after,
        id: write.productId ?? 0,
        name: write.name,
        sku: write.sku,
        price: write.after.sellingPrice,
      },
    ]);
    if (finding) findings.set(index, { ...finding, productId: write.productId });
  }
  const refusal = belowCostRefusal([...findings.values()], confirmation);
  return { findings, refusal: refusal && { ...refusal, index: [...findings.keys()][0] }, confirmation };
}

/**
 * Stores what a confirmation let through, after the write (`idOf`: the product the write of an
 * index wrote): one row per product, for the product (subject "product"), or for a bulk
 * repricing batch (subject "price_batch").
 */
async function recordConfirmed(
  tx: EntityManager,
  guard: GuardCheck,
  via: PriceVia,
  idOf: (index: number) => number,
) {
  const findings = [...guard.findings].map(([index, finding]) => ({ ...finding, productId: idOf(index) }));
  await recordBelowCost(
    tx,
    via.batch ? "price_batch" : "product",
    via.batch ?? null,
    findings,
    guard.confirmation,
  );
}

/**
 * The price log's rows for these products as they now stand (price-history.server.ts writes a row
 * where a price fact changed: a new product's first, then each change of the margin's inputs): the
 * one place the product write path records prices, so every price write goes through it.
 */
async function recordPrices(tx: EntityManager, products: ProductEntity[], by: PriceActor) {
  await logPrices(
    tx,
    products.map((product) => product.id),
    by,
  );
}

/** Why these new products cannot be written (a SKU in use or repeated, an unknown category), by index. */
async function creationRefusals(tx: EntityManager, inputs: ProductInput[]) {
  const refusals = new Map<number, "skuTaken" | "unknownCategory">();
  const skus = inputs.map((input) => input.sku.toLowerCase());
  const taken = new Set(
    (
      await tx
        .createQueryBuilder(Product, "p")
        .select(raw("lower(p.sku) as sku"))
        .where({ [raw("lower(p.sku)")]: { $in: skus } })
        .execute<{ sku: string }[]>()
    ).map((row) => row.sku),
  );
  const categoryIds = [
    ...new Set(inputs.map((input) => input.categoryId).filter((id): id is number => !!id)),
  ];
  const categories = new Set(
    categoryIds.length
      ? (
          await tx
            .createQueryBuilder(Category, "c")
            .select("id")
            .where({ id: { $in: categoryIds } })
            .execute<{ id: number }[]>()
        ).map((row) => row.id)
      : [],
  );
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const sku = input.sku.toLowerCase();
    if (taken.has(sku) || seen.has(sku)) refusals.set(index, "skuTaken");
    else if (input.categoryId && !categories.has(input.categoryId)) refusals.set(index, "unknownCategory");
    seen.add(sku);
  });
  return refusals;
}

/**
 * Creates products in the caller's transaction, in one flush (the ORM batches the inserts), with
 * their first price history rows and the alerts they raise. Refused as a whole, with the first
 * refused input's index, when any input is.
 */
export async function createProducts(
  tx: EntityManager,
  inputs: ProductInput[],
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<
  | { ok: true; ids: number[] }
  | { ok: false; index: number; reason: "skuTaken" | "unknownCategory" | SupplierRefusal }
  | BelowCostIndexedRefusal
> {
  if (inputs.length === 0) return { ok: true, ids: [] };
  const refusals = await creationRefusals(tx, inputs);
  const [first] = refusals.entries();
  if (first) return { ok: false, index: first[0], reason: first[1] };
  const guard = belowCostCheck(
    inputs.map((input) => ({
      productId: null,
      name: input.name,
      sku: input.sku,
      before: null,
      after: { ...input, vatRate: vatRateOf(input) },
    })),
    via,
    confirmation,
  );
  if (guard.refusal) return guard.refusal;
  const suppliers = await supplierIdsOf(tx, inputs);
  if (!suppliers.ok) return suppliers;
  const products = inputs.map((input, index) => {
    // The opening level, recorded as the ledger's first movement below.
    const data: NewProductData = {
      ...storedFields(tx, input, suppliers.ids[index]),
      stockLevel: input.stockLevel,
    };
    return tx.create(Product, data, { partial: true });
  });
  try {
    await tx.flush();
  } catch (error) {
    // Another request took a SKU between the check and the write (the transaction is spent).
    if (error instanceof UniqueConstraintViolationException)
      return { ok: false, index: 0, reason: "skuTaken" };
    throw error;
  }
  await recordPrices(tx, products, { userId, ...via });
  await recordConfirmed(tx, guard, via, (index) => products[index].id);
  // The ledger opens with each product's stock: multi-row inserts of the opening movements, 5,000
  // rows (30,000 parameters) a statement (through the unit of work, the seeder's batches of 5,000
  // products took a fifth longer).
  // The opening stock is in the default location (issue #32), its first row of product_stock.
  const opening = products.filter((product) => product.stockLevel !== 0);
  const location = opening.length > 0 ? await defaultLocationId(tx) : 0;
  for (let first = 0; first < opening.length; first += 5000) {
    const batch = opening.slice(first, first + 5000);
    await tx
      .createQueryBuilder(StockMovement)
      .insert(
        batch.map((product) => ({
          product: product.id,
          location,
          quantity: product.stockLevel,
          reason: "opening" as const,
          stockAfter: product.stockLevel,
          locationStockAfter: product.stockLevel,
          user: userId,
          createdAt: new Date(),
        })),
      )
      .execute("run");
    await tx
      .createQueryBuilder(ProductStock)
      .insert(batch.map((product) => ({ product: product.id, location, quantity: product.stockLevel })))
      .execute("run");
  }
  // The shelf (`location`) is the default location's (issue #32), on its row of product_stock.
  await setDefaultShelves(
    tx,
    products.flatMap((product, index) => {
      const shelf = inputs[index].location ?? null;
      return shelf === null ? [] : [{ productId: product.id, shelf }];
    }),
  );
  await raiseProductAlerts(
    tx,
    products.map((product) => ({ before: null, after: stateOf(product) })),
  );
  return { ok: true, ids: products.map((product) => product.id) };
}

/** Changes one product in the caller's transaction; with `input.version`, only if nobody changed it since. */
export async function changeProduct(
  tx: EntityManager,
  id: number,
  input: ProductInput,
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<ProductWriteResult> {
  const changed = await changeProducts(tx, [{ id, input }], userId, via, confirmation);
  if (!changed.ok) {
    if (isBelowCostRefusal(changed)) return { ok: false, reason: changed.reason, findings: changed.findings };
    return { ok: false, reason: changed.reason };
  }
  return { ok: true, product: (await getProduct(id, tx)) as ProductRow };
}

export type ProductChangeInput = { id: number; input: ProductInput };

/**
 * Changes products in the caller's transaction, in one flush (the ORM batches the updates): each
 * with `input.version` only if nobody changed it since. A new stock level is a movement of the
 * ledger (the difference, with the change's `stockReason`, else an adjustment). Refused as a
 * whole, with the first refused change's index, when any is.
 */
export async function changeProducts(
  tx: EntityManager,
  changes: ProductChangeInput[],
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<
  | { ok: true }
  | {
      ok: false;
      index: number;
      reason:
        | "notFound"
        | "skuTaken"
        | "unknownCategory"
        | SupplierRefusal
        | "stale"
        | "stockReasonAdds"
        | "stockReasonTakes"
        | "stockShort";
    }
  | BelowCostIndexedRefusal
> {
  if (changes.length === 0) return { ok: true };
  // Locked for the change, in id order (as every writer locks products): two changes of one
  // product run one after the other, so a change that names no version is the last to win, and
  // one that names a version sees the current one. A new stock level must move the way its
  // reason moves stock.
  const locked = await lockEachForChange(
    tx,
    Product,
    changes.map(({ id, input }) => ({ id, version: input.version })),
    {
      check: (product, index) => {
        const { input } = changes[index];
        const delta = input.stockLevel - product.stockLevel;
        const reason = input.stockReason ?? "adjustment";
        if (delta === 0 || quantityFitsReason(reason, delta)) return null;
        return reasonDirection(reason) === "in" ? "stockReasonAdds" : "stockReasonTakes";
      },
    },
  );
  if (!locked.ok) return locked;
  const products = locked.byId;
  const movements: StockChange[] = [];
  for (const { id, input } of changes) {
    const delta = input.stockLevel - (products.get(id) as ProductEntity).stockLevel;
    if (delta !== 0)
      movements.push({ productId: id, delta, reason: input.stockReason ?? "adjustment", userId });
  }
  const refused = await changeRefusals(tx, changes);
  if (refused) return { ok: false, ...refused };
  // Before anything is written (a supplier found by name may be created, the stock moved).
  const guard = belowCostCheck(
    changes.map(({ id, input }) => {
      const product = products.get(id) as ProductEntity;
      return {
        productId: id,
        name: input.name,
        sku: input.sku,
        before: stateOf(product),
        after: { ...input, vatRate: vatRateOf(input, product) },
      };
    }),
    via,
    confirmation,
  );
  if (guard.refusal) return guard.refusal;
  const suppliers = await supplierIdsOf(
    tx,
    changes.map(({ input }) => input),
  );
  if (!suppliers.ok) return suppliers;
  const befores = new Map(changes.map(({ id }) => [id, stateOf(products.get(id) as ProductEntity)]));
  // The rows are locked already. The total goes to no level below 0, but the edit's change is a
  // movement in the default location (issue #32), which may hold less than it takes out.
  if (movements.length) {
    const moved = await moveStock(tx, movements);
    if (!moved.ok) {
      const index = changes.findIndex(
        ({ id }) => id === (moved.reason === "short" ? moved.product.id : moved.productId),
      );
      return {
        ok: false,
        index: Math.max(index, 0),
        reason: moved.reason === "short" ? "stockShort" : "notFound",
      };
    }
  }
  const written = await writeChanges(
    tx,
    changes.map(({ id, input }, index) => {
      const product = products.get(id) as ProductEntity;
      return {
        product,
        before: befores.get(id) as ProductWriteState,
        fields: () => storedFields(tx, input, suppliers.ids[index], product),
      };
    }),
    userId,
    via,
    guard,
  );
  if (!written.ok) return written;
  // The shelf (`location`) is the default location's (issue #32); a change that names none (an
  // API client, an import without the column) keeps it.
  await setDefaultShelves(
    tx,
    changes.flatMap(({ id, input }) =>
      input.location === undefined ? [] : [{ productId: id, shelf: input.location ?? null }],
    ),
  );
  return written;
}

export type PurchasePriceChange = { id: number; purchasePrice: string };

/**
 * Changes products' purchase prices and nothing else, in the caller's transaction (a purchase
 * order received at a new cost): the write of `changeProducts` for a price change (the stored
 * margin, a price history row, low_margin alerts and rules, the audit trail, the version), without
 * an input of every field to pass along. The rows are locked in id order; no version is checked
 * (the later change wins). Refused as a whole, with the first refused change's index.
 */
export async function changePurchasePrices(
  tx: EntityManager,
  changes: PurchasePriceChange[],
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<
  | { ok: true }
  | { ok: false; index: number; reason: "notFound" | "stale" | "skuTaken" }
  | BelowCostIndexedRefusal
> {
  if (changes.length === 0) return { ok: true };
  const locked = await lockEachForChange(
    tx,
    Product,
    changes.map(({ id }) => ({ id })),
  );
  if (!locked.ok) return locked;
  const products = locked.byId;
  const befores = new Map(changes.map(({ id }) => [id, stateOf(products.get(id) as ProductEntity)]));
  // A receipt's new cost is not asked (UNGUARDED_SOURCES); another path's is.
  const guard = belowCostCheck(
    changes.map(({ id, purchasePrice }) => {
      const before = befores.get(id) as ProductWriteState;
      return {
        productId: id,
        name: before.name,
        sku: before.sku,
        before,
        after: { ...before, purchasePrice },
      };
    }),
    via,
    confirmation,
  );
  if (guard.refusal) return guard.refusal;
  return writeChanges(
    tx,
    changes.map(({ id, purchasePrice }) => ({
      product: products.get(id) as ProductEntity,
      before: befores.get(id) as ProductWriteState,
      fields: () => ({ purchasePrice }),
    })),
    userId,
    via,
    guard,
  );
}

export type PriceChange = {
  id: number;
  version?: number | null;
  sellingPrice: string;
  purchasePrice: string;
};

/**
 * Changes products' selling and purchase prices and nothing else, in the caller's transaction (a
 * bulk repricing batch and its undo): the write of `changeProducts` for a price change (the stored
 * margin, price log rows with the caller's `via`, alerts and rules, the audit trail, the version)
 * without an input of every field. Each change with a `version` only if nobody changed the product
 * since; refused as a whole, with the first refused change's index, before anything is written.
 */
export async function changePrices(
  tx: EntityManager,
  changes: PriceChange[],
  userId: number | null,
  via: PriceVia,
  confirmation: BelowCostConfirmation | null = null,
): Promise<
  | { ok: true }
  | { ok: false; index: number; reason: "notFound" | "stale" | "skuTaken" }
  | BelowCostIndexedRefusal
> {
  if (changes.length === 0) return { ok: true };
  const locked = await lockEachForChange(
    tx,
    Product,
    changes.map(({ id, version }) => ({ id, version })),
  );
  if (!locked.ok) return locked;
  const products = locked.byId;
  const befores = changes.map(({ id }) => stateOf(products.get(id) as ProductEntity));
  const guard = belowCostCheck(
    changes.map(({ id, sellingPrice, purchasePrice }, index) => {
      const before = befores[index];
      return {
        productId: id,
        name: before.name,
        sku: before.sku,
        before,
        after: { ...before, sellingPrice, purchasePrice },
      };
    }),
    via,
    confirmation,
  );
  if (guard.refusal) return guard.refusal;
  return writeChanges(
    tx,
    changes.map(({ id, sellingPrice, purchasePrice }, index) => ({
      product: products.get(id) as ProductEntity,
      before: befores[index],
      fields: () => ({ sellingPrice, purchasePrice }),
    })),
    userId,
    via,
    guard,
  );
}

/**
 * What every change of locked products shares: each product's new fields assigned (read when
 * assigned, so a product named twice takes its changes in turn), one flush (PostgreSQL keeps the
 * margin, the ORM raises each changed product's version, the audit trail records it), a price
 * history row for each product whose margin's inputs changed, the prices below cost that `guard`
 * let through (its caller asked it before anything was written), and the alerts from each
 * product's state before and after.
 */
async function writeChanges(
  tx: EntityManager,
  changes: { product: ProductEntity; before: ProductWriteState; fields: () => EntityData<ProductEntity> }[],
  userId: number | null,
  via: PriceVia,
  guard: GuardCheck,
): Promise<{ ok: true } | { ok: false; index: number; reason: "stale" | "skuTaken" }> {
  const printed = changes.map(({ product }) => labelText(product));
  for (const { product, fields } of changes) tx.assign(product, fields());
  try {
    await tx.flush();
  } catch (error) {
    const index = 0;
    if (error instanceof OptimisticLockError) return { ok: false, index, reason: "stale" };
    if (error instanceof UniqueConstraintViolationException) return { ok: false, index, reason: "skuTaken" };
    throw error;
  }
  const written = changes.map(({ before, product }) => ({ before, after: stateOf(product), product }));
  const repriced = written.filter(({ before, after }) => priceChanged(before, after));
  await recordPrices(
    tx,
    repriced.map(({ product }) => product),
    { userId, ...via },
  );
  await recordConfirmed(tx, guard, via, (index) => changes[index].product.id);
  // A label printing another name or code is out of date (prices are the price log's to queue).
  await queueLabels(
    tx,
    changes.flatMap(({ product }, index) => {
      const now = labelText(product);
      return LABEL_TEXT.filter((fact) => (now[fact] ?? "") !== (printed[index][fact] ?? "")).map(
        (reason) => ({
          productId: product.id,
          reason,
        }),
      );
    }),
  );
  await raiseProductAlerts(
    tx,
    written.map(({ before, after }) => ({ before, after })),
  );
  return { ok: true };
}

/** Why these changes cannot be written (a SKU another product has, an unknown category): the first. */
async function changeRefusals(tx: EntityManager, changes: ProductChangeInput[]) {
  const skus = [...new Set(changes.map(({ input }) => input.sku.toLowerCase()))];
  const owners = new Map<string, number[]>();
  for (const row of await tx
    .createQueryBuilder(Product, "p")
    .select(["id", raw("lower(p.sku) as sku")])
    .where({ [raw("lower(p.sku)")]: { $in: skus } })
    .execute<{ id: number; sku: string }[]>()) {
    owners.set(row.sku, [...(owners.get(row.sku) ?? []), row.id]);
  }
  const categoryIds = [
    ...new Set(changes.map(({ input }) => input.categoryId).filter((id): id is number => !!id)),
  ];
  const categories = new Set(
    categoryIds.length
      ? (
          await tx
            .createQueryBuilder(Category, "c")
            .select("id")
            .where({ id: { $in: categoryIds } })
            .execute<{ id: number }[]>()
        ).map((row) => row.id)
      : [],
  );
  const claimed = new Map<string, number>();
  for (const [index, { id, input }] of changes.entries()) {
    const sku = input.sku.toLowerCase();
    const other = (owners.get(sku) ?? []).some((owner) => owner !== id);
    if (other || (claimed.has(sku) && claimed.get(sku) !== id)) return { index, reason: "skuTaken" as const };
    claimed.set(sku, id);
    if (input.categoryId && !categories.has(input.categoryId))
      return { index, reason: "unknownCategory" as const };
  }
  return null;
}

export async function createProduct(
  input: ProductInput,
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<ProductWriteResult> {
  return em().transactional(async (tx) => {
    const created = await createProducts(tx, [input], userId, via, confirmation);
    if (!created.ok) {
      if (isBelowCostRefusal(created))
        return { ok: false, reason: created.reason, findings: created.findings };
      return { ok: false, reason: created.reason };
    }
    return { ok: true, product: (await getProduct(created.ids[0], tx)) as ProductRow };
  });
}

/**
 * Imports products all or nothing, in one transaction and one batched write: the first refused
 * row's number and reason come back and nothing is written (a price below cost: unless
 * `confirmation` lets it through).
 */
export async function importProducts(
  inputs: ProductInput[],
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<{ ok: true; count: number } | { ok: false; row: number; reason: string }> {
  return em().transactional(async (tx) => {
    const created = await createProducts(tx, inputs, userId, via, confirmation);
    return created.ok
      ? { ok: true as const, count: created.ids.length }
      : { ok: false as const, row: created.index + 1, reason: created.reason };
  });
}

/** Updates a product; with `version`, only if nobody changed it since (optimistic locking). */
export async function updateProduct(
  id: number,
  input: ProductInput,
  userId: number | null,
  via: PriceVia = FORM,
  confirmation: BelowCostConfirmation | null = null,
): Promise<ProductWriteResult> {
  return em().transactional((tx) => changeProduct(tx, id, input, userId, via, confirmation));
}

export type ProductDeleteRefusal = "notFound" | "inUse" | "hasMovements";
export type ProductDeleteResult = { ok: true } | { ok: false; reason: ProductDeleteRefusal };

/**
 * Deletes a product in a transaction of its own, unless an order, a quote or a purchase order uses
 * it or its stock has moved since it was created (set it to eol instead): see `deleteProducts`.
 */
export async function deleteProduct(id: number): Promise<ProductDeleteResult> {
  return em().transactional(async (tx) => {
    const deleted = await deleteProducts(tx, [id]);
    return deleted.ok ? { ok: true } : { ok: false, reason: deleted.reason };
  });
}

/**
 * Deletes products in the caller's transaction unless an order, a quote or a purchase order uses
 * one or its stock has moved since it was created (set it to eol instead): the ledger is kept.
 * Their opening movements go with them, and their price history and alerts (the database's
 * cascade); the kept totals follow by their triggers. Through the unit of work, so the audit trail
 * records each. Refused as a whole, with the first refused product's index. Each id is a parameter
 * of its statements: a caller deleting many passes a few thousand at a time.
 */
export async function deleteProducts(
  tx: EntityManager,
  ids: number[],
): Promise<{ ok: true } | { ok: false; index: number; reason: ProductDeleteRefusal }> {
  if (ids.length === 0) return { ok: true };
  const locked = await lockEachForChange(
    tx,
    Product,
    ids.map((id) => ({ id })),
  );
  if (!locked.ok) return { ok: false, index: locked.index, reason: "notFound" };
  const found = [...locked.byId.keys()];
  // One statement over the documents' lines (purchase orders' and supplier claims' too) and the
  // serial-tracked units (a unit keeps its history: counted in as opening stock, it has no document).
  const used = await tx.execute<{ product_id: number }[]>(
    `select product_id from sales_order_item where product_id in (?)
     union select product_id from quote_item where product_id in (?)
     union select product_id from purchase_order_line where product_id in (?)
     union select product_id from supplier_claim_line where product_id in (?)
     union select product_id from serial_unit where product_id in (?)`,
    [found, found, found, found, found],
  );
  // The rows are locked: no movement can be added while this runs.
  const moved = await tx
    .createQueryBuilder(StockMovement, "m")
    .select("m.product")
    .distinct()
    .where({ product: { $in: found }, reason: { $ne: "opening" } })
    .execute<{ product: number }[]>();
  const inUse = new Set(used.map((row) => row.product_id));
  const hasMovements = new Set(moved.map((row) => row.product));
  for (const [index, id] of ids.entries()) {
    if (inUse.has(id)) return { ok: false, index, reason: "inUse" };
    if (hasMovements.has(id)) return { ok: false, index, reason: "hasMovements" };
  }
  await tx.nativeDelete(StockMovement, { product: { $in: found } });
  for (const product of locked.byId.values()) tx.remove(product);
  await tx.flush();
  return { ok: true };
}
