/**
 * What the audit trail records: the entities whose changes staff must be able to trace, each with
 * its type (as shown and filtered on /audit), how a record is named, and the fields left out.
 */
export const AUDITED_TYPES = [
  "product",
  "category",
  "campaign",
  "campaign_product",
  "customer",
  "supplier",
  "user",
  "automation_rule",
  "notification_setting",
  "api_token",
] as const;
export type AuditedType = (typeof AUDITED_TYPES)[number];

type Record_ = Record<string, unknown>;
const text = (value: unknown) => (value == null ? "" : String(value));
const idOf = (value: unknown) =>
  value && typeof value === "object" && "id" in value ? text((value as { id: unknown }).id) : text(value);

export type AuditedEntity = {
  type: AuditedType;
  /** The record's name as people know it, read from the entity. */
  label: (entity: Record_) => string;
  /** Fields not worth a line: derived from others, or bookkeeping. */
  ignore?: readonly string[];
  /** Fields recorded as changed without their values. */
  secret?: readonly string[];
};

/** Bookkeeping every entity has: never a line of its own. */
export const ALWAYS_IGNORED = ["id", "version", "createdAt", "updatedAt", "createdBy"];

/** By the ORM's entity name. */
export const AUDITED: Record<string, AuditedEntity> = {
  Product: {
    type: "product",
    label: (p) => `${text(p.name)} (${text(p.sku)})`,
    // The last counted time moves with every stock count: the count itself is its record.
    ignore: ["margin", "marginPercent", "marginCategory", "searchText", "lastCountedAt"],
  },
  Category: { type: "category", label: (c) => text(c.name) },
  Campaign: { type: "campaign", label: (c) => text(c.name) },
  CampaignProduct: {
    type: "campaign_product",
    label: (cp) => `campaign ${idOf(cp.campaign)}, product ${idOf(cp.product)}`,
  },
  Customer: {
    type: "customer",
    label: (c) => `${text(c.firstName)} ${text(c.lastName)}`.trim() || text(c.email),
    ignore: ["totalOrders", "totalSpent"],
  },
  Supplier: { type: "supplier", label: (s) => text(s.name) },
  User: { type: "user", label: (u) => text(u.email), ignore: ["language"], secret: ["password"] },
  AutomationRule: { type: "automation_rule", label: (r) => text(r.name), ignore: ["lastRun"] },
  ApiToken: {
    type: "api_token",
    label: (t) => `${text(t.name)} (${text(t.prefix)}…)`,
    ignore: ["tokenHash", "lastUsedAt", "windowStart", "windowCount"],
  },
  NotificationSetting: {
    type: "notification_setting",
    label: (s) => `${text(s.type)}, user ${idOf(s.user)}`,
  },
};
