/** The name shown for a user: full name, else email, else "User" (spec, sidebar footer). */
export function displayName(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
) {
  const full = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
  return full || user?.email || "User";
}
