/**
 * The layers of app/ and the rule that no import goes round in a circle (`npm run lint:deps`, part
 * of `npm test`). Layers point one way (docs/decisions.md, "Layers and the check that keeps them"):
 *
 *   routes (app/routes, root.tsx, entry.*)      the screens and API endpoints, and the app shell
 *     -> app/startup                             start-up: connect, migrate, seed, jobs (entry.server only)
 *     -> app/web, app/components                 web adapters and client hooks; shared UI
 *     -> app/seeders                              demo and benchmark data (start-up, scripts, tests)
 *     -> app/models                              aggregates and pure domain rules
 *     -> app/i18n, app/styles                    translations and formats; design tokens
 *     -> app/infra, app/migrations               db access (em()), env, log, sql, queue, PostgreSQL
 *
 * A layer may import the layers under it, never one above. Type imports count too
 * (tsPreCompilationDeps), so a type-only loop is a cycle like any other.
 */
const ROUTES = "^app/(routes/|root\\.tsx$|entry\\.(server|client)\\.tsx$)";
const TESTS = "\\.test\\.tsx?$";

/** A layer rule: `from` may not import any of `to` (test files of `from` excepted when told). */
function layer(name, comment, from, to, options = {}) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from, ...(options.testsToo ? {} : { pathNot: TESTS }) },
    to: { path: to, ...(options.to ?? {}) },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycle, value or type: each module can be read and loaded after what it uses.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    layer(
      "nothing-imports-routes",
      "Route modules are entry points Remix loads; what they share lives in app/web or app/components.",
      "^(app|server|scripts|tests)/|^[^/]+\\.ts$",
      ROUTES,
      { testsToo: true },
    ),
    layer(
      "startup-is-called-by-entry-server-only",
      "Start-up (connect, migrate, seed, jobs) is one module that server.ts calls through the build's entry.",
      "^app/(?!entry\\.server\\.tsx$|startup/)",
      "^app/startup/",
      { testsToo: true },
    ),
    layer(
      "db-module-imports-nothing",
      "em() lives in a module that imports nothing of the app, so every model can ask for it cheaply.",
      "^app/infra/db\\.server\\.ts$",
      "^(app|server|scripts|tests)/|^[^/]+\\.ts$",
      { testsToo: true },
    ),
    layer(
      "infra-imports-no-app",
      "Infrastructure (db, env, log, sql, queue, PostgreSQL) imports nothing of the app above it.",
      "^app/(infra|migrations)/",
      "^app/(?!infra/|migrations/)",
    ),
    layer(
      "only-the-connection-reads-the-orm-config",
      "The ORM config lists the entities (models): infrastructure reads it only to connect.",
      "^app/infra/(?!database\\.server\\.ts$|backup\\.server\\.ts$)",
      "^mikro-orm\\.config\\.ts$",
    ),
    layer(
      "i18n-and-styles-import-no-app-above",
      "Translations, formats and design tokens are shared by every layer above them.",
      "^app/(i18n|styles)/",
      "^app/(?!i18n/|styles/|infra/)",
    ),
    layer(
      "models-import-no-web",
      "Models are the app without HTTP: no Remix, no web adapters, no components, no seeders.",
      "^app/models/",
      `^app/(web|components|seeders|startup)/|^node_modules/@remix-run/|${ROUTES}`,
    ),
    layer(
      "seeders-use-models-only",
      "Seeders fill the database through the models' write paths.",
      "^app/seeders/",
      "^app/(web|components|startup)/|^node_modules/@remix-run/",
    ),
    layer(
      "web-and-components-stay-under-routes",
      "Web adapters and components serve the routes; they do not reach start-up or the seeders.",
      "^app/(web|components)/",
      "^app/(startup|seeders)/",
    ),
    layer(
      "components-take-types-only-from-server-modules",
      "Components run in the browser: of a *.server module they import types only.",
      "^app/components/",
      "\\.server\\.tsx?$",
      { to: { dependencyTypesNot: ["type-only", "type-import"] } },
    ),
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing (a path left behind by a move).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^virtual:|\\.css$|^node:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^build/" },
    // Type imports are dependencies too: a type-only loop is a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
