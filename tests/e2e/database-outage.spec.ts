import { createConnection, createServer, type Server, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { createUser } from "./fixtures";
import { e2eDatabaseUrl, e2ePostgres, freePort, type SecondServer, startSecondServer } from "./second-server";

// A second server process on the e2e database, reaching it through a TCP proxy this test can cut
// and restore: the database "goes away" under the server and comes back, with no restart.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let proxy: Server | undefined;
const sockets = new Set<Socket>();
let proxyPort = 0;
let server: SecondServer | undefined;

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
  proxyPort = await freePort();
  await openProxy(e2ePostgres().port);
  server = await startSecondServer({
    databaseUrl: e2eDatabaseUrl({ port: proxyPort }),
    sessionSecret: "outage-test-secret-0123456789abcdef",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await cutProxy();
});

test("when the database goes away pages answer a translated 503 and /api a JSON 503; the server stays up and recovers by itself", async ({
  request,
}) => {
  const base = (server as SecondServer).url;
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

  await openProxy(e2ePostgres().port);
  await expect
    .poll(async () => (await fetch(`${base}/products`, { headers: { cookie } })).status, { timeout: 30_000 })
    .toBe(200);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  expect(server?.process.exitCode).toBeNull();
});
