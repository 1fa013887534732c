import type { Role } from "~/models/user/roles";

/**
 * What an aggregate tells the rest of the app about itself, declared once in its folder
 * (`app/models/<aggregate>/aggregate.ts`) and collected by `registry.ts` (no hand-kept list).
 * Pure data: the browser reads the parts it needs (permissions, sidebar, lists), so nothing here
 * may import the ORM or a server module; entities, jobs, API operations and the list queries to
 * EXPLAIN are in the folder's `aggregate.server.ts` (`AggregateServer`, `registry.server.ts`).
 *
 * Beside `aggregate`, a folder may export `audited` (`defineAudited`) and, for the tests, `checks`.
 * Each declaration also names itself in `Aggregates` (a module augmentation), so that the types
 * read from the registry stay precise: `Permission` is the union of every declared permission.
 */
export type AggregateDeclaration = {
  /** Who may do what (the role rules `can()` and the guards read): a permission and its roles. */
  permissions?: Readonly<Record<string, readonly Role[]>>;
  /** Its screens in the sidebar: `place` orders the entries (10, 20, ...); a `permission` hides it from other roles. */
  sidebar?: readonly SidebarEntry[];
  /** Where each kind of record it owns is listed: the way back from a missing one (ScreenError). */
  lists?: Readonly<Record<string, string>>;
};

export type SidebarEntry<P extends string = string> = {
  to: string;
  /** A key of the common namespace (texts every page shows). */
  label: string;
  /** An icon's name (components/Icon): the Shell draws it; models import no components. */
  icon: string;
  place: number;
  permission?: P;
};

export type AuditedEntity<T extends string = string> = {
  /** As shown and filtered on /audit (its text is `audit:types.<type>`). */
  type: T;
  /** The record's name as people know it, read from the entity. */
  label: (entity: Record<string, unknown>) => string;
  /** Fields not worth a line: derived from others, or bookkeeping. */
  ignore?: readonly string[];
  /** Fields recorded as changed without their values. */
  secret?: readonly string[];
  /** Where a record is seen while it exists (`:id` its id), if anywhere. */
  page?: string;
  /** Its place in /audit's list of types. */
  place: number;
};

/** Checks a declaration's shape and keeps its literal types (for `Aggregates`). */
export function defineAggregate<const D extends AggregateDeclaration>(declaration: D): D {
  return declaration;
}

/**
 * The entities the audit trail records, by the ORM's entity name: the `audited` export beside
 * `aggregate` (the audit trail and /audit read it; the other pages' bundles leave it out).
 */
export function defineAudited<const A extends Readonly<Record<string, AuditedEntity>>>(audited: A): A {
  return audited;
}

/**
 * Every declaration by its folder's name, filled in by each `aggregate.ts`:
 * `declare module "~/models/aggregate" { interface Aggregates { supplier: typeof aggregate } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the aggregates' declarations
export interface Aggregates {}

type Declared = Aggregates[keyof Aggregates];
type KeysOf<F> = F extends Readonly<Record<infer Key, unknown>> ? Key & string : never;

/** Every permission an aggregate declares. */
export type Permission = Declared extends infer D
  ? D extends { permissions: infer Table }
    ? KeysOf<Table>
    : never
  : never;
/** Every kind of record with a list to go back to. */
export type RecordKind = Declared extends infer D
  ? D extends { lists: infer Lists }
    ? KeysOf<Lists>
    : never
  : never;
/** Every type the audit trail records. */
export type AuditedType = Declared extends infer D
  ? D extends { audited: infer Audited }
    ? Audited[keyof Audited] extends infer E
      ? E extends { type: infer T extends string }
        ? T
        : never
      : never
    : never
  : never;

/** A field as text for an audited record's label (nothing for a missing one). */
export const text = (value: unknown) => (value == null ? "" : String(value));
/** A reference's id (an entity, or an id already), as text. */
export const idOf = (value: unknown) =>
  value && typeof value === "object" && "id" in value ? text((value as { id: unknown }).id) : text(value);

/**
 * What the cross-cutting tests need of an aggregate (the `checks` export beside `aggregate`, read
 * by tests/e2e/registry.ts; the app's registry leaves it out of the bundle): its routes with who
 * may call them, how to make a record for their `:id`, and the tables the fuzzer compares.
 */
export type AggregateChecks = {
  /**
   * Every page, page action and /api route of the aggregate, as the authorization matrix walks it:
   * its method, the build's route pattern, who gets past the guard, and the answer they get to an
   * empty request (a status, or "→/path" for a redirect). Others are sent to sign in or to the
   * dashboard (pages), or answered 401 and 403 (/api).
   */
  routes?: readonly CheckedRoute[];
  /**
   * A record the tests make through the API for the `:id` after `segment` (e.g. "suppliers"), and
   * after `pageSegment` too when its pages name it otherwise (/notifications/rules/:id). `{unique}`
   * in the body is made unique for each run.
   */
  record?: {
    segment: string;
    pageSegment?: string;
    create: `/api/${string}`;
    body: Record<string, unknown>;
  };
  /** Tables whose rows a refused fuzzed call must leave as they were (rows the fuzzer marked). */
  fingerprint?: readonly string[];
};

export type CheckedRoute = readonly [
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: "everyone" | "staff" | "managers" | "admins",
  answer: number | `→/${string}`,
  options?: { target?: "missing" },
];

/** Checks the tests' facts' shape. */
export function defineChecks<const C extends AggregateChecks>(checks: C): C {
  return checks;
}
