import pg from "pg";
import { BASE_URL } from "../../playwright.config";
import { createUser, expect, type TestUser, test, uniqueId } from "./fixtures";
import { e2eDatabaseUrl, e2eSessionSecret, type SecondServer, startSecondServer } from "./second-server";

/**
 * Two server processes on one PostgreSQL behave as one: server A is the suite's own (BASE_URL),
 * server B a second process on the same database with the same session secret, as a second
 * machine behind a load balancer would be. Everything goes over real HTTP, each request naming the
 * server it goes to.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

const A = BASE_URL;
let B = "";
const servers: SecondServer[] = [];
let freshDatabase: string | undefined;

test.beforeAll(async () => {
  const second = await startSecondServer({
    databaseUrl: e2eDatabaseUrl(),
    sessionSecret: e2eSessionSecret(),
  });
  servers.push(second);
  B = second.url;
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (freshDatabase) await dropDatabase(freshDatabase);
});

/** Signs in on one server; the session cookie (name=value) it answers with. */
async function signIn(server: string, user: Pick<TestUser, "email" | "password">): Promise<string> {
  const response = await fetch(`${server}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = /__session=[^;]*/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  expect(cookie).toBeTruthy();
  return cookie as string;
}

function send(server: string, path: string, cookie: string, init: { method?: string; json?: unknown } = {}) {
  return fetch(`${server}${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: { Cookie: cookie, ...(init.json === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

test("a session made on one server works on the other, and signing out on either ends it on both", async ({
  request,
}) => {
  const user = await createUser(request, "salesperson");
  const cookie = await signIn(A, user);
  const onB = await send(B, "/api/auth/user", cookie);
  expect(onB.status).toBe(200);
  const seenOnB = await onB.json();
  expect(seenOnB).toMatchObject({ email: user.email, role: "salesperson" });
  expect(await (await send(A, "/api/auth/user", cookie)).json()).toEqual(seenOnB);

  expect((await send(B, "/api/auth/logout", cookie, { json: {} })).status).toBe(200);
  expect((await send(A, "/api/auth/user", cookie)).status).toBe(401);
  expect((await send(B, "/api/auth/user", cookie)).status).toBe(401);
});

test("five wrong passwords split between the two servers lock the account on both, with 429 and Retry-After", async ({
  request,
}) => {
  const user = await createUser(request, "salesperson");
  // The server trusts X-Forwarded-For from this host (a reverse proxy): addresses of this test's own.
  const net = `198.19.${Math.floor(Math.random() * 250)}`;
  const attempt = (server: string, password: string, i: number) =>
    fetch(`${server}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `${net}.${i}` },
      body: JSON.stringify({ email: user.email, password }),
    });
  for (let i = 1; i <= 5; i++) {
    expect((await attempt(i % 2 ? A : B, "wrong-one", i)).status).toBe(401);
  }
  for (const [server, i] of [
    [A, 100],
    [B, 101],
  ] as const) {
    const locked = await attempt(server, user.password, i);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  }
});

/** The scanner page's list as a server shows it: its summary count and each row's quantity. */
async function scannerList(server: string, cookie: string) {
  const response = await send(server, "/barcode-scanner", cookie);
  expect(response.status).toBe(200);
  const html = await response.text();
  const count = Number(/data-testid="scanned-summary">(\d+) items?,/.exec(html)?.[1]);
  const quantities = [...html.matchAll(/data-testid="scanned-quantity">(\d+)</g)].map((m) => Number(m[1]));
  return { count, quantities };
}

function scanner(server: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${server}/barcode-scanner`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

test("the scanner's list changed on one server is seen on the other; ten scans sent at once to both all count", async ({
  request,
}) => {
  const manager = await createUser(request, "manager");
  const cookie = await signIn(A, manager);
  const sku = `TWO-${uniqueId()}`;
  const created = await send(A, "/api/products", cookie, {
    json: {
      name: `Two servers ${sku}`,
      sku,
      brand: "Brand",
      purchasePrice: "10.00",
      sellingPrice: "20.00",
      stockLevel: 5,
      supplier: "S",
    },
  });
  expect(created.status).toBe(201);

  expect((await scanner(A, cookie, { intent: "scan", code: sku })).status).toBe(302);
  expect(await scannerList(B, cookie)).toEqual({ count: 1, quantities: [1] });
  expect((await scanner(B, cookie, { intent: "clear" })).status).toBe(302);
  expect(await scannerList(A, cookie)).toEqual({ count: 0, quantities: [] });

  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => scanner(i % 2 ? A : B, cookie, { intent: "scan", code: sku })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(302));
  // Adding a product already in the list raises its quantity: one row of ten, on both servers.
  expect(await scannerList(A, cookie)).toEqual({ count: 10, quantities: [10] });
  expect(await scannerList(B, cookie)).toEqual({ count: 10, quantities: [10] });
});

/** The dashboard's totals recomputed from the products themselves, in one snapshot. */
async function totalsFromProducts() {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: number; value: string }>(
      `select count(*)::int as total, coalesce(sum(selling_price * stock_level), 0)::numeric(20,2)::text as value
       from product`,
    );
    return { totalProducts: rows[0].total, inventoryValue: rows[0].value };
  } finally {
    await client.end();
  }
}

test("stock edits sent at once to both servers leave the dashboard totals equal on both and true to the products", async ({
  request,
}) => {
  const manager = await createUser(request, "manager");
  const cookie = await signIn(A, manager);
  const id = uniqueId();
  const products = await Promise.all(
    [0, 1].map(async (n) => {
      const input = {
        name: `Kept totals ${id} ${n}`,
        sku: `KEPT-${id}-${n}`,
        brand: "Brand",
        purchasePrice: "10.00",
        sellingPrice: n ? "7.25" : "3.10",
        // Under cost on purpose (the dashboard's low-margin figures): the manager says why.
        belowCostReason: "Clearance of old stock",
        stockLevel: 1,
        supplier: "S",
      };
      const created = await send(n ? B : A, "/api/products", cookie, { json: input });
      expect(created.status).toBe(201);
      return { id: (await created.json()).id as number, input };
    }),
  );

  // Twenty edits at once, each product's ten split between the servers; with no version named,
  // the last one to commit wins.
  const edits = products.flatMap((product, n) =>
    Array.from({ length: 10 }, (_, i) =>
      send(i % 2 ? A : B, `/api/products/${product.id}`, cookie, {
        method: "PUT",
        json: { ...product.input, stockLevel: 100 * (n + 1) + i },
      }),
    ),
  );
  expect((await Promise.all(edits)).map((answer) => answer.status)).toEqual(Array(20).fill(200));

  const finalStock: number[] = [];
  for (const product of products) {
    const onA = await (await send(A, `/api/products/${product.id}`, cookie)).json();
    const onB = await (await send(B, `/api/products/${product.id}`, cookie)).json();
    expect(onB.stockLevel).toBe(onA.stockLevel);
    finalStock.push(onA.stockLevel);
  }
  expect(finalStock[0]).toBeGreaterThanOrEqual(100);
  expect(finalStock[0]).toBeLessThan(110);
  expect(finalStock[1]).toBeGreaterThanOrEqual(200);
  expect(finalStock[1]).toBeLessThan(210);

  // The kept totals agree on both servers and with a count over the products (polled: other
  // workers of the suite may be writing products at the same moment).
  await expect
    .poll(async () => {
      const [onA, onB, recomputed] = await Promise.all([
        send(A, "/api/dashboard/stats", cookie).then((r) => r.json()),
        send(B, "/api/dashboard/stats", cookie).then((r) => r.json()),
        totalsFromProducts(),
      ]);
      const picked = (stats: typeof onA) => ({
        totalProducts: stats.totalProducts,
        inventoryValue: stats.inventoryValue,
      });
      return [picked(onA), picked(onB)].map((stats) => JSON.stringify(stats) === JSON.stringify(recomputed));
    })
    .toEqual([true, true]);
});

async function withPostgres<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl({ database: "postgres" }) });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string) {
  await withPostgres((client) => client.query(`drop database if exists ${name} with (force)`));
}

test("two servers started at once on an empty database both come up, and of two first sign-ups at once exactly one becomes the admin", async () => {
  freshDatabase = `two_processes_${uniqueId()}`;
  const name = freshDatabase;
  await withPostgres((client) => client.query(`create database ${name}`));
  const started = await Promise.allSettled(
    [0, 1].map(() =>
      startSecondServer({
        databaseUrl: e2eDatabaseUrl({ database: name }),
        sessionSecret: "two-processes-fresh-secret-0123456789",
      }),
    ),
  );
  // Whichever came up is stopped in afterAll, even when the other did not.
  for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
  const [first, second] = started.map((result) => {
    if (result.status === "rejected") throw result.reason;
    return result.value;
  });

  const id = uniqueId();
  const answers = await Promise.all(
    [first, second].map((server, n) =>
      fetch(`${server.url}/api/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: `first-${n}-${id}@e2e.test`,
          password: "secret123",
          firstName: "First",
          lastName: `Sign-up ${n}`,
          role: "manager",
        }),
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  const users = await Promise.all(answers.map(async (answer) => (await answer.json()).user));
  const admins = users.filter((user) => user.role === "admin");
  expect(admins).toHaveLength(1);
  expect(admins[0].isActive).toBe(true);
  // The other waits for approval, as any manager signing up after the first account does.
  expect(users.find((user) => user.role !== "admin")).toMatchObject({ role: "manager", isActive: false });

  await Promise.all([first.stop(), second.stop()]);
  await dropDatabase(name);
  freshDatabase = undefined;
});
