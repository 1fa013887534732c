/**
 * `npm run bench`: VoltStock at the size of a growing shop, measured from outside.
 *
 * 1. Its own embedded PostgreSQL in `.data-bench` (BENCH_DATA_DIR), topped up to 100,000 products
 *    in 200 categories, 5,000 customers, and the alerts those products raise.
 * 2. The built server (`npm run build` first; the npm script does) in a process of its own, and a
 *    plain `pg` + `node:http` server running the same list queries (the baseline).
 * 3. autocannon at 1, 4 and 16 connections against every page and call of the budget table.
 * 4. A stock count of 2,000 scanned lines and its commit, a bulk repricing of 14,272 products
 *    (preview, apply, memory growth), the prior price of a page of 25 products (its queries), a
 *    full CSV export (time and the
 *    server's peak memory growth), a 50,000-row import, a PDF of 1,000 shelf labels (time and
 *    memory growth), and Lighthouse (mobile) on /login, / and /products in Debian's Chromium.
 * 5. Prints the table with each budget, writes `bench-results.json`, and exits 1 when a budget
 *    is missed.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { BENCH_IMPORT_SKU_PREFIX } from "../app/seeders/bench-import";

/** Labels in the timed print (issue #30: "a PDF of 1,000 labels"), and how many of them in a campaign. */
const LABELS = 1000;
const LABELS_IN_CAMPAIGN = 100;

const DATA_DIR = process.env.BENCH_DATA_DIR ?? ".data-bench";
const SIZE = {
  products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  categories: 200,
  customers: 5_000,
  orders: Number(process.env.BENCH_ORDERS ?? 50_000),
  // Issue #32: every product's stock in each of 20 locations (2,000,000 rows of product_stock).
  locations: Number(process.env.BENCH_LOCATIONS ?? 20),
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/**
 * BENCH_ONLY=<regex>: measure only what matches: calls by name, and "stock count", "lighthouse",
 * "export", "import", "repricing" and "labels" (no files written).
 */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const CONNECTIONS = [1, 4, 16];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = 3;

type Load = { connections: number; requestsPerSecond: number; p50: number; p95: number; errors: number };
/** "shell": a page with no list, measured as the floor of every page of this stack (no budget). */
type Scenario = {
  name: string;
  path: string;
  kind: "page" | "shell" | "stats" | "api" | "calc";
  body?: string;
  signedOut?: true;
  /** A page filtered by a store: the page across all locations it is held to (default: itself unfiltered). */
  versus?: string;
};
/** `reference`: a figure printed beside the budgets to read them by (no limit of its own). */
type Budget = { what: string; limit: string; measured: string; ok: boolean; reference?: true };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process stopped (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

/**
 * Server processes, for the app and the baseline alike (a fair ratio): as `npm start` chooses, one
 * per CPU up to 4, unless WEB_CONCURRENCY says.
 */
const PROCESSES = Number(process.env.WEB_CONCURRENCY) || Math.min(availableParallelism(), 4);

function node(script: string, env: Record<string, string>): ChildProcess {
  // As `npm start` runs the server: a young generation of 16 MB (docs/decisions.md).
  // The built server runs as plain JavaScript (as `npm run serve` runs it); the baseline through
  // vite-node (its ORM's entities come from the aggregates' declarations, which Vite finds).
  const loader = script.endsWith(".ts")
    ? ["node_modules/vite-node/vite-node.mjs", "--config", "scripts/vite-node.config.ts"]
    : [];
  return spawn(process.execPath, ["--max-semi-space-size=16", ...loader, script], {
    env: { ...process.env, WEB_CONCURRENCY: String(PROCESSES), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** The database: started here, migrated, seeded; the servers connect to it by URL. */
async function prepareDatabase(): Promise<{
  url: string;
  stop: () => Promise<void>;
  facts: object;
  priorPrices: { products: number; queries: number; ms: number };
  labelProducts: number[];
}> {
  const { startEmbeddedPostgres } = await import("../app/infra/embedded-postgres.server");
  const database = await startEmbeddedPostgres(DATA_DIR);
  process.env.DATABASE_URL = database.url;
  process.env.SEED_DEMO = "true";
  const { reloadEnv } = await import("../app/infra/env.server");
  reloadEnv();
  const { startDatabase, stopDatabase } = await import("../app/startup/startup.server");
  const { seedBenchData } = await import("../app/seeders/bench.server");
  const { orm } = await startDatabase();
  const started = performance.now();
  const facts = await seedBenchData(orm.em.fork(), SIZE);
  console.log(
    `Data: ${Object.entries(facts)
      .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
      .join(", ")} (ready in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  const priorPrices = await measurePriorPrices(orm.em.fork());
  // The label print's products: with an EAN, some in a running campaign (topped up once).
  const { seedLabelProducts } = await import("../app/seeders/bench.server");
  const labelProducts =
    !ONLY || ONLY.test("labels") ? await seedLabelProducts(orm.em.fork(), LABELS, LABELS_IN_CAMPAIGN) : [];
  await stopDatabase();
  return { url: database.url, stop: database.stop, facts, priorPrices, labelProducts };
}

/** VACUUM (ANALYZE) of one table, on a connection of its own, before the next figure is measured. */
async function vacuum(url: string, table: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`vacuum (analyze) ${table}`);
  } finally {
    await client.end();
  }
}

/**
 * The prior price of a reduction for a page of 25 products (issue #29): the queries it runs, counted
 * on the ORM's connection, and its time. One query for the page, not one per row.
 */
async function measurePriorPrices(db: import("@mikro-orm/postgresql").EntityManager) {
  const { priceClaims } = await import("../app/models/price/price-history.server");
  const page = await db.execute<{ id: number }[]>("select id from product order by name, id limit 25");
  let queries = 0;
  const counted = () => {
    queries += 1;
  };
  db.getKnex().on("query", counted);
  const started = performance.now();
  const claims = await priceClaims(
    page.map((row) => row.id),
    db,
  );
  const ms = performance.now() - started;
  db.getKnex().off("query", counted);
  return { products: claims.size, queries, ms };
}

async function signIn(base: string): Promise<string> {
  const account = { email: "bench@example.com", password: "bench-password-1" };
  await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...account, firstName: "Bench", lastName: "Mark" }),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0];
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function load(url: string, connections: number, cookie: string, body?: string): Promise<Load> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: SECONDS,
        method: body ? "POST" : "GET",
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.total / (result.duration || SECONDS)),
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p95: Math.round(percentile(times, 95) * 10) / 10,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A process and its children (the server's workers), by pid. */
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

/**
 * Peak resident memory growth of a process and its workers while fn runs (sampled from /proc), in
 * all and for each process (the largest growths are printed, to see where it was).
 */
async function peakGrowth<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ value: T; growthMb: number; byProcess: string }> {
  const tree = processTree(pid);
  const rssOf = (one: number) => {
    try {
      const match = readFileSync(`/proc/${one}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const sample = () => tree.map(rssOf);
  const before = sample();
  const peaks = [...before];
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  let peak = sum(before);
  const measure = () => {
    const now = sample();
    now.forEach((value, i) => {
      peaks[i] = Math.max(peaks[i], value);
    });
    peak = Math.max(peak, sum(now));
  };
  const timer = setInterval(measure, 10);
  try {
    const value = await fn();
    measure();
    const mb = (value: number) => Math.round(value * 10) / 10;
    const byProcess = tree
      .map((one, i) => `${one === pid ? "primary" : `worker ${one}`} ${mb(before[i])} -> ${mb(peaks[i])} MB`)
      .join(", ");
    return { value, growthMb: mb(peak - sum(before)), byProcess };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A full CSV export, twice: the server's processes take requests in turn, so each worker serves one
 * (one may have shrunk its heap while the server was quiet and grow it again). The slower time and
 * the larger peak memory growth count.
 */
async function timeExport(base: string, cookie: string, pid: number) {
  const once = async () => {
    const started = performance.now();
    const {
      value: bytes,
      growthMb,
      byProcess,
    } = await peakGrowth(pid, async () => {
      const response = await fetch(`${base}/reports/export?type=products`, { headers: { cookie } });
      if (!response.ok || !response.body) throw new Error(`Export: ${response.status}`);
      const reader = response.body.getReader();
      let total = 0;
      for (let part = await reader.read(); !part.done; part = await reader.read()) total += part.value.length;
      return total;
    });
    const note = bytes > 0 ? "" : " (empty)";
    return {
      seconds: (performance.now() - started) / 1000,
      growthMb,
      byProcess,
      megabytes: bytes / 1e6,
      note,
    };
  };
  const first = await once();
  const second = await once();
  return {
    ...(second.growthMb > first.growthMb ? second : first),
    seconds: Math.max(first.seconds, second.seconds),
  };
}

/**
 * Bulk repricing through its pages (issue #29): a preview of +5 % rounded to .90 over the products
 * a search finds ("phone": the synthetic phones and headphones, 14,272 of 100,000: more than
 * the issue's 10,000), stored and shown; its apply; then its undo, so that the next run finds the
 * same prices. Each timed, with the server's peak memory growth over the preview and the apply.
 */
async function timeRepricing(base: string, cookie: string, pid: number) {
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    const location = response.headers.get("location") ?? "";
    if (response.status !== 302 || !/\/products\/reprice\/\d+$/.test(location))
      throw new Error(`Repricing ${path}: ${response.status} ${location} ${await response.text()}`);
    return Number(location.split("/").pop());
  };
  const timed = async <T>(fn: () => Promise<T>) => {
    const started = performance.now();
    const value = await fn();
    return { value, seconds: (performance.now() - started) / 1000 };
  };
  const { value, growthMb, byProcess } = await peakGrowth(pid, async () => {
    const preview = await timed(async () => {
      const id = await post("/products/reprice", {
        scope: "filters",
        search: "phone",
        rule: "percent",
        value: "5",
        rounding: "90",
      });
      const page = await fetch(`${base}/products/reprice/${id}`, { headers: { cookie } });
      const html = await page.text();
      if (!page.ok) throw new Error(`Repricing preview page: ${page.status}`);
      const products = Number(/data-total="(\d+)"/.exec(html)?.[1] ?? 0);
      return { id, products };
    });
    const apply = await timed(() => post(`/products/reprice/${preview.value.id}`, { intent: "apply" }));
    return { preview, apply };
  });
  const undo = await timed(() => post(`/products/reprice/${value.preview.value.id}`, { intent: "undo" }));
  return {
    products: value.preview.value.products,
    previewSeconds: value.preview.seconds,
    applySeconds: value.apply.seconds,
    undoSeconds: undo.seconds,
    growthMb,
    byProcess,
  };
}

/**
 * A print of shelf labels as staff print them, through the page's form (POST /labels/print): the
 * products named, the A4 3 x 8 sheet, in Finnish; the PDF read to its end. Twice, as the export:
 * the server's processes take requests in turn. The slower time and the larger memory growth count.
 */
async function timeLabels(base: string, cookie: string, pid: number, productIds: number[]) {
  const body = new URLSearchParams({ layout: "a4-3x8", offset: "0", language: "fi" });
  for (const id of productIds) body.append("product", String(id));
  const once = async () => {
    const started = performance.now();
    const { value, growthMb, byProcess } = await peakGrowth(pid, async () => {
      const response = await fetch(`${base}/labels/print`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: body.toString(),
        redirect: "manual",
      });
      if (response.status !== 200 || response.headers.get("content-type") !== "application/pdf")
        throw new Error(`Labels: ${response.status} ${response.headers.get("location") ?? ""}`);
      return Buffer.from(await response.arrayBuffer());
    });
    const seconds = (performance.now() - started) / 1000;
    // A page object per sheet ("/Type /Page", not the "/Type /Pages" of their tree).
    const pages = value.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;
    return { seconds, growthMb, byProcess, megabytes: value.length / 1e6, pages };
  };
  const first = await once();
  const second = await once();
  return {
    ...(second.growthMb > first.growthMb ? second : first),
    labels: productIds.length,
    seconds: Math.max(first.seconds, second.seconds),
  };
}

/** Rows of the timed import: the most one import takes. */
const IMPORT_ROWS = 50_000;

/** Lines of the timed stock count (issue #15: "a count of 2,000 scanned lines commits in one step"). */
const COUNT_LINES = 2000;

/**
 * A stock count as staff make one, through the API: a count of the whole shop, 2,000 products
 * scanned by SKU with the quantity on the shelf (a third one fewer, a third one more than the
 * stock, a third as expected), four scanners at once; then the commit, timed on its own.
 */
async function timeStockCount(base: string, cookie: string) {
  const headers = { cookie, "content-type": "application/json" };
  const products: { sku: string; stockLevel: number }[] = [];
  for (let offset = 0; products.length < COUNT_LINES; offset += 1000) {
    const page = (await (
      await fetch(`${base}/api/products?sort=name&limit=1000&offset=${offset}`, { headers })
    ).json()) as { products: { sku: string; stockLevel: number }[] };
    if (page.products.length === 0) throw new Error("Stock count: fewer products than lines");
    // Never the products of the timed import: the next run deletes them, which a ledger forbids.
    products.push(...page.products.filter((p) => !p.sku.startsWith(BENCH_IMPORT_SKU_PREFIX)));
  }
  const created = await fetch(`${base}/api/stock-counts`, {
    method: "POST",
    headers,
    body: JSON.stringify({ scope: "shop", note: "Benchmark" }),
  });
  if (created.status !== 201) throw new Error(`Stock count: ${created.status} ${await created.text()}`);
  const count = (await created.json()) as { id: number; number: string };
  const lines = products.slice(0, COUNT_LINES);
  const scanStarted = performance.now();
  let next = 0;
  const scanner = async () => {
    while (next < lines.length) {
      const [line, i] = [lines[next], next++];
      const quantity = Math.max(0, Math.min(100_000, line.stockLevel + ((i % 3) - 1)));
      const answer = await fetch(`${base}/api/stock-counts/${count.id}/lines`, {
        method: "POST",
        headers,
        body: JSON.stringify({ code: line.sku, quantity }),
      });
      if (!answer.ok) throw new Error(`Stock count line: ${answer.status} ${await answer.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, scanner));
  const scanSeconds = (performance.now() - scanStarted) / 1000;
  const commitStarted = performance.now();
  const committed = await fetch(`${base}/api/stock-counts/${count.id}/commit`, {
    method: "POST",
    headers,
    body: JSON.stringify({ zeroUncounted: false }),
  });
  const commitSeconds = (performance.now() - commitStarted) / 1000;
  if (!committed.ok) throw new Error(`Stock count commit: ${committed.status} ${await committed.text()}`);
  const { moved } = (await committed.json()) as { moved: number };
  return { number: count.number, lines: lines.length, moved, scanSeconds, commitSeconds };
}

/**
 * A product import through the pages, as staff run it: the file is checked (one request), the
 * import started, and its page read until the server's job is done. Timed in two parts, with the
 * server's peak memory growth (its workers and the primary, where the job runs).
 */
async function timeImport(base: string, cookie: string, pid: number) {
  const run = Date.now().toString(36).toUpperCase();
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) =>
    [
      `Bench import ${run} ${i}`,
      `${BENCH_IMPORT_SKU_PREFIX}${run}-${i}`,
      "Benchbrand",
      "49.90",
      "99.90",
      "Bench supplier",
    ].join(","),
  );
  const csv = ["name,sku,brand,purchasePrice,sellingPrice,supplier", ...rows].join("\n");
  const started = performance.now();
  let checked = 0;
  const {
    value: status,
    growthMb,
    byProcess,
  } = await peakGrowth(pid, async () => {
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
    const check = await fetch(`${base}/products/import`, {
      method: "POST",
      headers: { cookie },
      body: form,
      redirect: "manual",
    });
    const page = check.headers.get("location");
    if (check.status !== 302 || !page) throw new Error(`Import check: ${check.status}`);
    checked = performance.now();
    const start = await fetch(new URL(page, base), {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=import",
      redirect: "manual",
    });
    if (start.status !== 302) throw new Error(`Import start: ${start.status}`);
    for (;;) {
      const html = await (await fetch(new URL(page, base), { headers: { cookie } })).text();
      const state = /data-status="(\w+)"/.exec(html)?.[1];
      if (state === "done" || state === "failed") return state;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  if (status !== "done") throw new Error(`Import: ${status}`);
  const ended = performance.now();
  return {
    rows: IMPORT_ROWS,
    checkSeconds: (checked - started) / 1000,
    writeSeconds: (ended - checked) / 1000,
    seconds: (ended - started) / 1000,
    growthMb,
    byProcess,
  };
}

async function runLighthouse(base: string, cookie: string) {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  type Score = { performance: number; accessibility: number; cls: number };
  const scores: Record<string, Score> = {};
  try {
    // A first run in a new browser is slower than the ones after it, whatever the page: discarded.
    await lighthouseScore(chrome.port, `${base}/login`, "");
    for (const path of ["/login", "/", "/products"]) {
      // Scores vary from run to run (Lighthouse's own advice): the median of LIGHTHOUSE_RUNS.
      const runs: Score[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
        runs.push(await lighthouseScore(chrome.port, base + path, path === "/login" ? "" : cookie));
      const median = (pick: (score: Score) => number) =>
        runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
      scores[path] = {
        performance: median((r) => r.performance),
        accessibility: median((r) => r.accessibility),
        cls: median((r) => r.cls),
      };
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

/** One Lighthouse run (mobile, simulated slow 4G: its defaults) of one page. */
async function lighthouseScore(port: number, url: string, cookie: string) {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: cookie ? { cookie } : {},
    },
    undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    cls: Math.round(((lhr.audits["cumulative-layout-shift"]?.numericValue as number) ?? 0) * 1000) / 1000,
  };
}

function table(rows: string[][]) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "),
  );
}

/** The README's Performance section shows the last run: its table, between two markers. */
function writeReadmeTable(results: Record<string, unknown>, budgets: Budget[]) {
  const loads = results.loads as Record<string, Load[]>;
  const cell = (l: Load) => `${l.requestsPerSecond} req/s, p50 ${l.p50} ms, p95 ${l.p95} ms`;
  const lines = [
    "<!-- bench-table -->",
    `Last run: ${String(results.when).slice(0, 10)}, ${Object.entries(results.data as object)
      .map(([k, v]) => `${Number(v).toLocaleString("en")} ${k}`)
      .join(
        ", ",
      )}; ${availableParallelism()} cores, PostgreSQL on the same machine, ${results.processes} server processes (the baseline as many).`,
    "",
    `| | ${CONNECTIONS.map((c) => `${c} client${c > 1 ? "s" : ""}`).join(" | ")} |`,
    `|---|${CONNECTIONS.map(() => "---").join("|")}|`,
    ...Object.entries(loads).map(([name, l]) => `| \`${name}\` | ${l.map(cell).join(" | ")} |`),
    "",
    "| Budget | Limit | Measured | |",
    "|---|---|---|---|",
    ...budgets.map(
      (b) =>
        `| ${b.what} | ${b.limit} | ${b.measured} | ${b.reference ? "reference" : b.ok ? "met" : "**missed**"} |`,
    ),
    "<!-- /bench-table -->",
  ];
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("<!-- bench-table -->");
  const end = readme.indexOf("<!-- /bench-table -->");
  if (start < 0) return;
  const after = end < 0 ? start + "<!-- bench-table -->".length : end + "<!-- /bench-table -->".length;
  writeFileSync("README.md", readme.slice(0, start) + lines.join("\n") + readme.slice(after));
  // Biome formats Markdown too (npm run check): the table is written in its layout.
  execFileSync("npx", ["biome", "format", "--write", "README.md"], { stdio: "ignore" });
}

async function main() {
  const started = performance.now();
  const database = await prepareDatabase();
  const appPort = await freePort();
  const basePort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const server = node("build/server.js", {
    DATABASE_URL: database.url,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    SECURE_COOKIES: "false",
    SESSION_SECRET: "bench-session-secret-0123456789",
    SEED_DEMO: "false",
    SHUTDOWN_DRAIN_SECONDS: "0",
    OPEN_REGISTRATION: "true",
  });
  const baseline = node("scripts/bench-baseline.ts", { DATABASE_URL: database.url, PORT: String(basePort) });
  const budgets: Budget[] = [];
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    data: database.facts,
    processes: PROCESSES,
  };
  try {
    await waitFor(`${base}/login`, server);
    await waitFor(`http://127.0.0.1:${basePort}/`, baseline);
    const cookie = await signIn(base);
    const categories = (await (await fetch(`${base}/api/categories`, { headers: { cookie } })).json()) as {
      id: number;
      parentId: number | null;
    }[];
    const root = categories.find((c) => c.parentId === null)?.id ?? 1;
    // One store of the 20 (issue #32): the pages filtered by it against the same pages across all.
    const places = (await (await fetch(`${base}/api/locations`, { headers: { cookie } })).json()) as {
      locations: { id: number; isDefault: boolean; kind: string }[];
    };
    const store = places.locations.find((l) => !l.isDefault && l.kind === "store")?.id ?? 1;

    const scenarios: Scenario[] = [
      { name: "/", path: "/", kind: "page" },
      { name: "/products", path: "/products", kind: "page" },
      // The page at half the spec's 50 rows: 50 rows must cost less than twice 25 (issue #25).
      { name: "/products?limit=25", path: "/products?limit=25", kind: "page" },
      { name: "/products?search=studio", path: "/products?search=studio", kind: "page" },
      { name: "/products?category=(a group)", path: `/products?category=${root}`, kind: "page" },
      { name: "/products?sort=margin", path: "/products?sort=margin", kind: "page" },
      { name: "/inventory?tab=low-stock", path: "/inventory?tab=low-stock", kind: "page" },
      { name: "/inventory?tab=low-margin", path: "/inventory?tab=low-margin", kind: "page" },
      // Issue #15: the products at or under their reorder point, grouped by supplier.
      { name: "/inventory?tab=reorder", path: "/inventory?tab=reorder", kind: "page" },
      { name: "/inventory?tab=all", path: "/inventory?tab=all", kind: "page" },
      { name: "/?location=(a store)", path: `/?location=${store}`, kind: "page" },
      {
        name: "/inventory?tab=low-stock&location=(a store)",
        path: `/inventory?tab=low-stock&location=${store}`,
        kind: "page",
        // Across all locations the tab lists nothing here (a product's total is its 20 locations'
        // sum, far above the point), a store's lists 50 rows: held to the "all" tab's 50 rows, so
        // that what is compared is the filter, not 50 rows against none.
        versus: "/inventory?tab=all",
      },
      {
        name: "/inventory?tab=low-margin&location=(a store)",
        path: `/inventory?tab=low-margin&location=${store}`,
        kind: "page",
      },
      {
        name: "/inventory?tab=reorder&location=(a store)",
        path: `/inventory?tab=reorder&location=${store}`,
        kind: "page",
      },
      {
        name: "/inventory?tab=all&location=(a store)",
        path: `/inventory?tab=all&location=${store}`,
        kind: "page",
      },
      { name: "/locations", path: "/locations", kind: "page" },
      { name: "/locations/(a store)", path: `/locations/${store}`, kind: "page" },
      { name: "/transfers", path: "/transfers", kind: "page" },
      { name: "/orders", path: "/orders", kind: "page" },
      { name: "/orders?status=pending", path: "/orders?status=pending", kind: "page" },
      // The floor under every page's ratio (issue #27): a signed-in page with no list (the margin
      // calculator's form in the app's shell), and the signed-out login page.
      { name: "/margin-calculator (no list)", path: "/margin-calculator", kind: "shell" },
      { name: "/login (signed out, no list)", path: "/login", kind: "shell", signedOut: true },
      { name: "/api/dashboard/stats", path: "/api/dashboard/stats", kind: "stats" },
      {
        name: "/api/dashboard/stats?locationId=(a store)",
        path: `/api/dashboard/stats?locationId=${store}`,
        kind: "stats",
      },
      { name: "/api/orders?limit=50", path: "/api/orders?limit=50", kind: "api" },
      { name: "/api/products?limit=50", path: "/api/products?limit=50", kind: "api" },
      {
        name: "POST /api/calculate-margin",
        path: "/api/calculate-margin",
        kind: "calc",
        body: JSON.stringify({ purchasePrice: "49.90", sellingPrice: "99.90", vatInclusive: true }),
      },
    ];
    const measured: Record<string, Load[]> = {};
    for (const scenario of scenarios.filter((s) => !ONLY || ONLY.test(s.name))) {
      const url = base + scenario.path;
      const as = scenario.signedOut ? "" : cookie;
      const probe = await fetch(url, {
        method: scenario.body ? "POST" : "GET",
        headers: { cookie: as, "content-type": "application/json" },
        body: scenario.body,
      });
      if (!probe.ok) throw new Error(`${scenario.name}: ${probe.status}`);
      measured[scenario.name] = [];
      for (const connections of CONNECTIONS) {
        measured[scenario.name].push(await load(url, connections, as, scenario.body));
      }
      process.stdout.write(".");
    }
    const baselineLoads: Load[] = [];
    for (const connections of ONLY && !measured["/api/products?limit=50"] ? [] : CONNECTIONS) {
      baselineLoads.push(await load(`http://127.0.0.1:${basePort}/api/products`, connections, ""));
    }
    // The raw floor of a page (issue #27): the same list and count as plain HTML, measured in
    // the same run, so that the pages' budgets are ratios that travel between machines.
    const rawPageLoads: Load[] = [];
    const pagesMeasured = scenarios.some(
      (s) => (s.kind === "page" || s.kind === "shell") && measured[s.name],
    );
    for (const connections of pagesMeasured ? CONNECTIONS : []) {
      rawPageLoads.push(await load(`http://127.0.0.1:${basePort}/page`, connections, ""));
    }
    console.log("\n");
    if (baselineLoads.length) measured["plain pg baseline (same list query)"] = baselineLoads;
    if (rawPageLoads.length) measured["raw HTML page (same list, plain pg)"] = rawPageLoads;
    results.loads = measured;

    const rows = [["", ...CONNECTIONS.flatMap((c) => [`${c}: req/s`, "p50", "p95"]), "errors"]];
    for (const [name, loads] of Object.entries(measured)) {
      rows.push([
        name,
        ...loads.flatMap((l) => [String(l.requestsPerSecond), `${l.p50}`, `${l.p95}`]),
        String(loads.reduce((n, l) => n + l.errors, 0)),
      ]);
    }
    console.log(table(rows).join("\n"));

    const at = (name: string, connections: number) =>
      measured[name]?.find((l) => l.connections === connections) as Load;
    // Pages against the raw HTML page: the products list at least 0.5 x at 1 and at 16 clients,
    // the other pages at least 0.4 x at 16 (issue #27's budgets).
    const raw = (connections: number) => rawPageLoads.find((l) => l.connections === connections);
    for (const scenario of scenarios.filter((s) => s.kind === "page" && measured[s.name])) {
      const products = scenario.path.startsWith("/products") && scenario.name !== "/products?limit=25";
      const least = products ? 0.5 : 0.4;
      for (const connections of products ? [1, 16] : [16]) {
        const floor = raw(connections);
        if (!floor) continue;
        const ratio = at(scenario.name, connections).requestsPerSecond / floor.requestsPerSecond;
        budgets.push({
          what: `${scenario.name} vs raw page at ${connections}`,
          limit: `>= ${least} x`,
          measured: `${ratio.toFixed(2)} x`,
          ok: ratio >= least,
        });
      }
    }
    // What a page with no list reaches against the raw page: no page of this stack can do better.
    for (const scenario of scenarios.filter((s) => s.kind === "shell" && measured[s.name])) {
      for (const connections of [1, 16]) {
        const floor = raw(connections);
        if (!floor) continue;
        const ratio = at(scenario.name, connections).requestsPerSecond / floor.requestsPerSecond;
        budgets.push({
          what: `${scenario.name} vs raw page at ${connections}`,
          limit: "(none)",
          measured: `${ratio.toFixed(2)} x`,
          ok: true,
          reference: true,
        });
      }
    }
    const half = at("/products?limit=25", 16)?.requestsPerSecond;
    const full = at("/products", 16)?.requestsPerSecond;
    if (half !== undefined && full !== undefined)
      budgets.push({
        what: "/products 50 rows' cost vs 25 rows' at 16",
        limit: "< 2 x",
        measured: `${(half / full).toFixed(2)} x`,
        ok: half / full < 2,
      });
    // Issue #32: at 20 locations, a page filtered by one costs no more than it does across all
    // (at least 0.8 x at 16 clients: the same page, within the run's noise; the stats call keeps
    // its own budget below), and the location screens cost no more than the products page.
    for (const scenario of scenarios.filter(
      (s) => s.kind === "page" && /\(a store\)$/.test(s.name) && measured[s.name],
    )) {
      const across = scenario.versus ?? scenario.name.replace(/[?&]location(Id)?=\(a store\)$/, "");
      const all = at(across, 16)?.requestsPerSecond;
      if (all === undefined || across === scenario.name) continue;
      const ratio = at(scenario.name, 16).requestsPerSecond / all;
      budgets.push({
        what: `${scenario.name} vs ${scenario.versus ? `${scenario.versus} across ` : ""}all locations at 16`,
        limit: ">= 0.8 x",
        measured: `${ratio.toFixed(2)} x`,
        ok: ratio >= 0.8,
      });
    }
    const productsPage = at("/products", 16)?.requestsPerSecond;
    for (const name of ["/locations", "/locations/(a store)", "/transfers"]) {
      const screen = at(name, 16)?.requestsPerSecond;
      if (screen === undefined || productsPage === undefined) continue;
      budgets.push({
        what: `${name} vs /products at 16`,
        limit: ">= 1 x",
        measured: `${(screen / productsPage).toFixed(2)} x`,
        ok: screen >= productsPage,
      });
    }
    // The stats call's budget, across all locations and for one (issue #32).
    for (const name of ["/api/dashboard/stats", "/api/dashboard/stats?locationId=(a store)"]) {
      const stats = at(name, 16)?.requestsPerSecond;
      if (stats !== undefined)
        budgets.push({
          what: `${name} at 16`,
          limit: ">= 300 req/s",
          measured: `${stats}`,
          ok: stats >= 300,
        });
    }
    const ratio = baselineLoads.length
      ? at("/api/products?limit=50", 16).requestsPerSecond / baselineLoads[2].requestsPerSecond
      : undefined;
    if (ratio !== undefined)
      budgets.push({
        what: "/api/products vs plain pg at 16",
        limit: ">= 1 x",
        measured: `${ratio.toFixed(2)} x`,
        ok: ratio >= 1,
      });
    const errors = Object.values(measured)
      .flat()
      .reduce((n, l) => n + l.errors, 0);
    budgets.push({ what: "errors under load", limit: "0", measured: String(errors), ok: errors === 0 });

    // BENCH_ONLY="stock count" times the count alone.
    if (!ONLY || ONLY.test("stock count")) {
      const counted = await timeStockCount(base, cookie);
      results.stockCount = counted;
      console.log(
        `Stock count ${counted.number}: ${counted.lines.toLocaleString("en")} lines scanned in ${counted.scanSeconds.toFixed(1)} s (four scanners), committed in ${counted.commitSeconds.toFixed(2)} s (${counted.moved} movements)`,
      );
      budgets.push({
        what: "2,000-line stock count commit",
        limit: "< 10 s",
        measured: counted.commitSeconds.toFixed(2),
        ok: counted.commitSeconds < 10,
      });
    }

    // BENCH_ONLY="repricing" times the bulk repricing alone.
    if (!ONLY || ONLY.test("repricing")) {
      const repriced = await timeRepricing(base, cookie, server.pid as number);
      // Its apply and undo leave ~28,000 dead product rows: past autovacuum's threshold, which
      // would then vacuum the table while the export after it is timed.
      await vacuum(database.url, "product");
      results.repricing = repriced;
      console.log(
        `Bulk repricing of ${repriced.products.toLocaleString("en")} products: previewed in ${repriced.previewSeconds.toFixed(2)} s, applied in ${repriced.applySeconds.toFixed(2)} s (undone in ${repriced.undoSeconds.toFixed(2)} s), server memory +${repriced.growthMb} MB (${repriced.byProcess})`,
      );
      budgets.push({
        what: `bulk repricing preview (${repriced.products.toLocaleString("en")} products)`,
        limit: "< 2 s",
        measured: repriced.previewSeconds.toFixed(2),
        ok: repriced.previewSeconds < 2,
      });
      budgets.push({
        what: "bulk repricing apply",
        limit: "< 10 s",
        measured: repriced.applySeconds.toFixed(2),
        ok: repriced.applySeconds < 10,
      });
      budgets.push({
        what: "bulk repricing memory growth",
        limit: "< 100 MB",
        measured: `${repriced.growthMb}`,
        ok: repriced.growthMb < 100,
      });
    }

    if (!ONLY || ONLY.test("prior price")) {
      const { products, queries, ms } = database.priorPrices;
      results.priorPrices = database.priorPrices;
      console.log(`Prior prices of ${products} products: ${queries} query in ${ms.toFixed(1)} ms`);
      budgets.push({
        what: `prior price for a page of ${products} products`,
        limit: "1 query",
        measured: `${queries} (${ms.toFixed(1)} ms)`,
        ok: queries === 1,
      });
    }

    // Lighthouse before the export and the import, while nothing else runs on the machine.
    await measureTheRest(cookie);
  } finally {
    server.kill("SIGTERM");
    baseline.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await database.stop();
  }

  /** Lighthouse, the export and the import. */
  async function measureTheRest(cookie: string) {
    const chosen = (what: string) => !ONLY || ONLY.test(what);
    if (process.env.BENCH_LIGHTHOUSE !== "false" && chosen("lighthouse")) {
      const scores = await runLighthouse(base, cookie);
      results.lighthouse = scores;
      for (const [path, score] of Object.entries(scores)) {
        console.log(
          `Lighthouse ${path}: performance ${score.performance}, accessibility ${score.accessibility}, CLS ${score.cls}`,
        );
        budgets.push({
          what: `Lighthouse ${path} performance`,
          limit: ">= 95",
          measured: `${score.performance}`,
          ok: score.performance >= 95,
        });
        budgets.push({
          what: `Lighthouse ${path} accessibility`,
          limit: "100",
          measured: `${score.accessibility}`,
          ok: score.accessibility === 100,
        });
        budgets.push({
          what: `Lighthouse ${path} layout shift`,
          limit: "< 0.1",
          measured: `${score.cls}`,
          ok: score.cls < 0.1,
        });
      }
    }

    if (chosen("export")) await measureExport(cookie);
    if (chosen("labels")) await measureLabels(cookie);
    if (chosen("import")) await measureImport(cookie);
  }

  async function measureLabels(cookie: string) {
    const printed = await timeLabels(base, cookie, server.pid as number, database.labelProducts);
    results.labels = printed;
    console.log(
      `\nPDF of ${printed.labels.toLocaleString("en")} shelf labels (A4 3 x 8, ${printed.pages} sheets, ${printed.megabytes.toFixed(1)} MB): ${printed.seconds.toFixed(2)} s, server memory +${printed.growthMb} MB (${printed.byProcess})`,
    );
    budgets.push({
      what: `PDF of ${printed.labels.toLocaleString("en")} shelf labels`,
      limit: "< 5 s",
      measured: printed.seconds.toFixed(2),
      ok: printed.seconds < 5 && printed.labels === LABELS,
    });
    budgets.push({
      what: "shelf labels PDF memory growth",
      limit: "< 100 MB",
      measured: `${printed.growthMb}`,
      ok: printed.growthMb < 100,
    });
  }

  async function measureExport(cookie: string) {
    const exported = await timeExport(base, cookie, server.pid as number);
    results.export = exported;
    console.log(
      `\nCSV export of ${database.facts && (database.facts as { products: number }).products} products: ${exported.seconds.toFixed(2)} s, ${exported.megabytes.toFixed(1)} MB, server memory +${exported.growthMb} MB (${exported.byProcess})`,
    );
    budgets.push({
      what: "CSV export time",
      limit: "< 3 s",
      measured: exported.seconds.toFixed(2),
      ok: exported.seconds < 3,
    });
    budgets.push({
      what: "CSV export memory growth",
      limit: "< 64 MB",
      measured: `${exported.growthMb}`,
      ok: exported.growthMb < 64,
    });
  }

  async function measureImport(cookie: string) {
    const imported = await timeImport(base, cookie, server.pid as number);
    results.import = imported;
    console.log(
      `Import of ${imported.rows.toLocaleString("en")} rows: checked in ${imported.checkSeconds.toFixed(2)} s, written in ${imported.writeSeconds.toFixed(2)} s, server memory +${imported.growthMb} MB (${imported.byProcess})`,
    );
    budgets.push({
      what: "50,000-row import (check and write)",
      limit: "< 90 s",
      measured: imported.seconds.toFixed(2),
      ok: imported.seconds < 90,
    });
    budgets.push({
      what: "50,000-row import memory growth",
      limit: "< 256 MB",
      measured: `${imported.growthMb}`,
      ok: imported.growthMb < 256,
    });
  }
  results.budgets = budgets;
  results.seconds = Math.round((performance.now() - started) / 1000);
  if (!ONLY) writeFileSync("bench-results.json", `${JSON.stringify(results, null, 2)}\n`);
  if (!ONLY && process.env.BENCH_README !== "false") writeReadmeTable(results, budgets);
  console.log(
    `\n${table([["budget", "limit", "measured", ""], ...budgets.map((b) => [b.what, b.limit, b.measured, b.reference ? "reference" : b.ok ? "ok" : "MISSED"])]).join("\n")}`,
  );
  console.log(`\n${ONLY ? "" : "bench-results.json written; "}${results.seconds} s in all.`);
  process.exit(budgets.some((b) => !b.ok) ? 1 : 0);
}

await main();
