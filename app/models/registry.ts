import type { AggregateDeclaration, Permission, RecordKind, SidebarEntry } from "~/models/aggregate";
import type { Role } from "~/models/user/roles";

/**
 * Every aggregate's declaration (`app/models/<aggregate>/aggregate.ts`), found by the build: a new
 * folder with its declaration is in the registry without an edit here. Vite (the app's build, its
 * dev server, Vitest, `vite-node` for the scripts) turns the glob into imports; the e2e tests read
 * the same files through Node (tests/e2e/registry.ts). Only the `aggregate` export is imported, so
 * the browser's bundle holds these declarations and nothing else of their modules (the audited
 * entities are gathered by audit/audited.ts for the server, the tests' checks by the tests).
 */
const declarations: AggregateDeclaration[] = Object.values(
  import.meta.glob<AggregateDeclaration>("./*/aggregate.ts", { eager: true, import: "aggregate" }),
);

export const AGGREGATES: readonly AggregateDeclaration[] = declarations;

/** Who may do what: every aggregate's permissions in one table (`can()` reads it). */
export const PERMISSIONS = Object.fromEntries(
  declarations.flatMap((aggregate) => Object.entries(aggregate.permissions ?? {})),
) as Record<Permission, readonly Role[]>;

/** The sidebar's entries, in their places. */
export const SIDEBAR = declarations
  .flatMap((aggregate) => aggregate.sidebar ?? [])
  .sort((a, b) => a.place - b.place) as SidebarEntry<Permission>[];

/** Where each kind of record is listed: the way back from a missing one. */
export const LISTS = Object.fromEntries(
  declarations.flatMap((aggregate) => Object.entries(aggregate.lists ?? {})),
) as Record<RecordKind, string>;
