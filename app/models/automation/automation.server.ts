import type { InferEntity } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import type { AlertInput, ProductChange, ProductState } from "~/models/alert/alert-input";
import type { ruleAnswer } from "~/models/api-doc/response-schemas";
import { lockForChange } from "~/models/locked.server";
import { toCents } from "~/models/money";
import { User } from "~/models/user/user.entity";
import { AutomationRule } from "./automation.entity";
import type { RuleConditions, RuleInput } from "./rule-schema";
import type { RuleType } from "./rule-types";

type RuleEntity = InferEntity<typeof AutomationRule>;

/**
 * An automation rule as the pages read it and /api answers it. Its type is the schema that documents the
 * answer (response-schemas.ts).
 */
export type RuleRow = z.output<typeof ruleAnswer>;

type RuleData = Pick<
  RuleEntity,
  | "id"
  | "name"
  | "type"
  | "isActive"
  | "conditions"
  | "actions"
  | "lastRun"
  | "createdAt"
  | "updatedAt"
  | "version"
> & { createdBy: { id: number; firstName: string | null; lastName: string | null; email: string } | null };

function toRule(row: RuleData): RuleRow {
  const by = row.createdBy;
  return {
    id: row.id,
    name: row.name,
    type: row.type as RuleType,
    isActive: row.isActive,
    conditions: row.conditions,
    actions: row.actions,
    lastRun: row.lastRun ? new Date(row.lastRun).toISOString() : null,
    createdBy: by
      ? { id: by.id, name: [by.firstName, by.lastName].filter(Boolean).join(" ") || by.email }
      : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}

function ruleQuery(db: EntityManager) {
  return db
    .createQueryBuilder(AutomationRule, "r")
    .select([
      "id",
      "name",
      "type",
      "isActive",
      "conditions",
      "actions",
      "lastRun",
      "createdAt",
      "updatedAt",
      "version",
    ])
    .leftJoinAndSelect("r.createdBy", "u", {}, ["firstName", "lastName", "email"]);
}

/** Every rule, newest first (a shop has tens, not thousands). */
export async function listRules(db: EntityManager = em()): Promise<RuleRow[]> {
  const rows = await ruleQuery(db)
    .orderBy([{ createdAt: "desc" }, { id: "desc" }])
    .execute<RuleData[]>();
  return rows.map(toRule);
}

export async function getRule(id: number, db: EntityManager = em()): Promise<RuleRow | null> {
  const row = await ruleQuery(db).where({ id }).execute<RuleData | null>("get");
  return row ? toRule(row) : null;
}

export type RuleWriteResult = { ok: true; rule: RuleRow } | { ok: false; reason: "notFound" | "stale" };

/** The rule's write path: a unit of work of the ORM, its version checked when the input names one. */
export async function createRule(input: RuleInput, userId: number | null): Promise<RuleRow> {
  return em().transactional(async (tx) => {
    const rule = tx.create(AutomationRule, {
      name: input.name,
      type: input.type,
      isActive: input.isActive,
      conditions: input.conditions,
      actions: input.actions,
      createdBy: userId ? tx.getReference(User, userId) : null,
    });
    await tx.flush();
    return (await getRule(rule.id, tx)) as RuleRow;
  });
}

export async function changeRule(
  id: number,
  change: Partial<Pick<RuleInput, "name" | "type" | "isActive" | "conditions" | "actions">> & {
    version?: number;
  },
): Promise<RuleWriteResult> {
  return em().transactional(async (tx) => {
    const locked = await lockForChange(tx, AutomationRule, id, change.version);
    if (!locked.ok) return locked;
    const { version: _version, ...fields } = change;
    tx.assign(locked.entity, fields);
    await tx.flush();
    return { ok: true, rule: (await getRule(id, tx)) as RuleRow };
  });
}

/** Deletes a rule; its alerts stay, no longer naming it. False when there was none. */
export async function deleteRule(id: number): Promise<boolean> {
  return em().transactional(async (tx) => {
    // Locked: no alert of the rule can be raised (its foreign key waits on the row) meanwhile.
    const locked = await lockForChange(tx, AutomationRule, id);
    if (!locked.ok) return false;
    // The rule's alerts stay in the history without their rule (set null), but an unread one
    // beside the shop's unread alert of its type and product would then be a second of those,
    // which the one-unread-alert index refuses: that one goes first.
    await tx.execute(
      `delete from alert a where a.rule_id = ? and a.is_read = false and exists (
         select 1 from alert s where s.rule_id is null and s.is_read = false
           and s.type = a.type and s.product_id = a.product_id)`,
      [id],
    );
    await tx.remove(locked.entity).flush();
    return true;
  });
}

/** The three sample rules of the spec, for the demo data. */
export async function seedSampleRules(tx: EntityManager, userId: number | null) {
  const samples: Pick<RuleInput, "name" | "type" | "conditions" | "actions">[] = [
    {
      name: "Supplier price change over 5 %",
      type: "price_update",
      conditions: { purchasePriceChangeAbove: 5 },
      actions: {},
    },
    {
      name: "Reorder below 5 units",
      type: "reorder",
      conditions: { stockBelow: 5 },
      actions: { reorderQuantity: 20 },
    },
    {
      name: "Approval for orders above 5000 €",
      type: "custom",
      conditions: { orderTotalAbove: 5000 },
      actions: { requireApprovalBy: "admin" },
    },
  ];
  for (const sample of samples) {
    tx.create(AutomationRule, {
      ...sample,
      isActive: true,
      createdBy: userId ? tx.getReference(User, userId) : null,
    });
  }
  await tx.flush();
}

/** A rule as evaluated: its conditions read once, its category narrowed to a set of ids. */
type ActiveRule = {
  id: number;
  name: string;
  type: RuleType;
  conditions: Record<string, unknown>;
  actions: Record<string, unknown>;
  categories: Set<number> | null;
};

async function activeProductRules(tx: EntityManager): Promise<ActiveRule[]> {
  const rows = await tx
    .createQueryBuilder(AutomationRule, "r")
    .select(["id", "name", "type", "conditions", "actions"])
    .where({ isActive: true, type: { $in: ["reorder", "price_update", "alert"] } })
    .execute<Pick<RuleEntity, "id" | "name" | "type" | "conditions" | "actions">[]>();
  const rules: ActiveRule[] = [];
  for (const row of rows) {
    const categoryId = row.conditions.categoryId;
    rules.push({
      id: row.id,
      name: row.name,
      type: row.type as RuleType,
      conditions: row.conditions,
      actions: row.actions,
      categories: typeof categoryId === "number" ? await categoryTree(tx, categoryId) : null,
    });
  }
  return rules;
}

/** A category and its subcategories at any depth: a rule for "Audio" watches "Headphones" too. */
async function categoryTree(tx: EntityManager, categoryId: number): Promise<Set<number>> {
  const rows = await tx.execute<{ id: number }[]>(
    `with recursive tree(id) as (
       select id from category where id = ?
       union all select c.id from category c join tree on c.parent_id = tree.id)
     select id from tree`,
    [categoryId],
  );
  return new Set(rows.map((row) => row.id));
}

/** A value crossed from at-or-above `limit` to under it (a new product crosses when it starts under). */
function fellBelow(before: number | null, after: number, limit: number) {
  return after < limit && (before === null || before >= limit);
}

/** The purchase price moved by more than `percent` % of what it was (exact, in cents). */
export function purchasePriceMovedMoreThan(before: string, after: string, percent: number) {
  const from = toCents(before);
  const to = toCents(after);
  if (from === to) return false;
  if (from === 0) return true;
  return Math.abs(to - from) * 100 > percent * Math.abs(from);
}

/** What one rule says about one change: the alert it raises, or nothing. */
export function ruleAlert(
  rule: Omit<ActiveRule, "id"> & { id: number },
  { before, after }: ProductChange,
): AlertInput | null {
  if (rule.categories && (after.categoryId === null || !rule.categories.has(after.categoryId))) return null;
  const product = { name: after.name, sku: after.sku, rule: rule.name };
  const label = `${after.name} (${after.sku})`;
  const base = { productId: after.id, ruleId: rule.id };
  switch (rule.type) {
    case "reorder": {
      const { stockBelow } = rule.conditions as RuleConditions<"reorder">;
      if (!fellBelow(before?.stockLevel ?? null, after.stockLevel, stockBelow)) return null;
      const reorderQuantity = (rule.actions.reorderQuantity as number | undefined) ?? null;
      return {
        ...base,
        type: "low_stock",
        title: `Reorder: ${rule.name}`,
        message: `${label} has ${after.stockLevel} in stock, below ${stockBelow}${reorderQuantity ? `: reorder ${reorderQuantity}` : ""} (rule "${rule.name}").`,
        data: { ...product, stock: after.stockLevel, below: stockBelow, reorderQuantity },
      };
    }
    case "price_update": {
      const { purchasePriceChangeAbove } = rule.conditions as RuleConditions<"price_update">;
      if (
        !before ||
        !purchasePriceMovedMoreThan(before.purchasePrice, after.purchasePrice, purchasePriceChangeAbove)
      )
        return null;
      return {
        ...base,
        type: "price_change",
        title: `Purchase price changed: ${rule.name}`,
        message: `${label}: purchase price ${before.purchasePrice} → ${after.purchasePrice} (rule "${rule.name}").`,
        data: {
          ...product,
          from: before.purchasePrice,
          to: after.purchasePrice,
          above: purchasePriceChangeAbove,
        },
      };
    }
    case "alert": {
      const { metric, below } = rule.conditions as RuleConditions<"alert">;
      const value = (state: ProductState | null) =>
        state === null ? null : metric === "stock" ? state.stockLevel : state.margin;
      if (!fellBelow(value(before), value(after) as number, below)) return null;
      return metric === "stock"
        ? {
            ...base,
            type: "low_stock",
            title: `Stock alert: ${rule.name}`,
            message: `${label} has ${after.stockLevel} in stock, below ${below} (rule "${rule.name}").`,
            data: { ...product, stock: after.stockLevel, below },
          }
        : {
            ...base,
            type: "low_margin",
            title: `Margin alert: ${rule.name}`,
            message: `${label} has a margin of ${after.margin.toFixed(1)} %, below ${below} % (rule "${rule.name}").`,
            data: { ...product, margin: after.margin, below },
          };
    }
    default:
      return null;
  }
}

/**
 * The alerts the active rules raise for these product changes, inside the change's transaction;
 * each rule that raised one has its lastRun set.
 */
export async function ruleAlerts(tx: EntityManager, changes: ProductChange[]): Promise<AlertInput[]> {
  if (changes.length === 0) return [];
  const rules = await activeProductRules(tx);
  if (rules.length === 0) return [];
  const alerts: AlertInput[] = [];
  const fired = new Set<number>();
  for (const change of changes) {
    for (const rule of rules) {
      const alert = ruleAlert(rule, change);
      if (alert) {
        alerts.push(alert);
        fired.add(rule.id);
      }
    }
  }
  if (fired.size > 0) {
    await tx.nativeUpdate(AutomationRule, { id: { $in: [...fired] } }, { lastRun: new Date() });
  }
  return alerts;
}
