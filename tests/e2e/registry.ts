import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AggregateChecks, AggregateDeclaration } from "../../app/models/aggregate";

/**
 * The aggregates' declarations (`app/models/<aggregate>/aggregate.ts`), as the app's registry has
 * them, read here through Node: Playwright's tests run outside Vite, so the folders are listed
 * and each pure declaration imported. An aggregate's routes, record and tables (every aggregate's,
 * the older ones' too) are walked by the authorization matrix, the API document's test, the layout
 * test and the fuzzer without an edit to them.
 */
export type Declared = { folder: string; aggregate: AggregateDeclaration; checks: AggregateChecks };

const MODELS = path.resolve("app/models");

export const DECLARED: Declared[] = await Promise.all(
  readdirSync(MODELS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(MODELS, entry.name, "aggregate.ts")))
    .map((entry) => entry.name)
    .sort()
    .map(async (folder) => {
      const module = (await import(pathToFileURL(path.join(MODELS, folder, "aggregate.ts")).href)) as {
        aggregate: AggregateDeclaration;
        checks?: AggregateChecks;
      };
      return { folder, aggregate: module.aggregate, checks: module.checks ?? {} };
    }),
);

/** Each declared record's body, with `{unique}` made unique for this run. */
export function recordBody(body: Record<string, unknown>, unique: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body).replaceAll("{unique}", unique));
}
