import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// A server of its own on an empty DATA_DIR, as a newcomer's first `npm start`, with the default
// registration policy (no OPEN_REGISTRATION).
test.describe.configure({ mode: "serial", timeout: 120_000 });

let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
const base = () => `http://127.0.0.1:${port}`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function start() {
  // node itself (not npx), so that SIGTERM reaches the server and its exit code comes back.
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      OPEN_REGISTRATION: "",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base()}/login`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

function stop(): Promise<number | null> {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve(server?.exitCode ?? null);
    server.once("exit", (code) => resolve(code));
    server.kill("SIGTERM");
  });
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "voltstock-start-"));
  port = await freePort();
  await start();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

const account = (email: string, role: string) => ({
  email,
  password: "secret123",
  firstName: "Test",
  lastName: "Person",
  role,
});

test("an empty data folder serves the landing page", async ({ page }) => {
  await page.goto(base());
  await expect(page.getByRole("link", { name: "Sign In to Continue" })).toBeVisible();
});

test("the first account is an active admin, a later admin awaits approval, a salesperson signs in at once", async ({
  page,
  request,
}) => {
  const first = await request.post(`${base()}/api/auth/register`, {
    data: account("owner@shop.test", "salesperson"),
  });
  expect(first.status()).toBe(201);
  expect((await first.json()).user).toMatchObject({ role: "admin", isActive: true });

  const boss = await request.post(`${base()}/api/auth/register`, {
    data: account("boss@shop.test", "admin"),
  });
  expect((await boss.json()).user).toMatchObject({ role: "admin", isActive: false });

  await page.goto(`${base()}/login`);
  await page.locator("#login-email").fill("boss@shop.test");
  await page.locator("#login-password").fill("secret123");
  await page.locator("button[name=intent][value=login]").click();
  await expect(page.getByTestId("toast")).toContainText("Error");
  await expect(page.getByTestId("toast")).toContainText(
    "Your account is awaiting approval by an administrator.",
  );
  await expect(page).toHaveURL(/\/login/);

  await request.post(`${base()}/api/auth/register`, { data: account("seller@shop.test", "salesperson") });
  await page.locator("#login-email").fill("seller@shop.test");
  await page.locator("#login-password").fill("secret123");
  await page.locator("button[name=intent][value=login]").click();
  await expect(page.getByTestId("user-role")).toHaveText("Salesperson");
});

test("SIGTERM stops the server cleanly and a second start keeps the data", async ({ request }) => {
  expect(await stop()).toBe(0);
  await start();
  const login = await request.post(`${base()}/api/auth/login`, {
    data: { email: "owner@shop.test", password: "secret123" },
  });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ email: "owner@shop.test", role: "admin" });
  expect(await stop()).toBe(0);
});
