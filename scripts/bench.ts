/**
 * `npm run bench`: latency and throughput of the catalogue with 100,000 products.
 * Uses its own data folder (.data-bench), fills it once with `seed --products`, starts the built
 * server on a free port, signs in, and times each scenario from a few concurrent clients on
 * loopback. Bounded: a fixed number of requests per scenario.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { performance } from "node:perf_hooks";

const DATA_DIR = process.env.BENCH_DATA_DIR ?? ".data-bench";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? "1,4").split(",").map(Number);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")}: ${code}`)),
    );
  });
}

async function waitFor(url: string, server: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error("The server stopped");
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("The server did not start");
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const env: Record<string, string> = {
    DATA_DIR,
    SEED_DEMO: "true",
    NODE_ENV: "production",
  };
  // Counts what is there and tops it up to PRODUCTS (the seed script is idempotent for the demo part).
  await run("npx", ["tsx", "scripts/seed.ts", "--top-up", String(PRODUCTS)], env);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn("npx", ["tsx", "server.ts"], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
  });
  try {
    await waitFor(`${base}/login`, server);
    const account = {
      email: "bench@example.com",
      password: "bench-password",
      firstName: "Bench",
      lastName: "Mark",
      role: "admin",
    };
    await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(account),
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (!login.ok)
      throw new Error(
        `Sign-in failed: ${login.status} (is ${DATA_DIR} from another run with another admin?)`,
      );
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const categories = (await (await fetch(`${base}/api/categories`, { headers: { cookie } })).json()) as {
      id: number;
    }[];
    const category = categories[0]?.id ?? 1;

    const scenarios: [string, string][] = [
      ["page /products", "/products"],
      ["page /products searched", "/products?search=lenovo"],
      ["page /products filtered", `/products?category=${category}&status=active`],
      ["api /api/products", "/api/products?limit=50"],
      ["api /api/products searched", "/api/products?search=samsung&limit=50"],
      ["api /api/products filtered", `/api/products?category=${category}&status=active&limit=50`],
    ];
    for (const concurrency of CONCURRENCY) {
      console.log(
        `\n${PRODUCTS.toLocaleString("en")} products, ${REQUESTS} requests per scenario, ${concurrency} at a time\n`,
      );
      console.log(
        `${"scenario".padEnd(30)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"req/s".padStart(8)}`,
      );
      for (const [name, path] of scenarios) {
        await fetch(base + path, { headers: { cookie } }); // warm up
        const times: number[] = [];
        let next = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < REQUESTS) {
              next++;
              const t0 = performance.now();
              const response = await fetch(base + path, { headers: { cookie } });
              await response.arrayBuffer();
              if (!response.ok) throw new Error(`${path}: ${response.status}`);
              times.push(performance.now() - t0);
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        times.sort((a, b) => a - b);
        console.log(
          `${name.padEnd(30)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${(times.length / seconds).toFixed(0).padStart(8)}`,
        );
      }
    }
  } finally {
    server.kill("SIGTERM");
  }
}

await main();
