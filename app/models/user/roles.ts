/** The three roles, shared by the browser and the server (no ORM imports here). */
export const ROLES = ["admin", "manager", "salesperson"] as const;
export type Role = (typeof ROLES)[number];
