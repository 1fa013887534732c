import type { Permission } from "~/models/aggregate";
import { PERMISSIONS } from "~/models/registry";
import type { Role } from "~/models/user/roles";

export type { Permission };
/**
 * Who may do what: the one table of role rules (spec section 6, DECISIONS.md), each aggregate's
 * permissions declared in its folder (`aggregate.ts`) and gathered by the registry. The server
 * guards read it in every loader, action and /api route; the UI reads it to hide what a role may not do.
 */
export { PERMISSIONS };

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
