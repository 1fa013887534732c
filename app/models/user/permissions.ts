import type { Role } from "~/models/user/roles";

/**
 * Who may do what: the one table of role rules (spec section 6, DECISIONS.md). The server guards
 * read it in every loader, action and /api route; the UI reads it to hide what a role may not do.
 */
export const PERMISSIONS = {
  "product:write": ["admin", "manager"],
  "product:delete": ["admin"],
  // Recording stock movements by hand (receipts, damage, counts ...); everyone reads the ledger.
  "stock:write": ["admin", "manager"],
  "category:write": ["admin", "manager"],
  "category:delete": ["admin"],
  "campaign:write": ["admin", "manager"],
  "customer:write": ["admin", "manager"],
  // Suppliers: admins and managers add, change and delete them; everyone reads them.
  "supplier:write": ["admin", "manager"],
  "order:write": ["admin", "manager"],
  "order:approve": ["admin"],
  // Purchase orders: drafting, sending, receiving and cancelling; everyone signed in reads them.
  "purchase:write": ["admin", "manager"],
  "automation:write": ["admin", "manager"],
  "user:manage": ["admin"],
  "audit:read": ["admin"],
  "report:schedule": ["admin", "manager"],
  // Bulk repricing (issue #29): previewing, applying and undoing a price batch.
  "price:bulk": ["admin", "manager"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
