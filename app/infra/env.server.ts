import { z } from "zod/v4";
import { DEFAULT_LOW_STOCK_AT_MOST, DEFAULT_REORDER_QUANTITY } from "./setting-defaults";

const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

/** Free text that may be unset or empty (then undefined). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A URL as written (zod v4's url() would rewrite it), or unset or empty (then undefined). */
const optionalUrl = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .refine((value) => URL.canParse(value), "Invalid url")
    .optional(),
);
/** A whole number 0 to 999,999,999 that may be unset or empty (then undefined). */
const optionalCount = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce.number().int().min(0).max(999_999_999).optional(),
);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default("./.data"),
  SESSION_SECRET: z.string().min(16).optional(),
  SEED_DEMO: flag(true),
  OPEN_REGISTRATION: flag(false),
  // Unset: the session cookie is Secure whenever the request came over HTTPS.
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
  VAT_RATE: z.coerce.number().min(0).max(100).default(25.5),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).default(DEFAULT_LOW_STOCK_AT_MOST),
  // The reorder point and quantity of products without their own (issue #15, reorder.ts). The
  // point defaults to the low-stock threshold: what is low on stock is what to reorder.
  REORDER_POINT: optionalCount,
  REORDER_QUANTITY: optionalCount,
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_000_000),
  // Requests each API token may make per minute (its own limit, beside the sign-in limit).
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  // E-mail: smtp://user:pass@host:port (smtps:// for TLS). Unset: messages stay in the outbox.
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("VoltStock <voltstock@localhost>"),
  // The address staff open the app at, for links in e-mails (https://voltstock.example.com).
  PUBLIC_URL: optionalUrl,
  // The shop as printed quotes and orders name it (their letterhead); unset parts are left out.
  SHOP_NAME: z.string().trim().min(1).max(200).default("VoltStock"),
  SHOP_ADDRESS: optionalText(500),
  SHOP_BUSINESS_ID: optionalText(50),
  SHOP_EMAIL: optionalText(200),
  SHOP_PHONE: optionalText(50),
  // Scheduled jobs (campaign alerts at midnight, the digest, e-mail delivery) in this process.
  JOBS: flag(true),
  // Set by server.ts on the HTTP workers it forks: their primary has migrated and seeded already.
  VOLTSTOCK_WORKER: flag(false),
  // After SIGTERM or SIGINT, how long /readyz answers 503 while the process still serves, so that a
  // proxy probing it stops sending here before the listener closes. Unset: 5 in production, 0 else.
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().min(0).max(300).optional(),
  ),
});

const settings = schema.transform((values) => ({
  ...values,
  REORDER_POINT: values.REORDER_POINT ?? values.LOW_STOCK_THRESHOLD,
  REORDER_QUANTITY: values.REORDER_QUANTITY ?? DEFAULT_REORDER_QUANTITY,
  SHUTDOWN_DRAIN_SECONDS: values.SHUTDOWN_DRAIN_SECONDS ?? (values.NODE_ENV === "production" ? 5 : 0),
}));

export type Env = z.infer<typeof settings>;

let cached: Env | undefined;

/**
 * The validated environment; a bad value stops the server at start-up with a clear message, one
 * line (the server prints it as the reason it stopped).
 */
export function env(): Env {
  if (cached) return cached;
  const parsed = settings.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const values = parsed.data;
  // On a shared database each server must sign cookies with the same secret, and a generated one
  // lives in one machine's DATA_DIR: production on an external database needs it set.
  if (values.NODE_ENV === "production" && values.DATABASE_URL && !values.SESSION_SECRET) {
    throw new Error(
      "Invalid environment: SESSION_SECRET: set it (16 characters or more, the same on every server) when NODE_ENV=production uses an external DATABASE_URL",
    );
  }
  cached = values;
  return values;
}

/** Forget the parsed environment, for tests that change process.env. */
export function reloadEnv() {
  cached = undefined;
}

/** What server.ts needs of the environment; reading it validates all of it, first thing at start-up. */
export function serverSettings() {
  return { drainSeconds: env().SHUTDOWN_DRAIN_SECONDS };
}
