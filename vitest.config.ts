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
    env: { SESSION_SECRET: "test-session-secret-not-for-production", SEED_DEMO: "false" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
