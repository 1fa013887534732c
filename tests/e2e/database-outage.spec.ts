import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createUser } from "./fixtures";

// A second server process on the e2e database, reaching it through a TCP proxy this test can cut
// and restore: the database "goes away" under the server and comes back, with no restart.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const TSX = path.resolve("node_modules/.bin/tsx");
const E2E_PORT = Number(new URL(BASE_URL).port);
const DATA_DIR = E2E_PORT === 3210 ? ".data-e2e" : `.data-e2e-${E2E_PORT}`;

let proxy: Server | undefined;
const sockets = new Set<Socket>();
let proxyPort = 0;
let serverPort = 0;
let server: ChildProcess | undefined;
let output = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

function openProxy(databasePort: number): Promise<void> {
  proxy = createServer((client) => {
    const upstream = createConnection(databasePort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => proxy?.listen(proxyPort, "127.0.0.1", resolve));
}

/** The database is gone: no connection stays, none is accepted. */
function cutProxy(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
}

test.beforeAll(async () => {
  const settings = JSON.parse(readFileSync(path.join(DATA_DIR, "postgres.json"), "utf8"));
  proxyPort = await freePort();
  serverPort = await freePort();
  await openProxy(settings.port);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(serverPort),
    HOST: "127.0.0.1",
    DATABASE_URL: `postgres://postgres:${settings.password}@127.0.0.1:${proxyPort}/voltstock`,
    SESSION_SECRET: "outage-test-secret-0123456789abcdef",
    SECURE_COOKIES: "false",
    SEED_DEMO: "false",
    JOBS: "false",
    WEB_CONCURRENCY: "1",
  };
  server = spawn(TSX, ["server.ts"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`The second server did not start:\n${output}`);
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  await cutProxy();
});

test("when the database goes away pages answer a translated 503 and /api a JSON 503; the server stays up and recovers by itself", async ({
  request,
}) => {
  const base = `http://127.0.0.1:${serverPort}`;
  const user = await createUser(request, "manager");
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const finnish = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64"))}`;
  expect((await fetch(`${base}/products`, { headers: { cookie } })).status).toBe(200);

  await cutProxy();
  const page = await fetch(`${base}/products`, { headers: { cookie: `${cookie}; ${finnish}` } });
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("5");
  expect(await page.text()).toContain("VoltStock ei ole juuri nyt käytettävissä");
  const api = await fetch(`${base}/api/products`, { headers: { cookie } });
  expect(api.status).toBe(503);
  expect((await api.json()).message).toContain("The database cannot be reached");
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
  expect((await fetch(`${base}/readyz`)).status).toBe(503);

  const settings = JSON.parse(readFileSync(path.join(DATA_DIR, "postgres.json"), "utf8"));
  await openProxy(settings.port);
  await expect
    .poll(async () => (await fetch(`${base}/products`, { headers: { cookie } })).status, { timeout: 30_000 })
    .toBe(200);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  expect(server?.exitCode).toBeNull();
});
