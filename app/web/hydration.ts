/**
 * A route may say that its page needs no JavaScript: `export const handle = { hydrate: false }`,
 * or a function of the route's loader data (`hydrate: (data) => data.signedIn`). When a route of
 * the page says no, root leaves out Remix's scripts: the page is the server's HTML and its plain
 * forms, and downloads no JavaScript at all. Routes that say nothing hydrate.
 */
export type Hydrate = boolean | ((data: unknown) => boolean);

function flagOf(handle: unknown): Hydrate | undefined {
  if (typeof handle !== "object" || handle === null || !("hydrate" in handle)) return undefined;
  const { hydrate } = handle as { hydrate: unknown };
  return typeof hydrate === "boolean" || typeof hydrate === "function" ? (hydrate as Hydrate) : undefined;
}

/** Whether the page of these route matches (root first, as `useMatches()` gives them) hydrates. */
export function shouldHydrate(matches: { handle?: unknown; data?: unknown }[]): boolean {
  return matches.every((match) => {
    const flag = flagOf(match.handle);
    return typeof flag === "function" ? flag(match.data) : flag !== false;
  });
}

/** What the routes' handles say without their data: for measuring what a page downloads. */
export function hydrationOf(handles: unknown[]): "always" | "never" | "sometimes" {
  const flags = handles.map(flagOf);
  if (flags.includes(false)) return "never";
  return flags.some((flag) => typeof flag === "function") ? "sometimes" : "always";
}
