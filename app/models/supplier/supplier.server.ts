import {
  ForeignKeyConstraintViolationException,
  type InferEntity,
  raw,
  sql,
  UniqueConstraintViolationException,
} from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { containsPattern } from "~/infra/sql.server";
import type { supplierAnswer } from "~/models/api-doc/response-schemas";
import { lockForChange } from "~/models/locked.server";
import { Supplier, supplierSearchText } from "./supplier.entity";
import type { SupplierInput } from "./supplier-schema";

/**
 * A supplier as the pages read it and /api answers it. Its type is the schema that documents the answer
 * (response-schemas.ts).
 */
export type SupplierRow = z.output<typeof supplierAnswer>;

export type SupplierOption = { id: number; name: string };

const FIELDS = [
  "id",
  "name",
  "contactName",
  "email",
  "phone",
  "leadTimeDays",
  "notes",
  "createdAt",
  "updatedAt",
  "version",
] as const;

type SupplierEntity = InferEntity<typeof Supplier>;
type SupplierData = Pick<SupplierEntity, (typeof FIELDS)[number]> & { productCount: number };

function toSupplier(s: SupplierData): SupplierRow {
  return {
    id: s.id,
    name: s.name,
    contactName: s.contactName ?? null,
    email: s.email ?? null,
    phone: s.phone ?? null,
    leadTimeDays: s.leadTimeDays,
    notes: s.notes ?? null,
    productCount: Number(s.productCount),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    version: s.version,
  };
}

/** The supplier's columns and its product count (the product's supplier index), through `db`. */
function supplierQuery(db: EntityManager) {
  return db
    .createQueryBuilder(Supplier, "s")
    .select([
      ...FIELDS,
      raw(`(select count(*)::int from product p where p.supplier_id = s.id) as "productCount"`),
    ]);
}

function searched<Q extends { andWhere: (cond: string, params: unknown[]) => unknown }>(
  qb: Q,
  search?: string | null,
): Q {
  const term = search?.trim();
  if (term) qb.andWhere(`${supplierSearchText("s")} ilike ?`, [containsPattern(term)]);
  return qb;
}

export type SupplierFilters = { search?: string | null; limit: number; offset: number };

/**
 * The suppliers list's two queries, as the page and the API run them: by name (the unique index on
 * lower(name)), optionally searched by name, contact or e-mail (a trigram index), a page at a time.
 */
export function supplierListQueries(filters: SupplierFilters, db: EntityManager = em()) {
  return {
    rows: searched(supplierQuery(db), filters.search)
      .orderBy([{ [raw("lower(s.name)")]: "asc" }, { id: "asc" }])
      .limit(filters.limit)
      .offset(filters.offset),
    count: searched(
      db.createQueryBuilder(Supplier, "s").select(sql`count(*)::int`.as("total")),
      filters.search,
    ),
  };
}

/** A page of suppliers by name and how many match. */
export async function listSuppliers(
  filters: SupplierFilters,
  db: EntityManager = em(),
): Promise<{ suppliers: SupplierRow[]; total: number }> {
  const queries = supplierListQueries(filters, db);
  const [rows, [count]] = await Promise.all([
    queries.rows.execute<SupplierData[]>(),
    queries.count.execute<{ total: number }[]>(),
  ]);
  return { suppliers: rows.map(toSupplier), total: count?.total ?? 0 };
}

export async function getSupplier(id: number, db: EntityManager = em()): Promise<SupplierRow | null> {
  const row = await supplierQuery(db).where({ id }).execute<SupplierData | null>("get");
  return row ? toSupplier(row) : null;
}

/** Suppliers' ids and names by name, at most `limit`: the product form's list of names. */
export async function supplierOptions(limit = 1000, db: EntityManager = em()): Promise<SupplierOption[]> {
  return db
    .createQueryBuilder(Supplier, "s")
    .select(["id", "name"])
    .orderBy([{ [raw("lower(s.name)")]: "asc" }])
    .limit(limit)
    .execute<SupplierOption[]>();
}

/** Whether another supplier (not `exceptId`) has this name, in any letter case. */
export async function supplierNameInUse(name: string, exceptId = 0, db: EntityManager = em()) {
  const where = { [raw("lower(name)")]: raw("lower(?)", [name.trim()]), id: { $ne: exceptId } };
  return (await db.count(Supplier, where)) > 0;
}

export type SupplierRefusal = "notFound" | "nameTaken" | "stale" | "inUse";
export type SupplierResult = { ok: true; supplier: SupplierRow } | { ok: false; reason: SupplierRefusal };
export type SupplierWrite = { ok: true; id: number } | { ok: false; reason: SupplierRefusal };

function storedFields(input: SupplierInput) {
  return {
    name: input.name,
    contactName: input.contactName,
    email: input.email,
    phone: input.phone,
    leadTimeDays: input.leadTimeDays,
    notes: input.notes,
  };
}

/**
 * The supplier aggregate's write path, as the other aggregates' (docs/data-layer.md): a unit of
 * work in the caller's transaction. Creates a supplier, refused when its name is another's in any
 * letter case. A name taken by a concurrent request fails the flush (the unique index): the caller
 * of a transaction of its own turns that into `nameTaken` (createSupplier).
 */
export async function insertSupplier(tx: EntityManager, input: SupplierInput): Promise<SupplierWrite> {
  if (await supplierNameInUse(input.name, 0, tx)) return { ok: false, reason: "nameTaken" };
  const supplier = tx.create(Supplier, storedFields(input));
  await tx.flush();
  return { ok: true, id: supplier.id };
}

/**
 * Changes a supplier in the caller's transaction: locked, refused as stale when the input names a
 * version the supplier no longer has, or when its new name is another supplier's.
 */
export async function changeSupplier(
  tx: EntityManager,
  id: number,
  input: SupplierInput,
): Promise<SupplierWrite> {
  const locked = await lockForChange(tx, Supplier, id, input.version);
  if (!locked.ok) return locked;
  if (await supplierNameInUse(input.name, id, tx)) return { ok: false, reason: "nameTaken" };
  tx.assign(locked.entity, storedFields(input));
  await tx.flush();
  return { ok: true, id };
}

/** A refused write whose flush a concurrent request beat: the name it took. */
function nameTakenMeanwhile(error: unknown): SupplierResult {
  if (error instanceof UniqueConstraintViolationException) return { ok: false, reason: "nameTaken" };
  throw error;
}

/** Creates a supplier in a transaction of its own (the form, the API). */
export async function createSupplier(input: SupplierInput): Promise<SupplierResult> {
  return em()
    .transactional(async (tx): Promise<SupplierResult> => {
      const created = await insertSupplier(tx, input);
      if (!created.ok) return created;
      return { ok: true, supplier: (await getSupplier(created.id, tx)) as SupplierRow };
    })
    .catch(nameTakenMeanwhile);
}

/** Changes a supplier in a transaction of its own (the form, the API). */
export async function updateSupplier(id: number, input: SupplierInput): Promise<SupplierResult> {
  return em()
    .transactional(async (tx): Promise<SupplierResult> => {
      const changed = await changeSupplier(tx, id, input);
      if (!changed.ok) return changed;
      return { ok: true, supplier: (await getSupplier(id, tx)) as SupplierRow };
    })
    .catch(nameTakenMeanwhile);
}

export type SupplierDeleteResult =
  | { ok: true }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "inUse"; productCount: number };

/**
 * Deletes a supplier that no product and no purchase order names. The row is locked first and the
 * products counted after, so a product written meanwhile by a transaction we waited for is
 * counted. Anything else that points to the supplier (a purchase order) keeps it by its foreign
 * key: the delete is then refused the same way.
 */
export async function deleteSupplier(id: number): Promise<SupplierDeleteResult> {
  try {
    return await em().transactional(async (tx): Promise<SupplierDeleteResult> => {
      const locked = await lockForChange(tx, Supplier, id);
      if (!locked.ok) return { ok: false, reason: "notFound" };
      const [{ products }] = await tx.execute<{ products: number }[]>(
        "select count(*)::int as products from product where supplier_id = ?",
        [id],
      );
      if (products > 0) return { ok: false, reason: "inUse", productCount: products };
      await tx.remove(locked.entity).flush();
      return { ok: true };
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException)
      return { ok: false, reason: "inUse", productCount: 0 };
    throw error;
  }
}

/**
 * The suppliers of these names (trimmed, any letter case), created when missing, in the caller's
 * transaction: what a product write that names its supplier (the form, the API, the import, the
 * seed) points the product to. Safe under concurrent creation of one name: missing names are
 * inserted in name order with `on conflict do nothing` (a second writer waits for the first and
 * then finds its row), and the rows are read `for key share`, so a concurrent delete waits for
 * this transaction (and then sees the products it wrote) instead of removing a supplier under it.
 * A new supplier is spelt as the first of its names given. Returns ids by lower-case name.
 */
export async function supplierIdsByName(tx: EntityManager, names: string[]): Promise<Map<string, number>> {
  const spelling = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLowerCase();
    if (trimmed && !spelling.has(key)) spelling.set(key, trimmed);
  }
  const ids = new Map<string, number>();
  const find = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += 5000) {
      const rows = await tx.execute<{ id: number; key: string }[]>(
        "select id, lower(name) as key from supplier where lower(name) in (?) for key share",
        [keys.slice(i, i + 5000)],
      );
      for (const row of rows) ids.set(row.key, row.id);
    }
  };
  await find([...spelling.keys()]);
  // A supplier deleted between the insert and the read is inserted again: at most a few rounds.
  for (let round = 0; round < 3; round++) {
    const missing = [...spelling.keys()].filter((key) => !ids.has(key)).sort();
    if (missing.length === 0) return ids;
    for (let i = 0; i < missing.length; i += 5000) {
      await tx.execute(
        `insert into supplier (name) select name from unnest(array[?]::text[]) as name order by lower(name)
         on conflict ((lower(name))) do nothing`,
        [missing.slice(i, i + 5000).map((key) => spelling.get(key) as string)],
      );
    }
    await find(missing);
  }
  const missing = [...spelling.keys()].filter((key) => !ids.has(key));
  if (missing.length) throw new Error(`Suppliers could not be created: ${missing.join(", ")}`);
  return ids;
}

/**
 * The suppliers of these ids that exist, with their names in lower case, read `for key share` (a
 * concurrent delete waits for the caller's transaction).
 */
export async function supplierNamesById(tx: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.execute<{ id: number; key: string }[]>(
    "select id, lower(name) as key from supplier where id in (?) order by id for key share",
    [unique],
  );
  return new Map(rows.map((row) => [row.id, row.key]));
}
