import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";

// A server of its own on an empty DATA_DIR, as a newcomer's first `npm start`, with the default
// registration policy (no OPEN_REGISTRATION) and no demo catalogue at first (quicker); the second
// start seeds it.
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Started the way `npm start` and `npm run serve` start it: the built server under node. (Not
// through npm itself: npm's wrapper exits at once on SIGTERM without waiting for its child, so its
// exit code would say nothing about the server.)
const SERVER_SCRIPT = path.resolve("build/server.js");

let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
let output = "";
const base = () => `http://127.0.0.1:${port}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function start({ seedDemo = false } = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SECURE_COOKIES: "false",
    SEED_DEMO: String(seedDemo),
    SHUTDOWN_DRAIN_SECONDS: "0",
  };
  delete env.OPEN_REGISTRATION;
  delete env.DATABASE_URL;
  output = "";
  // A process group of its own, so that afterAll can end whatever is left of it (PostgreSQL too).
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  server = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server stopped while starting (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    try {
      if ((await fetch(`${base()}/login`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`The server did not answer within 60 s:\n${output}`);
}

/** The lines the server printed once it listened (they end with how to stop it). */
async function startupLines(): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while (!output.includes("Press Ctrl+C to stop.") && Date.now() < deadline) await sleep(100);
  return output.split("\n").filter((line) => line.trim() !== "");
}

function running(child: ChildProcess | undefined): boolean {
  return !!child && child.exitCode === null && child.signalCode === null;
}

/** Sends SIGTERM, as a process manager would, and answers how the process ended. */
function stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = server;
  if (!child || !running(child)) {
    return Promise.resolve({ code: child?.exitCode ?? null, signal: child?.signalCode ?? null });
  }
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.kill("SIGTERM");
  });
}

/** PostgreSQL removes its postmaster.pid when it has stopped. */
async function databaseStopped(timeoutMs: number) {
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  const deadline = Date.now() + timeoutMs;
  while (existsSync(pidFile) && Date.now() < deadline) await sleep(100);
  return !existsSync(pidFile);
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "voltstock-start-"));
  port = await freePort();
  await start();
});

test.afterAll(async () => {
  const child = server;
  if (child && running(child)) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
  }
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // The group is already gone.
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const account = (email: string, role: string) => ({
  email,
  password: "secret123",
  firstName: "Test",
  lastName: role,
  role,
});

const signInOnPage = async (page: import("@playwright/test").Page, email: string) => {
  await page.goto(`${base()}/login`);
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill("secret123");
  await page.locator("button[name=intent][value=login]").click();
};

test("an empty data folder serves the landing page", async ({ page }) => {
  const response = await page.goto(base());
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Sign In to Continue" })).toBeVisible();
});

test("the first start says in a few lines where to go and that the first account becomes the administrator", async () => {
  const lines = await startupLines();
  expect(lines[0]).toBe(`VoltStock is running at ${base()}`);
  expect(lines).toContain(
    `No accounts yet: the first account you create becomes the administrator. Create it at ${base()}/login?tab=register`,
  );
  expect(lines.at(-1)).toBe("Press Ctrl+C to stop.");
  expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(5);
  expect(output).not.toContain("[migrator]");
  // SEED_DEMO=false on this start.
  expect(output).not.toContain("Seeded the demo catalogue");
});

test("on an empty database the Create Account tab says so; the first sign-up is signed in as the admin", async ({
  page,
}) => {
  await page.goto(`${base()}/login`);
  await expect(page.getByText("No accounts exist yet.")).toBeVisible();
  await page.getByRole("link", { name: "Create the first account" }).click();
  await expect(page.getByTestId("first-account-note")).toHaveText(
    "No accounts exist yet: the first account you create becomes the administrator, with access to everything.",
  );
  // No role to choose: the first account is the administrator whatever it would ask for.
  await expect(page.locator("#register-role")).toHaveCount(0);
  await page.locator("#register-email").fill("owner@shop.test");
  await page.locator("#register-password").fill("secret123");
  await page.locator("#register-firstName").fill("Olivia");
  await page.locator("#register-lastName").fill("Owner");
  await page.locator("button[name=intent][value=register]").click();

  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByTestId("toast")).toContainText(
    "Welcome! Your account is the administrator: you can add users and approve sign-ups under User Management.",
  );
  await expect(page.getByTestId("user-name")).toHaveText("Olivia Owner");
  await expect(page.getByTestId("user-role")).toHaveText("Admin");
  expect(await (await page.request.get(`${base()}/api/auth/user`)).json()).toMatchObject({
    email: "owner@shop.test",
    role: "admin",
    isActive: true,
  });
});

test("once an account exists, the sign-in page no longer says the first one becomes the administrator", async ({
  page,
}) => {
  await page.goto(`${base()}/login?tab=register`);
  await expect(page.locator("#register-email")).toBeVisible();
  await expect(page.getByTestId("first-account-note")).toHaveCount(0);
  await expect(page.locator("#register-role")).toBeVisible();
  await page.goto(`${base()}/login`);
  await expect(page.locator("#login-email")).toBeVisible();
  await expect(page.getByText("No accounts exist yet.")).toHaveCount(0);
});

test("a later admin sign-up awaits approval: signing in on /login shows the approval message", async ({
  page,
  request,
}) => {
  const boss = await request.post(`${base()}/api/auth/register`, {
    data: account("boss@shop.test", "admin"),
  });
  expect(boss.status()).toBe(201);
  const body = await boss.json();
  expect(body.user).toMatchObject({ role: "admin", isActive: false });
  expect(body.message).toBe("Account created. An administrator must approve it before you can sign in.");

  await signInOnPage(page, "boss@shop.test");
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText("Your account is awaiting approval by an administrator.");
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get(`${base()}/api/auth/user`)).status()).toBe(401);
});

test("a later salesperson is active and signs in at once", async ({ page, request }) => {
  const seller = await request.post(`${base()}/api/auth/register`, {
    data: account("seller@shop.test", "salesperson"),
  });
  expect(seller.status()).toBe(201);
  expect((await seller.json()).user).toMatchObject({ role: "salesperson", isActive: true });

  await signInOnPage(page, "seller@shop.test");
  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByTestId("user-role")).toHaveText("Salesperson");
  await expect(page.getByTestId("toast")).toContainText("Logged in successfully");
});

test("SIGTERM stops the server with exit code 0, and a second start on the same folder keeps the data", async ({
  request,
}) => {
  const ended = await stop();
  // Soft, so that the data is still checked when this fails.
  expect.soft(ended, `the server's output:\n${output}`).toEqual({ code: 0, signal: null });

  expect(await databaseStopped(20_000), "PostgreSQL stopped").toBe(true);
  await start({ seedDemo: true });
  // This start seeds the demo catalogue into the still empty catalogue and says so; accounts exist.
  const lines = await startupLines();
  expect(lines.join("\n")).toMatch(/^Seeded the demo catalogue: [1-9]\d* products/m);
  expect(lines.join("\n")).not.toContain("first account");
  for (const [email, role] of [
    ["owner@shop.test", "admin"],
    ["seller@shop.test", "salesperson"],
  ]) {
    const login = await request.post(`${base()}/api/auth/login`, { data: { email, password: "secret123" } });
    expect(login.status(), email).toBe(200);
    expect(await login.json()).toMatchObject({ email, role, isActive: true });
  }
  await stop();
});
