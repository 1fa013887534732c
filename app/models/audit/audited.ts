import type { AuditedType, AuditedEntity as Declared } from "~/models/aggregate";
import { AUDITED as DECLARED } from "~/models/registry";

/**
 * What the audit trail records: the entities whose changes staff must be able to trace, each with
 * its type (as shown and filtered on /audit), how a record is named, and the fields left out.
 * Each aggregate declares its own in its folder (`aggregate.ts`, `audited`); these are the
 * registry's, in their places.
 */
export type { AuditedType };
export type AuditedEntity = Declared<AuditedType>;

/** By the ORM's entity name. */
export const AUDITED: Record<string, AuditedEntity> = DECLARED;

export const AUDITED_TYPES: readonly AuditedType[] = Object.values(AUDITED)
  .sort((a, b) => a.place - b.place)
  .map((entity) => entity.type);

/** Where each type's record is seen while it exists (`:id` its id), for those that have a page. */
export const AUDITED_PAGES: Partial<Record<AuditedType, string>> = Object.fromEntries(
  Object.values(AUDITED).flatMap((entity) => (entity.page ? [[entity.type, entity.page]] : [])),
);

/** Bookkeeping every entity has: never a line of its own. */
export const ALWAYS_IGNORED = ["id", "version", "createdAt", "updatedAt", "createdBy"];
