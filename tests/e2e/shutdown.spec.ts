import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { freePort, SERVER_SCRIPT } from "./second-server";

// A server of its own (two HTTP workers, its embedded PostgreSQL, its own data folder) stopped
// the way systemd and Ctrl+C stop one: a SIGTERM to every process of its process group, under load.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const DRAIN_SECONDS = 2;
const CLIENTS = 8;

let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
let output = "";
const base = () => `http://127.0.0.1:${port}`;

type Outcome = { path: string; started: number; status: number | null; error: string | null };

async function startServer() {
  output = "";
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SECURE_COOKIES: "false",
      SEED_DEMO: "false",
      WEB_CONCURRENCY: "2",
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: the signal goes to the group, as systemd and a terminal send it.
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => (output += chunk));
  server = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    // Both workers listen once the start-up lines are printed and both answer.
    const ready = await fetch(`${base()}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready && output.includes("Press Ctrl+C to stop.")) return;
    await sleep(100);
  }
  throw new Error(`The server did not start:\n${output}`);
}

/** One GET on a client's keep-alive connection: its status, or the error it ended with. */
function get(
  agent: http.Agent | false,
  url: string,
): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const request = http.get(`${base()}${url}`, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? null, error: null }));
      response.on("error", (error) => resolve({ status: null, error: String(error) }));
    });
    request.on("error", (error) => resolve({ status: null, error: (error as { code?: string }).code ?? "" }));
  });
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "voltstock-shutdown-"));
  port = await freePort();
  await startServer();
});

test.afterAll(async () => {
  const pid = server?.pid;
  if (pid && server?.exitCode === null) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("a SIGTERM to every process under load: /readyz says 503 at once, pages are still served, every request is answered, and PostgreSQL stops last", async () => {
  const child = server as ChildProcess;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const outcomes: Outcome[] = [];
  const stop = { signalAt: 0, notReadyAt: 0, clientsStop: false };

  // The clients behave as a proxy that probes /readyz: they send until it has said 503 for a moment
  // (less than the drain), then send here no more.
  const client = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const paths = ["/login", "/healthz", "/login?tab=register", "/api/auth/user"];
    for (let n = 0; !stop.clientsStop; n++) {
      const url = paths[(index + n) % paths.length];
      const started = Date.now();
      outcomes.push({ path: url, started, ...(await get(agent, url)) });
    }
    agent.destroy();
  };
  const probe = async () => {
    while (!stop.notReadyAt) {
      const { status } = await get(false, "/readyz");
      if (status === 503 && stop.signalAt) stop.notReadyAt = Date.now();
      else await sleep(50);
    }
    await sleep((DRAIN_SECONDS * 1000) / 2);
    stop.clientsStop = true;
  };
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  await sleep(1_000);
  stop.signalAt = Date.now();
  process.kill(-(child.pid as number), "SIGTERM");
  await probe();
  await Promise.all(clients);
  const code = await Promise.race([exited, sleep(30_000, "still running" as const)]);

  const failed = outcomes.filter((o) => o.error !== null || (o.status ?? 0) >= 500);
  expect(failed, `requests not answered:\n${JSON.stringify(failed.slice(0, 10))}\n${output}`).toEqual([]);
  expect(outcomes.filter((o) => o.started < stop.signalAt).length).toBeGreaterThan(0);
  // Served after /readyz had said 503: the drain keeps serving while a proxy takes the instance out.
  const servedWhileNotReady = outcomes.filter((o) => o.started > stop.notReadyAt && o.status === 200);
  expect(servedWhileNotReady.length, output).toBeGreaterThan(0);
  expect(code, output).toBe(0);
  expect(output).not.toContain("keeps running");
  // PostgreSQL (its own process group, so the signal did not reach it) was stopped by the server.
  expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
});
