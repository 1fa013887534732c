import { readFileSync } from "node:fs";
import path from "node:path";

export type BuiltRoute = {
  /** The route module's id, such as `routes/api.products.$id`. */
  id: string;
  /** The full URL pattern, such as `/api/products/:id`. */
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  hasPage: boolean;
  /** An index route: a form posts to its action with `?index`. */
  index: boolean;
};

/**
 * The routes the server really serves, read from the server build (`npm run build`): Remix's route
 * table with each module's exports. A test that walks these cannot miss a route that was added.
 */
export function builtRoutes(buildFile = path.resolve("build/server/index.js")): BuiltRoute[] {
  const source = readFileSync(buildFile, "utf8");
  const exportsOf = new Map<string, string[]>();
  for (const match of source.matchAll(/const (route\d+) = [^{]*\{\s*__proto__: null,([^}]*)\}/g)) {
    const names = match[2]
      .split(",")
      .map((part) => part.split(":")[0].trim())
      .filter(Boolean);
    exportsOf.set(match[1], names);
  }
  const table = source.slice(source.indexOf("const routes = {"));
  const entries = [
    ...table.matchAll(
      /"([^"]+)": \{\s*id: "[^"]+",\s*parentId: (?:"([^"]+)"|void 0),\s*path: (?:"([^"]*)"|void 0),\s*index: (true|void 0),[^}]*module: (route\d+)\s*\}/g,
    ),
  ].map(([, id, parentId, routePath, index, module]) => ({
    id,
    parentId,
    routePath: routePath ?? "",
    index: index === "true",
    module,
  }));
  if (entries.length === 0)
    throw new Error(`No routes found in ${buildFile}: has the build's format changed?`);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const fullPath = (id: string | undefined): string => {
    const entry = id ? byId.get(id) : undefined;
    if (!entry) return "";
    const parent = fullPath(entry.parentId);
    return entry.routePath ? `${parent.replace(/\/$/, "")}/${entry.routePath}` : parent;
  };
  return (
    entries
      // The root and pathless layouts have no address of their own: their children are the routes.
      .filter((entry) => entry.id !== "root" && (entry.routePath !== "" || entry.index))
      .map((entry) => {
        const names = exportsOf.get(entry.module) ?? [];
        return {
          id: entry.id,
          path: fullPath(entry.id) || "/",
          hasLoader: names.includes("loader"),
          hasAction: names.includes("action"),
          hasPage: names.includes("default"),
          index: entry.index,
        };
      })
  );
}
