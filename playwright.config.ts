import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// The default port keeps the usual `.data-e2e`; another E2E_PORT gets a data folder of its own, so
// that two runs on one machine do not share (or delete) each other's database.
const DATA_DIR = PORT === 3210 ? ".data-e2e" : `.data-e2e-${PORT}`;

/**
 * End-to-end tests against the built server (run `npm run build` first; `npm run test:e2e` does)
 * in Debian's Chromium: Playwright cannot download browsers here.
 */
/**
 * Debian's Chromium (Playwright cannot download browsers here), as every test launches it. Its
 * headless shell (Debian's `chromium-headless-shell`, the same Chromium build without the desktop
 * browser around it; what Playwright itself runs headless tests in) when it is installed: the suite is
 * CPU-bound, and the shell takes about a third less of it than `chromium --headless`.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  workers: 2,
  retries: 0,
  reporter: [[process.env.CI ? "line" : "list"], ["./tests/e2e/slowest-reporter.ts"]],
  timeout: 30_000,
  // Two Chromium workers, two server processes and PostgreSQL share two cores: while a heavy test
  // runs beside it (a 10,000-row import, a second server starting), an answer a test waits for can
  // take over 5 s. Waiting longer is no timing target: a test still fails if it never comes.
  expect: { timeout: 10_000 },
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    trace: "off",
    launchOptions: LAUNCH_OPTIONS,
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: "fuzz.spec.ts",
    },
    // The fuzzing hammers the server with hostile bodies for a minute, on both workers: it runs after every other
    // test, so that none of them waits on a busy server or sees its records.
    {
      name: "fuzz",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: "fuzz.spec.ts",
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    // The built server, as `npm run serve` starts it (`npm run test:e2e` builds first).
    command: `rm -rf ${DATA_DIR} && node build/server.js`,
    url: `${BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A SIGTERM, so that the server stops its PostgreSQL (its own process group: a SIGKILL to the
    // server's group would leave it running).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      // Nothing probes readiness here: stop at once.
      SHUTDOWN_DRAIN_SECONDS: "0",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      SECURE_COOKIES: "false",
      // Fixtures create active managers and admins directly; the approval policy is tested on a
      // server of its own (start.spec.ts).
      OPEN_REGISTRATION: "true",
      SEED_DEMO: "true",
      // Low enough for api-tokens.spec.ts to reach in a moment; no other test uses tokens.
      API_TOKEN_RATE_LIMIT: "40",
      // The letterhead of printed quotes and orders (print.spec.ts).
      SHOP_NAME: "Sähkötukku Testinen Oy",
      SHOP_ADDRESS: "Teollisuuskatu 1, 00510 Helsinki",
      SHOP_BUSINESS_ID: "1234567-1",
    },
  },
});
