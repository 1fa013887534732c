/**
 * What each page makes the browser download: the gzip size of its JavaScript (the client entry,
 * then root, the layouts and the route itself, with every module they import statically) and of
 * its CSS, read from the Remix build manifest of `npm run build`. A page whose routes say
 * `handle: { hydrate: false }` loads no JavaScript at all. `npm run size` prints the table;
 * `tests/integration/bundle-budget.test.ts` holds every page to its budget.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { hydrationOf } from "../app/web/hydration";

/**
 * Gzip kilobytes a page may load. A KB here is 1,024 bytes, as in the issue that set the budgets
 * (Vite prints kB of 1,000 bytes: its figures are 2.4 % larger).
 */
export const BUDGETS = {
  /** The sign-in page: it is not hydrated, so this is room to spare rather than a target. */
  login: { js: 90, css: 15 },
  page: { js: 130, css: 15 },
};

type ManifestEntry = { module: string; imports?: string[]; css?: string[] };
type ManifestRoute = ManifestEntry & { id: string; parentId?: string; path?: string; index?: boolean };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestRoute> };

export type PageSize = {
  id: string;
  url: string;
  /** "always", "never", or "sometimes" (the route decides from its data: counted as hydrating). */
  hydration: "always" | "never" | "sometimes";
  js: number;
  css: number;
  budget: { js: number; css: number };
};

export class MissingBuildError extends Error {}

function readManifest(client: string): Manifest {
  const assets = path.join(client, "assets");
  const file = existsSync(assets) && readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) {
    throw new MissingBuildError(`No build manifest in ${assets}: run \`npm run build\` first.`);
  }
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

function chainOf(manifest: Manifest, id: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[id]; route; ) {
    chain.unshift(route);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return chain;
}

function urlOf(chain: ManifestRoute[]): string {
  const parts = chain.map((route) => route.path ?? "").filter(Boolean);
  return `/${parts.join("/")}`;
}

/** Every page route of the build (resource routes, without a component, are left out). */
export async function measurePages(buildDir = path.resolve("build")): Promise<PageSize[]> {
  const client = path.join(buildDir, "client");
  const manifest = readManifest(client);
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    throw new MissingBuildError(`No server build at ${serverEntry}: run \`npm run build\` first.`);
  }
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  const gzipped = new Map<string, number>();
  const sizeOf = (files: Iterable<string>) => {
    let total = 0;
    for (const file of files) {
      let size = gzipped.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length;
        gzipped.set(file, size);
      }
      total += size;
    }
    return total / 1024;
  };

  const pages: PageSize[] = [];
  for (const id of Object.keys(manifest.routes).sort()) {
    const module = server.routes[id]?.module;
    if (!module?.default) continue;
    const chain = chainOf(manifest, id);
    const hydration = hydrationOf(chain.map((route) => server.routes[route.id]?.module.handle));
    const js = new Set<string>();
    const css = new Set<string>(manifest.entry.css ?? []);
    if (hydration !== "never") {
      for (const file of [manifest.entry.module, ...(manifest.entry.imports ?? [])]) js.add(file);
    }
    for (const route of chain) {
      if (hydration !== "never") {
        for (const file of [route.module, ...(route.imports ?? [])]) js.add(file);
      }
      for (const file of route.css ?? []) css.add(file);
    }
    pages.push({
      id,
      url: urlOf(chain),
      hydration,
      js: sizeOf(js),
      css: sizeOf(css),
      budget: id === "routes/login" ? BUDGETS.login : BUDGETS.page,
    });
  }
  return pages;
}

export function overBudget(pages: PageSize[]): PageSize[] {
  return pages.filter((page) => page.js > page.budget.js || page.css > page.budget.css);
}

export function formatTable(pages: PageSize[]): string {
  const rows = pages.map((page) => [
    page.id,
    page.url,
    page.hydration,
    `${page.js.toFixed(1)} / ${page.budget.js}`,
    `${page.css.toFixed(1)} / ${page.budget.css}`,
    page.js > page.budget.js || page.css > page.budget.css ? "OVER" : "",
  ]);
  const header = ["route", "url", "hydrates", "JS KB gzip / budget", "CSS KB gzip / budget", ""];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pages = await measurePages();
  console.log(formatTable(pages));
  if (overBudget(pages).length) process.exitCode = 1;
}
