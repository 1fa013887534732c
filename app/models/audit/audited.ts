import type { AuditedType, AuditedEntity as Declared } from "~/models/aggregate";

/**
 * What the audit trail records: the entities whose changes staff must be able to trace, each with
 * its type (as shown and filtered on /audit), how a record is named, and the fields left out.
 * Each aggregate declares its own in its folder (`aggregate.ts`, its `audited` export).
 */
export type { AuditedType };
export type AuditedEntity = Declared<AuditedType>;

/** By the ORM's entity name: every aggregate's `audited` (its `aggregate.ts`), found by the build. */
export const AUDITED: Record<string, AuditedEntity> = Object.assign(
  {},
  // The whole modules (an aggregate without audited entities exports no `audited`): only the
  // server and /audit import this.
  ...Object.values(
    import.meta.glob<{ audited?: Record<string, AuditedEntity> }>("../*/aggregate.ts", { eager: true }),
  ).map((declared) => declared.audited ?? {}),
);

export const AUDITED_TYPES: readonly AuditedType[] = Object.values(AUDITED)
  .sort((a, b) => a.place - b.place)
  .map((entity) => entity.type);

/** Where each type's record is seen while it exists (`:id` its id), for those that have a page. */
export const AUDITED_PAGES: Partial<Record<AuditedType, string>> = Object.fromEntries(
  Object.values(AUDITED).flatMap((entity) => (entity.page ? [[entity.type, entity.page]] : [])),
);

/** Bookkeeping every entity has: never a line of its own. */
export const ALWAYS_IGNORED = ["id", "version", "createdAt", "updatedAt", "createdBy"];
