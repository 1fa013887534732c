import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/database.global.ts"],
    setupFiles: ["tests/setup/no-console-errors.ts"],
    pool: "forks",
    // Vitest runs one fork fewer than the machine has cores: one on a 2-core machine, which then
    // sits ~40 % idle while tests wait on PostgreSQL. Each test file has a database of its own
    // (tests/setup), so three files at a time are safe and keep both cores busy.
    poolOptions: { forks: { maxForks: 3, minForks: 1 } },
    env: { SESSION_SECRET: "test-session-secret-not-for-production", SEED_DEMO: "false" },
    // Room, not a target (timing targets live in `npm run bench`): with three files at a time on
    // two cores, or other work beside them, the demo seed's test (~12 s alone) passed 20 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
