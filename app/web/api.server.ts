import type { z } from "zod/v4";
import { resources } from "~/i18n/resources.server";
import { env } from "~/infra/env.server";
import { refusingControlCharacters } from "~/models/clean-text";

export type ApiErrorBody = { message: string; errors?: Record<string, string[]> };

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const out = new Headers(headers);
  out.set("Content-Type", "application/json; charset=utf-8");
  out.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { status, headers: out });
}

/** A JSON error answer `{ message, errors? }`; thrown by guards and parsers, returned by routes. */
export function apiError(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  headers?: HeadersInit,
): Response {
  return json(errors ? { message, errors } : { message }, status, headers);
}

/**
 * English text of an i18n key such as "validation.email" or "products:errors.ean" (the API answers
 * in English), its {{name}} places filled from `values`.
 */
export function englishText(key: string, values: Record<string, string | number> = {}): string {
  const [namespace, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  const found = path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources.en[namespace]);
  if (typeof found !== "string") return key;
  return found.replace(/\{\{(\w+)\}\}/g, (place, name: string) => String(values[name] ?? place));
}

/**
 * Reads a JSON body within the size limit; throws 413 or 400 answers for oversize or malformed
 * input. `optional`: a body the client may leave out (a DELETE's) reads as `{}` when empty.
 */
export async function readJson(request: Request, options: { optional?: boolean } = {}): Promise<unknown> {
  const limit = env().BODY_LIMIT_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > limit)
    throw apiError(413, "Request body too large");
  const text = await request.text();
  if (Buffer.byteLength(text) > limit) throw apiError(413, "Request body too large");
  if (!text.trim()) {
    if (options.optional) return {};
    throw apiError(400, "Request body is missing: send JSON");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw apiError(400, "Malformed JSON body");
  }
}

/** Reads and validates a JSON body with a zod schema; a failure is a 400 naming each field. */
export async function parseJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { optional?: boolean } = {},
): Promise<z.infer<S>> {
  const body = await readJson(request, options);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(400, "The body must be a JSON object");
  }
  const parsed = refusingControlCharacters(schema).safeParse(body);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error);
}

/** A 400 answer naming each invalid field, in English. */
export function validationError(error: z.ZodError): Response {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    const text = englishText(issue.message);
    errors[field] = [...(errors[field] ?? []), text];
  }
  const summary = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
    .join("; ");
  return apiError(400, `Invalid input: ${summary}`, errors);
}
