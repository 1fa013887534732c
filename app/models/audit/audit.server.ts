import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { em } from "~/infra/db.server";
import { type AuditAction, type AuditChange, AuditLog } from "./audit.entity";
import type { AuditedType } from "./audited";

export type AuditFilters = {
  userId?: number | null;
  entityType?: AuditedType | null;
  entityId?: number | null;
  from?: string | null;
  to?: string | null;
};

export type AuditRow = {
  id: number;
  createdAt: string;
  userId: number | null;
  userName: string;
  entityType: AuditedType;
  entityId: number;
  entityLabel: string;
  action: AuditAction;
  changes: Record<string, AuditChange>;
  requestId: string | null;
};

/**
 * The trail, newest first, a page at a time. `from` and `to` are shop days (YYYY-MM-DD), both
 * included, in the shop's time zone.
 */
export async function listAudit(
  filters: AuditFilters,
  page: { limit: number; offset: number },
  db: EntityManager = em(),
): Promise<{ rows: AuditRow[]; total: number }> {
  const query = db.createQueryBuilder(AuditLog, "a");
  if (filters.userId) query.andWhere({ user: filters.userId });
  if (filters.entityType) query.andWhere({ entityType: filters.entityType });
  if (filters.entityId) query.andWhere({ entityId: filters.entityId });
  if (filters.from)
    query.andWhere("a.created_at >= (?::date)::timestamp at time zone ?", [filters.from, SHOP_TIME_ZONE]);
  if (filters.to)
    query.andWhere("a.created_at < (?::date + 1)::timestamp at time zone ?", [filters.to, SHOP_TIME_ZONE]);
  const total = await query.clone().getCount();
  const rows = await query
    .select("*")
    .orderBy({ createdAt: "desc", id: "desc" })
    .limit(page.limit)
    .offset(page.offset)
    .execute<Record<string, unknown>[]>("all", false);
  return {
    total,
    rows: rows.map((row) => ({
      id: Number(row.id),
      createdAt: new Date(row.created_at as string).toISOString(),
      userId: (row.user_id as number | null) ?? null,
      userName: row.user_name as string,
      entityType: row.entity_type as AuditedType,
      entityId: row.entity_id as number,
      entityLabel: row.entity_label as string,
      action: row.action as AuditAction,
      changes: (row.changes ?? {}) as Record<string, AuditChange>,
      requestId: (row.request_id as string | null) ?? null,
    })),
  };
}
