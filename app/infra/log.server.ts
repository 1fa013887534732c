import pino from "pino";

/**
 * The server's log: one JSON line per event on stdout (pino), with the request id that the
 * error page shows, so that staff can quote it and the line can be found. LOG_LEVEL (default
 * "info") sets how much is written.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { pid: process.pid },
  // Tests and the benchmark keep their output readable: errors only, unless asked otherwise.
  enabled: process.env.LOG_LEVEL !== "silent",
});
