import { defineConfig } from "vite";

/**
 * The scripts run through vite-node (`npm run seed`, `migration:create`, `backup`, `restore`,
 * `bench`): the app's modules find the aggregates' declarations with `import.meta.glob`
 * (app/models/registry.ts), which only Vite understands. No plugins: the scripts render nothing.
 */
export default defineConfig({
  resolve: { alias: { "~": new URL("../app", import.meta.url).pathname } },
  logLevel: "error",
});
