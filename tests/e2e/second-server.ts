import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { BASE_URL } from "../../playwright.config";

/**
 * Another server process beside the suite's own (playwright.config.ts webServer), on the suite's
 * embedded PostgreSQL: what a second machine behind a load balancer would be.
 */

/** The built server (`npm run build`), as `npm run serve` starts it. */
export const SERVER_SCRIPT = path.resolve("build/server.js");
const E2E_PORT = Number(new URL(BASE_URL).port);
/** The suite server's DATA_DIR (playwright.config.ts). */
export const E2E_DATA_DIR = E2E_PORT === 3210 ? ".data-e2e" : `.data-e2e-${E2E_PORT}`;

/** The suite's embedded PostgreSQL, as its server wrote it down in DATA_DIR/postgres.json. */
export function e2ePostgres(): { port: number; password: string } {
  return JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "postgres.json"), "utf8"));
}

/** A database URL on the suite's PostgreSQL: its app database unless named, on its port unless given. */
export function e2eDatabaseUrl({ database = "voltstock", port }: { database?: string; port?: number } = {}) {
  const settings = e2ePostgres();
  return `postgres://postgres:${settings.password}@127.0.0.1:${port ?? settings.port}/${database}`;
}

/**
 * The secret the suite's server signs cookies with (generated into its DATA_DIR, as it has no
 * SESSION_SECRET): a second server given it accepts the first one's sessions.
 */
export function e2eSessionSecret(): string {
  return readFileSync(path.join(E2E_DATA_DIR, "session-secret"), "utf8").trim();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export type SecondServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  process: ChildProcess;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the built server in production mode, one process, no scheduled jobs, on the given database,
 * and waits until it answers /healthz (start-up runs the migrations). Stop it in afterAll.
 */
export async function startSecondServer({
  databaseUrl,
  sessionSecret,
  env = {},
  timeout = 60_000,
}: {
  databaseUrl: string;
  sessionSecret: string;
  env?: Record<string, string>;
  timeout?: number;
}): Promise<SecondServer> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      SECURE_COOKIES: "false",
      SEED_DEMO: "false",
      JOBS: "false",
      WEB_CONCURRENCY: "1",
      SHUTDOWN_DRAIN_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that a stop reaches every process of it.
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    process.kill(-child.pid, "SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  };
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, process: child, output: () => output, stop };
    } catch {}
    await sleep(100);
  }
  await stop();
  throw new Error(`The second server did not start:\n${output}`);
}
