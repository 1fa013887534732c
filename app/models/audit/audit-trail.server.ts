import type { ChangeSet } from "@mikro-orm/core";
import {
  ChangeSetType,
  type EntityManager,
  type EventSubscriber,
  type FlushEventArgs,
  RequestContext,
  type Transaction,
  type TransactionEventArgs,
  type UnitOfWork,
} from "@mikro-orm/core";
import type { EntityManager as SqlEntityManager } from "@mikro-orm/postgresql";
import { insertAsJson } from "~/infra/bulk-insert.server";
import { type AuditAction, type AuditChange, AuditLog } from "./audit.entity";
import { ALWAYS_IGNORED, AUDITED, type AuditedEntity } from "./audited";

/**
 * The audit trail's write path. Every record of an audited entity (audited.ts) that a flush of the
 * ORM creates, changes or deletes gets a row in audit_log, inserted in the transaction that writes
 * the change: rolled back with it, never without it. Only changes made while serving a request are
 * recorded (the acting user is the signed-in one, or none); start-up seeding and scripts are not.
 */

type Actor = { id: number; name: string };
type RequestFacts = { actor: Actor | null; requestId: string | null };
const requestFacts = new WeakMap<object, RequestFacts>();

/** Called once per HTTP request, inside its request context (db.server.ts). */
export function beginRequest(requestId: string | null) {
  const context = RequestContext.currentRequestContext();
  if (context) requestFacts.set(context, { actor: null, requestId });
}

/** The guards name the user who acts in this request (auth.server.ts). */
export function actingUser(user: {
  id: number;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  apiToken?: { name: string };
}) {
  const facts = currentFacts();
  if (!facts) return;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const person = name ? `${name} <${user.email}>` : user.email;
  facts.actor = {
    id: user.id,
    name: user.apiToken ? `API token "${user.apiToken.name}" of ${person}` : person,
  };
}

/** This request's facts, or null outside a request (then nothing is recorded). */
function currentFacts(): RequestFacts | null {
  const context = RequestContext.currentRequestContext();
  if (!context) return null;
  let facts = requestFacts.get(context);
  if (!facts) {
    facts = { actor: null, requestId: null };
    requestFacts.set(context, facts);
  }
  return facts;
}

/**
 * Who acts in this request, for a write the ORM does not flush (a statement where SQL is the point,
 * such as a shipment's units) that records its own audit rows: null outside a request (seeding,
 * jobs, scripts), which the trail does not record.
 */
export function auditActor(): { userId: number | null; userName: string; requestId: string | null } | null {
  const facts = currentFacts();
  if (!facts) return null;
  return { userId: facts.actor?.id ?? null, userName: facts.actor?.name ?? "", requestId: facts.requestId };
}

const ACTIONS: Partial<Record<ChangeSetType, AuditAction>> = {
  [ChangeSetType.CREATE]: "create",
  [ChangeSetType.UPDATE]: "update",
  [ChangeSetType.DELETE]: "delete",
};

type Pending = {
  changeSet: ChangeSet<object>;
  audited: AuditedEntity;
  action: AuditAction;
  changes: Record<string, AuditChange>;
};

/** A value as the trail keeps it: a related record by its id, a time as ISO text. */
function plain(value: unknown): unknown {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return String(value);
  if (typeof value === "object") {
    if ("getValue" in value && typeof value.getValue === "function") return plain(value.getValue());
    if ("id" in value && !Array.isArray(value)) return (value as { id: unknown }).id;
  }
  return value;
}

function same(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields a change set writes, with their values before (for a change) and after. */
function changesOf(changeSet: ChangeSet<object>, audited: AuditedEntity, action: AuditAction) {
  const skipped = new Set([...ALWAYS_IGNORED, ...(audited.ignore ?? [])]);
  const secret = new Set(audited.secret ?? []);
  const original = (changeSet.originalEntity ?? {}) as Record<string, unknown>;
  // A deletion's change set carries no values: the record as it was loaded is what is deleted.
  const source = (action === "delete" ? { ...changeSet.entity } : changeSet.payload) as Record<
    string,
    unknown
  >;
  const changes: Record<string, AuditChange> = {};
  for (const [field, value] of Object.entries(source)) {
    if (skipped.has(field)) continue;
    const to = plain(value);
    const from = action === "update" ? plain(original[field]) : null;
    if (action === "update" ? same(from, to) : to === null || to === "") continue;
    if (secret.has(field)) changes[field] = {};
    else if (action === "update") changes[field] = { from, to };
    else if (action === "create") changes[field] = { to };
    else changes[field] = { from: to };
  }
  return changes;
}

/**
 * The ORM's flush events: onFlush notes what the flush will write; the rows go in once the records
 * have their ids, inside the flush's transaction (one of its own, or the caller's transactional()).
 */
export class AuditTrail implements EventSubscriber {
  private readonly pending = new WeakMap<UnitOfWork, Pending[]>();

  onFlush({ uow }: FlushEventArgs) {
    this.pending.delete(uow);
    if (!currentFacts()) return;
    const found: Pending[] = [];
    for (const changeSet of uow.getChangeSets()) {
      const audited = AUDITED[changeSet.name];
      const action = ACTIONS[changeSet.type];
      if (!audited || !action) continue;
      const changes = changesOf(changeSet, audited, action);
      // A change, or a record created, with nothing worth a line (all its fields ignored).
      if (action !== "delete" && Object.keys(changes).length === 0) continue;
      found.push({ changeSet, audited, action, changes });
    }
    // Each flush's own: what a failed flush left behind is not written by the next one.
    this.pending.set(uow, found);
  }

  /** A flush that opened its own transaction: write before it commits. */
  async beforeTransactionCommit({ uow, em: manager, transaction }: TransactionEventArgs) {
    if (uow) await this.write(uow, manager, transaction);
  }

  /** A flush inside the caller's transaction: write in that transaction. */
  async afterFlush({ uow, em: manager }: FlushEventArgs) {
    await this.write(uow, manager, manager.getTransactionContext());
  }

  private async write(uow: UnitOfWork, manager: EntityManager, ctx: Transaction | undefined) {
    const entries = this.pending.get(uow);
    if (!entries?.length) return;
    this.pending.delete(uow);
    const facts = currentFacts();
    // One bound JSON parameter (insertAsJson): a flush of 1,000 products (an import's batch) is
    // 1,000 entries with their changes, which the ORM would write into the statement's text.
    await insertAsJson(
      manager as SqlEntityManager,
      AuditLog,
      entries.map(({ changeSet, audited, action, changes }) => {
        const entity = changeSet.entity as Record<string, unknown>;
        return {
          user: facts?.actor?.id ?? null,
          userName: facts?.actor?.name ?? "",
          entityType: audited.type,
          entityId: Number(changeSet.getPrimaryKey() ?? entity.id),
          entityLabel: audited.label(entity).slice(0, 255),
          action,
          changes,
          requestId: facts?.requestId ?? null,
          createdAt: new Date(),
        };
      }),
      ctx,
    );
  }
}
