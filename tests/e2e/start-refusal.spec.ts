import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { e2eDatabaseUrl, freePort, SERVER_SCRIPT } from "./second-server";

// A start-up the server refuses says in one line what is wrong and that it stopped, and exits
// non-zero: it never claims to keep running.
test.describe.configure({ timeout: 90_000 });

/** Starts the built server with these settings and waits for it to end by itself. */
function startUntilItStops(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const settings: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: "127.0.0.1",
      SHUTDOWN_DRAIN_SECONDS: "0",
      ...env,
    };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete settings[key];
    const child = spawn(process.execPath, [SERVER_SCRIPT], {
      env: settings,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

function expectRefusal(ended: { code: number | null; output: string }, reason: string) {
  const lines = ended.output.split("\n").filter((line) => line.trim() !== "");
  expect(lines, ended.output).toEqual([`VoltStock did not start: ${reason} The server stopped.`]);
  expect(ended.code).not.toBe(0);
  expect(ended.code).not.toBeNull();
}

test("production on an external database without SESSION_SECRET says so, that it stopped, and exits non-zero", async () => {
  const ended = await startUntilItStops({
    NODE_ENV: "production",
    PORT: String(await freePort()),
    DATABASE_URL: "postgres://voltstock:secret@127.0.0.1:1/voltstock",
    SESSION_SECRET: undefined,
  });
  expectRefusal(
    ended,
    "Invalid environment: SESSION_SECRET: set it (16 characters or more, the same on every server) when NODE_ENV=production uses an external DATABASE_URL.",
  );
});

test("a bad setting names its variable", async () => {
  const ended = await startUntilItStops({ NODE_ENV: "production", PORT: "eighty" });
  expect(ended.output).toMatch(
    /^VoltStock did not start: Invalid environment: PORT: .+ The server stopped\.\n$/,
  );
  expect(ended.code).toBe(1);
});

test("a database that cannot be reached at start-up is named as the reason", async () => {
  const port = await freePort();
  const ended = await startUntilItStops({
    NODE_ENV: "production",
    PORT: String(await freePort()),
    DATABASE_URL: `postgres://voltstock:secret@127.0.0.1:${port}/voltstock`,
    SESSION_SECRET: "refusal-test-secret-0123456789",
    WEB_CONCURRENCY: "2",
  });
  expectRefusal(ended, `the database cannot be reached (connect ECONNREFUSED 127.0.0.1:${port}).`);
});

test("a port in use is named as the reason, with two server processes too", async () => {
  const taken = createServer();
  const port = await new Promise<number>((resolve) =>
    taken.listen(0, "127.0.0.1", () => resolve((taken.address() as { port: number }).port)),
  );
  try {
    const ended = await startUntilItStops({
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: e2eDatabaseUrl(),
      SESSION_SECRET: "refusal-test-secret-0123456789",
      SEED_DEMO: "false",
      JOBS: "false",
      WEB_CONCURRENCY: "2",
    });
    expectRefusal(ended, `port ${port} is in use by another program.`);
  } finally {
    taken.close();
  }
});
