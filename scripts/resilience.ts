/**
 * `npm run test:resilience` (builds first; not part of `npm test`): the built server under load from
 * 32 clients on loopback, in three phases, each ending with a table of figures.
 *
 * 1. Load: `--seconds` (default 60) of mixed page and API reads, customer creations and price
 *    edits. No 5xx, no failed request, every acknowledged write in the database afterwards, and the
 *    server processes' resident memory flat (after a 5 s warm-up, to the end).
 * 2. SIGTERM under load: the primary is told to stop while the clients write. Every request sent
 *    before the signal gets its answer, the server exits 0, and every acknowledged write is there
 *    when the server is started again on the same data. Connections refused after the signal are
 *    counted, not failed.
 * 3. Database stop under load: PostgreSQL is stopped for 5 s under the running server, then started
 *    again exactly as it ran. Meanwhile pages answer the translated 503 page and /api a JSON 503,
 *    both with Retry-After, and nothing else fails; the server processes stay the same; within 20 s
 *    requests succeed again, and every write acknowledged before, during and after is there.
 *
 * It exits 1 when any property fails. The server, and a PostgreSQL this script restarted, are
 * stopped and `.data-resilience` is removed, even on failure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import english from "../app/i18n/locales/en/common.json";
import finnish from "../app/i18n/locales/fi/common.json";

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    clients: { type: "string", default: "32" },
    port: { type: "string", default: "3390" },
    // Which phases to run (comma-separated): load, sigterm, database, rolling.
    phases: { type: "string", default: "load,sigterm,database,rolling" },
  },
});
const PHASES = new Set(options.phases.split(","));
const LOAD_SECONDS = Number(options.seconds);
const CLIENTS = Number(options.clients);
const PORT = Number(options.port);
const HOST = "127.0.0.1";
const DATA_DIR = ".data-resilience";
const WARM_UP_MS = 5_000;
const OUTAGE_MS = 5_000;
const RECOVERY_LIMIT_MS = 20_000;
/** Memory is flat when the end is within this of the start. */
const MEMORY_GROWTH = { ratio: 0.25, mb: 30 };
const UNAVAILABLE_TITLE = { en: english.unavailable.title, fi: finnish.unavailable.title };
const RUN = Date.now().toString(36);

type Language = keyof typeof UNAVAILABLE_TITLE;

// ---------------------------------------------------------------------------------------------
// The server: the built server as `npm run serve` runs it, two processes, a data folder of its own.

type RunningServer = { child: ChildProcess; pid: number; exited: Promise<number | null>; log: string[] };

/** From spawning `npm run serve`'s command to /readyz 200, per start of the harness's server. */
const serveStarts: { migrated: boolean; ms: number }[] = [];

async function startServer(): Promise<RunningServer> {
  const migrated = existsSync(path.join(DATA_DIR, "postgres.json"));
  const spawnedAt = Date.now();
  let readyAt = 0;
  const child = spawn(process.execPath, ["--max-semi-space-size=16", "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST,
      DATA_DIR,
      SEED_DEMO: "true",
      OPEN_REGISTRATION: "true",
      SECURE_COOKIES: "false",
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that the clean-up can end the whole tree (PostgreSQL too).
    detached: true,
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => log.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server = { child, pid: child.pid as number, exited, log };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped while starting:\n${log.join("")}`);
    if (!readyAt && (await probeReady(PORT)) === 200) {
      readyAt = Date.now();
      serveStarts.push({ migrated, ms: readyAt - spawnedAt });
    }
    const status = await fetch(`http://${HOST}:${PORT}/login`).then(
      (response) => response.status,
      () => 0,
    );
    // The primary and both HTTP processes (they start together; the first to listen answers).
    if (status === 200 && serverProcesses(server.pid).length >= 3) return server;
    await sleep(readyAt ? 200 : 25);
  }
  throw new Error(`The server did not start within 120 s:\n${log.join("")}`);
}

/** GET /readyz on a port: its status, 0 when nothing answered. */
function probeReady(port: number, timeout = 1_000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: HOST, port, path: "/readyz", agent: false, timeout }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

/** SIGTERM to the primary, then, after `graceMs`, SIGKILL to what is left of its process group. */
async function stopServer(server: RunningServer, graceMs = 30_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  process.kill(server.pid, "SIGTERM");
  const code = await Promise.race([server.exited, sleep(graceMs, "timeout" as const)]);
  if (code !== "timeout") return code;
  killGroup(server.pid);
  return await server.exited;
}

function killGroup(pid: number) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}

/** A process and its descendants, by pid. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  return [pid, ...children.flatMap(processTree)];
}

function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/** The server processes (not PostgreSQL) in the primary's tree. */
function serverProcesses(pid: number): number[] {
  return processTree(pid).filter((one) => processName(one) !== "postgres");
}

/** Resident memory of the server processes (primary and workers), in MB. */
function serverMemoryMb(pid: number): number {
  const kb = serverProcesses(pid).reduce((sum, one) => {
    try {
      const match = readFileSync(`/proc/${one}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      return sum + (match ? Number(match[1]) : 0);
    } catch {
      return sum;
    }
  }, 0);
  return Math.round(kb / 102.4) / 10;
}

// ---------------------------------------------------------------------------------------------
// The database: the embedded PostgreSQL the server started in DATA_DIR, read and stopped directly.

function databaseSettings(): { port: number; password: string } {
  return JSON.parse(readFileSync(path.join(DATA_DIR, "postgres.json"), "utf8"));
}

async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const { port, password } = databaseSettings();
  const client = new pg.Client({ host: HOST, port, user: "postgres", password, database: "voltstock" });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const POSTMASTER_PID = path.join(DATA_DIR, "postgres", "postmaster.pid");

function postmasterPid(): number | null {
  if (!existsSync(POSTMASTER_PID)) return null;
  const pid = Number(readFileSync(POSTMASTER_PID, "utf8").split("\n")[0]);
  return pid > 0 && existsSync(`/proc/${pid}`) ? pid : null;
}

/** How the running PostgreSQL was started: its binary, arguments and user, to start it again alike. */
type PostgresCommand = { binary: string; args: string[]; uid: number; gid: number };

function postgresCommand(pid: number): PostgresCommand {
  const [, ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const id = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1]);
  return { binary: readlinkSync(`/proc/${pid}/exe`), args, uid: id("Uid"), gid: id("Gid") };
}

/** PostgreSQL's fast shutdown (what `pg_ctl stop -m fast` sends): sessions end, the server stops. */
async function stopPostgres(pid: number) {
  process.kill(pid, "SIGINT");
  while (existsSync(`/proc/${pid}`) && processName(pid) !== "") await sleep(50);
}

/** Starts PostgreSQL again as it ran, outside the server's process tree; resolves once it accepts connections. */
async function startPostgres(command: PostgresCommand): Promise<ChildProcess> {
  const child = spawn(command.binary, command.args, {
    uid: command.uid,
    gid: command.gid,
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL did not start again (${child.exitCode})`);
    if (await withDatabase(async () => true).catch(() => false)) return child;
    await sleep(100);
  }
  throw new Error("PostgreSQL did not accept connections within 30 s of its restart");
}

// ---------------------------------------------------------------------------------------------
// HTTP: plain node:http with one keep-alive connection per client, as a browser or proxy would.

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function send(
  agent: http.Agent,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
  port = PORT,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: HOST,
        port,
        path: url,
        method,
        agent,
        headers: {
          cookie,
          accept: url.startsWith("/api/") ? "application/json" : "text/html",
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(30_000, () =>
      request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })),
    );
    request.on("error", reject);
    request.end(payload);
  });
}

function errorCode(error: unknown): string {
  return (error as { code?: string }).code ?? (error as Error).message ?? String(error);
}

// ---------------------------------------------------------------------------------------------
// The session: the first account is the admin; its cookie and the products the clients edit.

type Session = { cookie: string; productIds: number[] };

async function signInAsAdmin(): Promise<Session> {
  const account = {
    email: `admin-${RUN}@resilience.test`,
    password: "resilience-1",
    firstName: "Ada",
    lastName: "Admin",
  };
  const agent = new http.Agent();
  const registered = await send(agent, "POST", "/api/auth/register", "", { ...account, role: "admin" });
  const user = JSON.parse(registered.body).user;
  if (registered.status !== 201 || user?.role !== "admin") {
    throw new Error(
      `Registering the first account (the admin) failed: ${registered.status} ${registered.body}`,
    );
  }
  const login = await send(agent, "POST", "/api/auth/login", "", {
    email: account.email,
    password: account.password,
  });
  const setCookie = login.headers["set-cookie"]?.[0];
  if (login.status !== 200 || !setCookie) throw new Error(`Sign-in failed: ${login.status} ${login.body}`);
  const cookie = setCookie.split(";")[0];
  const products = await send(agent, "GET", "/api/products?limit=100", cookie);
  const list = JSON.parse(products.body);
  const productIds = ((list.items ?? list.products ?? list) as { id: number }[]).map((p) => p.id);
  if (productIds.length === 0) throw new Error(`No products to edit: ${products.body.slice(0, 200)}`);
  return { cookie, productIds };
}

// ---------------------------------------------------------------------------------------------
// The load generator, the same for all three phases.

type Kind = "page" | "api" | "customer" | "price";

type Outcome = {
  kind: Kind;
  method: string;
  url: string;
  language: Language;
  started: number;
  ended: number;
  status: number | null;
  error: string | null;
  /** A 503 that is the documented "database unavailable" answer (page in the reader's language, or JSON; Retry-After). */
  unavailableAnswer: boolean;
};

type Writes = {
  /** Acknowledged customer creations: id to e-mail. */
  customers: Map<number, string>;
  /** Acknowledged price edits: each selling price is unique in the run. */
  prices: { productId: number; sellingPrice: string }[];
};

type Load = { outcomes: Outcome[]; writes: Writes; stopped: boolean };

const SEARCHES = ["studio", "usb", "samsung", "kaapeli", "laptop", "tv"];
let writeSequence = 0;

/** Runs CLIENTS clients until `scenario` (what the phase does meanwhile) is over. */
async function runLoad(session: Session, scenario: (load: Load) => Promise<void>): Promise<Load> {
  const load: Load = { outcomes: [], writes: { customers: new Map(), prices: [] }, stopped: false };
  const clients = Array.from({ length: CLIENTS }, (_, index) => runClient(index, session, load));
  try {
    await scenario(load);
  } finally {
    load.stopped = true;
    await Promise.all(clients);
  }
  return load;
}

async function runClient(index: number, session: Session, load: Load) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const language: Language = index % 2 === 0 ? "en" : "fi";
  const cookie = `${session.cookie}; lng=${Buffer.from(JSON.stringify(language)).toString("base64")}`;
  const call = async (kind: Kind, method: string, url: string, body?: unknown) => {
    const outcome: Outcome = {
      kind,
      method,
      url,
      language,
      started: Date.now(),
      ended: 0,
      status: null,
      error: null,
      unavailableAnswer: false,
    };
    let answer: Answer | null = null;
    try {
      answer = await send(agent, method, url, cookie, body);
      outcome.status = answer.status;
      if (answer.status === 503) outcome.unavailableAnswer = isUnavailableAnswer(url, language, answer);
    } catch (error) {
      outcome.error = errorCode(error);
    }
    outcome.ended = Date.now();
    load.outcomes.push(outcome);
    return answer;
  };
  while (!load.stopped) {
    const roll = Math.random();
    let answer: Answer | null;
    if (roll < 0.6) answer = await read(call, Math.floor(roll * 10));
    else if (roll < 0.85) answer = await createCustomer(call, load.writes);
    else answer = await editPrice(call, session, load.writes);
    // A refused connection is answered at once: do not spin on it.
    if (!answer) await sleep(50);
  }
  agent.destroy();
}

type Call = (kind: Kind, method: string, url: string, body?: unknown) => Promise<Answer | null>;

function read(call: Call, which: number) {
  switch (which % 5) {
    case 0:
      return call("page", "GET", "/");
    case 1:
      return call("page", "GET", "/products");
    case 2:
      return call("page", "GET", `/products?search=${SEARCHES[writeSequence % SEARCHES.length]}`);
    case 3:
      return call("api", "GET", "/api/products?limit=50");
    default:
      return call("api", "GET", "/api/dashboard/stats");
  }
}

async function createCustomer(call: Call, writes: Writes) {
  const n = ++writeSequence;
  const email = `load-${RUN}-${n}@resilience.test`;
  const answer = await call("customer", "POST", "/api/customers", {
    firstName: "Load",
    lastName: `Client ${n}`,
    email,
    company: "Resilience Oy",
  });
  if (answer?.status === 201) writes.customers.set(JSON.parse(answer.body).id, email);
  return answer;
}

/** Reads a product and saves it with a new selling price (409 when another client saved it first). */
async function editPrice(call: Call, session: Session, writes: Writes) {
  const productId = session.productIds[Math.floor(Math.random() * session.productIds.length)];
  const current = await call("price", "GET", `/api/products/${productId}`);
  if (current?.status !== 200) return current;
  // Unique in the run, so that the price history shows this very edit.
  const sellingPrice = (1000 + ++writeSequence / 100).toFixed(2);
  const answer = await call("price", "PUT", `/api/products/${productId}`, {
    ...JSON.parse(current.body),
    sellingPrice,
  });
  if (answer?.status === 200) writes.prices.push({ productId, sellingPrice });
  return answer;
}

function isUnavailableAnswer(url: string, language: Language, answer: Answer): boolean {
  if (!answer.headers["retry-after"]) return false;
  const type = answer.headers["content-type"] ?? "";
  if (url.startsWith("/api/")) {
    try {
      return type.startsWith("application/json") && typeof JSON.parse(answer.body).message === "string";
    } catch {
      return false;
    }
  }
  return type.startsWith("text/html") && answer.body.includes(UNAVAILABLE_TITLE[language]);
}

// ---------------------------------------------------------------------------------------------
// Counting back and judging.

type Found = { acknowledged: number; found: number };

/** Every acknowledged write, looked up in the database: customers by id and e-mail, prices in the price history. */
async function countBack(writes: Writes): Promise<Found> {
  return withDatabase(async (client) => {
    const ids = [...writes.customers.keys()];
    const customers = await client.query<{ id: number; email: string }>(
      "select id, email from customer where id = any($1::int[])",
      [ids],
    );
    const customersFound = customers.rows.filter((row) => writes.customers.get(row.id) === row.email).length;
    const history = await client.query<{ product_id: number; selling_price: string }>(
      "select product_id, selling_price::text from price_history where product_id = any($1::int[])",
      [[...new Set(writes.prices.map((p) => p.productId))]],
    );
    const recorded = new Set(history.rows.map((row) => `${row.product_id}:${row.selling_price}`));
    const pricesFound = writes.prices.filter((p) => recorded.has(`${p.productId}:${p.sellingPrice}`)).length;
    return { acknowledged: ids.length + writes.prices.length, found: customersFound + pricesFound };
  });
}

type Check = { property: string; ok: boolean };
type Figures = Record<string, string | number>;
type PhaseReport = { name: string; figures: Figures; checks: Check[] };

function percentile(load: Load, p: number): number {
  const times = load.outcomes.map((o) => o.ended - o.started).sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? 0;
}

function commonFigures(load: Load, found: Found, seconds: number): Figures {
  const answered = load.outcomes.filter((o) => o.status !== null);
  return {
    requests: load.outcomes.length,
    "requests/s": Math.round(load.outcomes.length / seconds),
    "p50 / p95 ms": `${percentile(load, 50)} / ${percentile(load, 95)}`,
    "writes acknowledged": found.acknowledged,
    "writes found": found.found,
    "409 (stale price edit)": answered.filter((o) => o.status === 409).length,
    "5xx": answered.filter((o) => (o.status ?? 0) >= 500).length,
    "other errors": load.outcomes.filter((o) => o.error !== null).length,
  };
}

function printPhase(report: PhaseReport) {
  const rows = Object.entries(report.figures).map(([key, value]) => [key, String(value)]);
  const checks = report.checks.map((c) => [c.ok ? "ok" : "FAILED", c.property]);
  console.log(
    `\n${report.name}\n${table([["figure", "value"], ...rows])}\n${table([["", "property"], ...checks])}`,
  );
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  return [
    line(rows[0]),
    `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`,
    ...rows.slice(1).map(line),
  ].join("\n");
}

function errorsByCode(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.error ?? `HTTP ${o.status} ${o.method} ${o.url.split("?")[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} × ${n}`).join(", ") || "none";
}

// ---------------------------------------------------------------------------------------------
// The phases.

type Harness = { server: RunningServer; session: Session; restartedPostgres?: ChildProcess };

async function loadPhase(harness: Harness): Promise<PhaseReport> {
  const memory = { start: 0, end: 0 };
  const started = Date.now();
  const load = await runLoad(harness.session, async () => {
    await sleep(WARM_UP_MS);
    memory.start = serverMemoryMb(harness.server.pid);
    await sleep(LOAD_SECONDS * 1000);
    memory.end = serverMemoryMb(harness.server.pid);
  });
  const found = await countBack(load.writes);
  const failures = load.outcomes.filter((o) => o.error !== null || (o.status ?? 0) >= 500);
  const memoryLimit = memory.start * (1 + MEMORY_GROWTH.ratio) + MEMORY_GROWTH.mb;
  return {
    name: `1. Load: ${CLIENTS} clients, ${LOAD_SECONDS} s after a ${WARM_UP_MS / 1000} s warm-up`,
    figures: {
      ...commonFigures(load, found, (Date.now() - started) / 1000),
      "server processes": serverProcesses(harness.server.pid).length,
      "memory at start (MB)": memory.start,
      "memory at end (MB)": memory.end,
    },
    checks: [
      { property: `no 5xx and no failed request (${errorsByCode(failures)})`, ok: failures.length === 0 },
      { property: "every acknowledged write is in the database", ok: found.found === found.acknowledged },
      { property: "some writes were acknowledged", ok: found.acknowledged > 0 },
      {
        property: `memory flat: end ≤ start × ${1 + MEMORY_GROWTH.ratio} + ${MEMORY_GROWTH.mb} MB (${Math.round(memoryLimit)} MB)`,
        ok: memory.end > 0 && memory.end <= memoryLimit,
      },
    ],
  };
}

async function sigtermPhase(harness: Harness): Promise<PhaseReport> {
  const stop = { signalAt: 0, exitedAt: 0, code: null as number | null };
  const load = await runLoad(harness.session, async () => {
    await sleep(WARM_UP_MS);
    stop.signalAt = Date.now();
    process.kill(harness.server.pid, "SIGTERM");
    stop.code = await Promise.race([harness.server.exited, sleep(30_000, -1)]);
    stop.exitedAt = Date.now();
    // The clients keep knocking for a moment on a closed port.
    await sleep(500);
  });
  if (stop.code === -1) killGroup(harness.server.pid);
  harness.server = await startServer();
  const found = await countBack(load.writes);
  const beforeSignal = load.outcomes.filter((o) => o.started < stop.signalAt);
  const afterSignal = load.outcomes.filter((o) => o.started >= stop.signalAt);
  const failedBefore = beforeSignal.filter((o) => o.error !== null || (o.status ?? 0) >= 500);
  const inFlight = beforeSignal.filter((o) => o.ended >= stop.signalAt);
  const refusedAfter = afterSignal.filter((o) => o.error !== null);
  const serverErrorsAfter = afterSignal.filter((o) => (o.status ?? 0) >= 500);
  return {
    name: `2. SIGTERM to the primary under load (${CLIENTS} clients, signal after ${WARM_UP_MS / 1000} s)`,
    figures: {
      ...commonFigures(load, found, (Date.now() - stop.signalAt + WARM_UP_MS) / 1000),
      "in flight at the signal": inFlight.length,
      "of them answered": inFlight.filter((o) => o.status !== null && o.status < 500).length,
      "answered after the signal": afterSignal.filter((o) => o.status !== null).length,
      "refused after the signal (not failures)": refusedAfter.length,
      "of them by kind": errorsByCode(refusedAfter),
      "shutdown (s)": ((stop.exitedAt - stop.signalAt) / 1000).toFixed(1),
      "exit code": String(stop.code),
    },
    checks: [
      {
        property: `every request sent before the signal was answered, none 5xx (${errorsByCode(failedBefore)})`,
        ok: failedBefore.length === 0,
      },
      {
        property: `no 5xx after the signal (${errorsByCode(serverErrorsAfter)})`,
        ok: serverErrorsAfter.length === 0,
      },
      { property: "the server exited by itself with code 0", ok: stop.code === 0 },
      {
        property: "every acknowledged write is in the database after a restart",
        ok: found.found === found.acknowledged,
      },
      { property: "some writes were acknowledged", ok: found.acknowledged > 0 },
    ],
  };
}

async function databaseStopPhase(harness: Harness): Promise<PhaseReport> {
  const t = { stoppedAt: 0, restartedAt: 0, recoveredAt: 0 };
  const probes = { readyzDuringOutage: 0, healthzDuringOutage: 0 };
  const processesBefore = serverProcesses(harness.server.pid);
  let processesAfter: number[] = [];
  const started = Date.now();
  const load = await runLoad(harness.session, async () => {
    await sleep(WARM_UP_MS);
    const pid = postmasterPid();
    if (!pid) throw new Error("No running PostgreSQL found in the data folder");
    const command = postgresCommand(pid);
    t.stoppedAt = Date.now();
    await stopPostgres(pid);
    await sleep(OUTAGE_MS);
    probes.readyzDuringOutage = (await fetch(`http://${HOST}:${PORT}/readyz`)).status;
    probes.healthzDuringOutage = (await fetch(`http://${HOST}:${PORT}/healthz`)).status;
    t.restartedAt = Date.now();
    harness.restartedPostgres = await startPostgres(command);
    t.recoveredAt = await waitForRecovery(harness.session, t.restartedAt + RECOVERY_LIMIT_MS);
    await sleep(WARM_UP_MS);
    processesAfter = serverProcesses(harness.server.pid);
  });
  const found = await countBack(load.writes);
  const recovered = t.recoveredAt > 0;
  const window = (o: Outcome) => o.ended > t.stoppedAt && (!recovered || o.started < t.recoveredAt);
  const answers503 = load.outcomes.filter((o) => o.status === 503);
  const expected503 = answers503.filter((o) => window(o) && o.unavailableAnswer);
  const expectedSet = new Set(expected503);
  const unexpected = load.outcomes.filter(
    (o) => o.error !== null || ((o.status ?? 0) >= 500 && !expectedSet.has(o)),
  );
  const sameProcesses =
    processesAfter.length === processesBefore.length &&
    processesBefore.every((pid) => processesAfter.includes(pid));
  return {
    name: `3. PostgreSQL stopped for ${OUTAGE_MS / 1000} s under load (${CLIENTS} clients), then started again`,
    figures: {
      ...commonFigures(load, found, (Date.now() - started) / 1000),
      "503 while the database was away": expected503.length,
      "of them pages / api": `${expected503.filter((o) => !o.url.startsWith("/api/")).length} / ${expected503.filter((o) => o.url.startsWith("/api/")).length}`,
      "/readyz, /healthz during the outage": `${probes.readyzDuringOutage}, ${probes.healthzDuringOutage}`,
      "recovery after the restart (s)": recovered
        ? ((t.recoveredAt - t.restartedAt) / 1000).toFixed(1)
        : "never",
      "answered after recovery": load.outcomes.filter(
        (o) => recovered && o.started >= t.recoveredAt && o.status !== null,
      ).length,
    },
    checks: [
      {
        property:
          "while the database was away, pages answered the translated 503 page and /api a JSON 503, with Retry-After",
        ok:
          expected503.some((o) => o.url.startsWith("/api/")) &&
          expected503.some((o) => !o.url.startsWith("/api/")),
      },
      {
        property: `no other 5xx and no failed request (${errorsByCode(unexpected)})`,
        ok: unexpected.length === 0,
      },
      {
        property: "/readyz said 503 and /healthz 200 during the outage",
        ok: probes.readyzDuringOutage === 503 && probes.healthzDuringOutage === 200,
      },
      { property: "the same server processes ran throughout", ok: sameProcesses },
      {
        property: `requests succeeded again within ${RECOVERY_LIMIT_MS / 1000} s, without a restart`,
        ok: recovered,
      },
      {
        property: "every acknowledged write (before, during, after) is in the database",
        ok: found.found === found.acknowledged,
      },
    ],
  };
}

/** The time from which a page and an API read both succeed again (0 if not by the deadline). */
async function waitForRecovery(session: Session, deadline: number): Promise<number> {
  const agent = new http.Agent();
  while (Date.now() < deadline) {
    const at = Date.now();
    const page = await send(agent, "GET", "/products", session.cookie).catch(() => null);
    const api = await send(agent, "GET", "/api/products?limit=1", session.cookie).catch(() => null);
    if (page?.status === 200 && api?.status === 200) return at;
    await sleep(100);
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// 4. Rolling restart: two instances behind a proxy that probes /readyz, each stopped in turn with a
// SIGTERM to its whole process group (as systemd and Ctrl+C send it) and started again.

const ROLLING_SECONDS = 40;
const ROLLING_CLIENTS = 16;
const PROBE_MS = 250;
const PROBE_TIMEOUT_MS = 1_000;

type Instance = {
  name: string;
  port: number;
  server: RunningServer;
  /** /readyz answered 200 at the last probe: the proxy sends here. */
  ready: boolean;
  /** Times the probe saw a ready instance turn to 503 (its drain). */
  notReadySeen: number;
  served: number;
};

type RollingStop = { instance: string; exitCode: number | null; stopSeconds: number; readySeconds: number };

/** An instance as `npm run serve` runs one on an external database: two processes, the default drain. */
async function startInstance(port: number, databaseUrl: string, secret: string) {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ["--max-semi-space-size=16", "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secret,
      SEED_DEMO: "false",
      SECURE_COOKIES: "false",
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: the stop signals the whole group.
    detached: true,
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => log.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: RunningServer = { child, pid: child.pid as number, exited, log };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`An instance stopped while starting:\n${log.join("")}`);
    if ((await probeReady(port)) === 200) return { server, readyMs: Date.now() - spawnedAt };
    await sleep(25);
  }
  throw new Error(`An instance did not start within 60 s:\n${log.join("")}`);
}

/**
 * Probes every instance's /readyz every PROBE_MS until `stopped`, as HAProxy's health check does:
 * a 503 takes it out at once (it is going), a probe that got no answer within a second only the
 * third time in a row (a busy instance's answer can take longer). Three such misses take under
 * 4 s, inside the instances' 5 s drain: a going instance is out before its listener closes even
 * when its probes go unanswered.
 */
async function probeInstances(instances: Instance[], state: { stopped: boolean }) {
  const misses = new Map<Instance, number>();
  while (!state.stopped) {
    await Promise.all(
      instances.map(async (instance) => {
        const status = await probeReady(instance.port, PROBE_TIMEOUT_MS);
        misses.set(instance, status === 0 ? (misses.get(instance) ?? 0) + 1 : 0);
        const ready = status === 200 || (status === 0 && instance.ready && (misses.get(instance) ?? 0) < 3);
        if (instance.ready && !ready) instance.notReadySeen++;
        instance.ready = ready;
      }),
    );
    await sleep(PROBE_MS);
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** One request to an instance on a connection of its own (nginx's default upstream), resolved with its answer's head. */
function forward(instance: Instance, req: http.IncomingMessage, body: Buffer): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, connection: "close", "content-length": String(body.length) };
    const upstream = http.request(
      { host: HOST, port: instance.port, method: req.method, path: req.url, headers, agent: false },
      resolve,
    );
    upstream.setTimeout(30_000, () => upstream.destroy(new Error("timeout")));
    upstream.on("error", reject);
    upstream.end(body);
  });
}

/**
 * The proxy: round robin over the instances whose /readyz said 200; a GET that fails before its
 * answer starts (a refused or reset connection) is tried on the other instance, as nginx's
 * proxy_next_upstream does for idempotent requests; a POST is never sent twice.
 */
function startProxy(
  instances: Instance[],
  counts: ProxyCounts,
): Promise<{ server: http.Server; port: number }> {
  let turn = 0;
  const next = (tried: Set<Instance>) => {
    const candidates = instances.filter((instance) => instance.ready && !tried.has(instance));
    return candidates.length === 0 ? undefined : candidates[turn++ % candidates.length];
  };
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const idempotent = req.method === "GET" || req.method === "HEAD";
    const tried = new Set<Instance>();
    for (;;) {
      const instance = next(tried);
      if (!instance) {
        counts.noInstance++;
        res.writeHead(502, { "content-type": "text/plain" }).end("No ready instance");
        return;
      }
      tried.add(instance);
      try {
        const answer = await forward(instance, req, body);
        instance.served++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      } catch (error) {
        if (idempotent) {
          counts.retried++;
          continue;
        }
        counts.upstreamFailed.push(`${req.method} ${req.url}: ${errorCode(error)}`);
        res.writeHead(502, { "content-type": "text/plain" }).end(`Upstream failed: ${errorCode(error)}`);
        return;
      }
    }
  });
  return new Promise((resolve) =>
    server.listen(0, HOST, () => resolve({ server, port: (server.address() as { port: number }).port })),
  );
}

type ProductWrites = Map<number, string>;
type ProxyCounts = { retried: number; noInstance: number; upstreamFailed: string[] };

async function rollingRestartPhase(harness: Harness): Promise<PhaseReport> {
  const { port, password } = databaseSettings();
  const databaseUrl = `postgres://postgres:${password}@${HOST}:${port}/voltstock`;
  const secret = readFileSync(path.join(DATA_DIR, "session-secret"), "utf8").trim();
  const ports = [PORT + 1, PORT + 2];
  const started = await Promise.all(ports.map((one) => startInstance(one, databaseUrl, secret)));
  const instances: Instance[] = started.map(({ server }, i) => ({
    name: "AB"[i],
    port: ports[i],
    server,
    ready: true,
    notReadySeen: 0,
    served: 0,
  }));
  const counts: ProxyCounts = { retried: 0, noInstance: 0, upstreamFailed: [] };
  const proxy = await startProxy(instances, counts);
  const probing = { stopped: false };
  const prober = probeInstances(instances, probing);
  const stops: RollingStop[] = [];
  const products: ProductWrites = new Map();
  const outcomes: Outcome[] = [];
  const load = { stopped: false };
  const phaseStart = Date.now();
  const clients = Array.from({ length: ROLLING_CLIENTS }, (_, index) =>
    rollingClient(index, proxy.port, harness.session, load, outcomes, products),
  );
  try {
    await sleep(5_000);
    for (const instance of instances) {
      const signalAt = Date.now();
      process.kill(-instance.server.pid, "SIGTERM");
      const exitCode = await Promise.race([instance.server.exited, sleep(60_000, -1)]);
      const stopSeconds = (Date.now() - signalAt) / 1000;
      const restarted = await startInstance(instance.port, databaseUrl, secret);
      instance.server = restarted.server;
      stops.push({ instance: instance.name, exitCode, stopSeconds, readySeconds: restarted.readyMs / 1000 });
      // Back in the proxy's rotation before the other one goes.
      while (!instance.ready) await sleep(50);
      await sleep(3_000);
    }
    await sleep(Math.max(0, phaseStart + ROLLING_SECONDS * 1000 - Date.now()));
  } finally {
    load.stopped = true;
    await Promise.all(clients);
    probing.stopped = true;
    await prober;
    proxy.server.close();
    for (const instance of instances) await stopInstance(instance.server);
  }
  const stored = await withDatabase(async (client) => {
    const rows = await client.query<{ id: number; sku: string }>(
      "select id, sku from product where id = any($1::int[])",
      [[...products.keys()]],
    );
    return rows.rows.filter((row) => products.get(row.id) === row.sku).length;
  });
  const failures = outcomes.filter((o) => o.error !== null || (o.status ?? 0) >= 500);
  const seconds = (Date.now() - phaseStart) / 1000;
  const times = outcomes.map((o) => o.ended - o.started).sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? 0;
  return {
    name: `4. Rolling restart: 2 instances × 2 processes behind a /readyz-probing proxy, ${ROLLING_CLIENTS} clients, ${Math.round(seconds)} s`,
    figures: {
      requests: outcomes.length,
      "requests/s": Math.round(outcomes.length / seconds),
      "p50 / p95 ms": `${at(50)} / ${at(95)}`,
      "products acknowledged / found": `${products.size} / ${stored}`,
      "GETs retried on the other instance": counts.retried,
      "proxy 502: no ready instance / upstream failed": `${counts.noInstance} / ${counts.upstreamFailed.length}`,
      "served by A / B": `${instances[0].served} / ${instances[1].served}`,
      "/readyz 503 seen by the proxy (A / B)": `${instances[0].notReadySeen} / ${instances[1].notReadySeen}`,
      ...Object.fromEntries(
        stops.map((stop) => [
          `${stop.instance}: stop (drain + exit), start to /readyz 200`,
          `${stop.stopSeconds.toFixed(1)} s (exit ${stop.exitCode}), ${stop.readySeconds.toFixed(1)} s`,
        ]),
      ),
      "failed requests": failures.length,
    },
    checks: [
      { property: `no failed request (${errorsByCode(failures)})`, ok: failures.length === 0 },
      { property: "every acknowledged product is stored", ok: stored === products.size },
      { property: "some products were acknowledged", ok: products.size > 0 },
      {
        property: "both instances were stopped and exited 0 by themselves",
        ok: stops.length === 2 && stops.every((stop) => stop.exitCode === 0),
      },
      {
        property: "the proxy saw each instance say 503 on /readyz before it went",
        ok: instances.every((instance) => instance.notReadySeen > 0),
      },
    ],
  };
}

async function stopInstance(server: RunningServer) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  process.kill(-server.pid, "SIGTERM");
  if ((await Promise.race([server.exited, sleep(30_000, "timeout" as const)])) === "timeout")
    killGroup(server.pid);
}

/** A client of the proxy on one keep-alive connection: reads pages and the API, creates products. */
async function rollingClient(
  index: number,
  proxyPort: number,
  session: Session,
  load: { stopped: boolean },
  outcomes: Outcome[],
  products: ProductWrites,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const language: Language = index % 2 === 0 ? "en" : "fi";
  const reads = ["/", "/products", "/api/products?limit=50", "/products?search=usb"];
  for (let n = 0; !load.stopped; n++) {
    const create = Math.random() < 0.3;
    const sku = `ROLL-${RUN}-${index}-${n}`;
    const url = create ? "/api/products" : reads[n % reads.length];
    const body = create
      ? {
          name: `Rolling ${n}`,
          sku,
          brand: "Volt",
          purchasePrice: "10.00",
          sellingPrice: "19.90",
          supplier: "Tukku Oy",
        }
      : undefined;
    const outcome: Outcome = {
      kind: create ? "customer" : url.startsWith("/api/") ? "api" : "page",
      method: create ? "POST" : "GET",
      url,
      language,
      started: Date.now(),
      ended: 0,
      status: null,
      error: null,
      unavailableAnswer: false,
    };
    try {
      const answer = await send(agent, outcome.method, url, session.cookie, body, proxyPort);
      outcome.status = answer.status;
      if (create && answer.status === 201) products.set(JSON.parse(answer.body).id, sku);
    } catch (error) {
      outcome.error = errorCode(error);
    }
    outcome.ended = Date.now();
    outcomes.push(outcome);
  }
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------

async function cleanUp(harness: Partial<Harness>) {
  if (harness.server) {
    const code = await stopServer(harness.server, 25_000).catch(() => null);
    if (code !== 0) console.log(`(The server's last stop ended with code ${code}.)`);
  }
  // A PostgreSQL this script started (phase 3), or one a killed server left behind.
  const pid = postmasterPid();
  if (pid) await Promise.race([stopPostgres(pid), sleep(10_000)]);
  harness.restartedPostgres?.unref();
  rmSync(DATA_DIR, { recursive: true, force: true });
}

let expectedReports = 1;

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const harness: Partial<Harness> = {};
  const reports: PhaseReport[] = [];
  try {
    harness.server = await startServer();
    harness.session = await signInAsAdmin();
    const phases = [
      { name: "load", run: loadPhase },
      { name: "sigterm", run: sigtermPhase },
      { name: "database", run: databaseStopPhase },
      { name: "rolling", run: rollingRestartPhase },
    ].filter((phase) => PHASES.has(phase.name));
    // The start on a migrated database is measured on a restart (the SIGTERM phase has one).
    if (!PHASES.has("sigterm")) {
      await stopServer(harness.server);
      harness.server = await startServer();
    }
    for (const phase of phases) {
      const report = await phase.run(harness as Harness);
      printPhase(report);
      reports.push(report);
    }
    expectedReports = phases.length;
  } catch (error) {
    console.error("The run stopped:", error);
    console.error(harness.server?.log.join("").slice(-4000));
    process.exitCode = 1;
  } finally {
    await cleanUp(harness);
  }
  for (const start of serveStarts) {
    const database = start.migrated
      ? "a migrated database"
      : "an empty data folder (initdb, migrations, seed)";
    console.log(
      `Start to /readyz 200 (npm run serve, 2 processes, ${database}): ${(start.ms / 1000).toFixed(1)} s`,
    );
  }
  const failed = reports.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${r.name}: ${c.property}`));
  if (failed.length > 0 || reports.length < expectedReports) {
    console.log(`\nFAILED:\n${failed.join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery property held.");
  }
}

await main();
