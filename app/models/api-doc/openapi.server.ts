import { z } from "zod/v4";
import { DECLARED_OPERATIONS, type GuardedDeclaredOperation } from "~/models/registry.server";
import { PERMISSIONS } from "~/models/user/permissions";
import { ROLES, type Role } from "~/models/user/roles";
import type { Access, Operation } from "./operation";
import * as answer from "./response-schemas";

/**
 * The JSON API described for integrators (GET /api/openapi.json, OpenAPI 3.1): every /api
 * operation with the zod schemas its route validates with (query and body) and answers with
 * (response-schemas.ts), its errors and an example. A test checks that every /api route of the
 * build is here and that real answers match.
 */

export type { Access, Operation, OperationId } from "./operation";

/**
 * Every operation, each documented by its aggregate in its folder (`aggregate.server.ts`,
 * `operations`): a new aggregate adds its own there, not here.
 */
export const OPERATIONS = DECLARED_OPERATIONS;

/** Every operation's name, as a route's guard names it. */
export type ApiOperation = keyof typeof OPERATIONS;
/** The operations a caller must be signed in for: those whose route starts with `requireApiUser`. */
export type GuardedOperation = GuardedDeclaredOperation;

/** Who may call an operation (its route's guard reads it here). */
export function operationAccess(id: ApiOperation): Access {
  return OPERATIONS[id].access;
}

/** The roles an access lets in: every role for any signed-in caller, else the permission's. */
export function rolesOf(access: Exclude<Access, "public">): readonly Role[] {
  return access === "staff" ? ROLES : PERMISSIONS[access];
}

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input: `message`, and `errors` naming each invalid field",
  401: "Not signed in, or the API token is not valid",
  403: "The role may not do this",
  404: "No such record",
  409: "A conflict: the record changed since its version was read, a unique value is taken, or the record's status does not allow the change",
  429: "Too many requests: wait the seconds Retry-After says",
};

/**
 * A zod schema as JSON Schema: what a client sends (input), every definition inline. A check in
 * code (a refinement, a transform) has no JSON Schema: it stands for any value of its input. A
 * field is required when the schema refuses it missing (a price whose transform refuses nothing),
 * not when its input type lacks undefined.
 */
function jsonSchema(schema: z.ZodType, partial = false): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    reused: "inline",
    cycles: "throw",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (def.type === "default") jsonSchema.default = (def as z.core.$ZodDefaultDef).defaultValue;
      if (def.type !== "object") return;
      const shape = (def as z.core.$ZodObjectDef).shape;
      const required = Object.keys(shape).filter((key) => !z.safeParse(shape[key], undefined).success);
      if (required.length) jsonSchema.required = required;
      else delete jsonSchema.required;
    },
  }) as Record<string, unknown>;
  if (partial) delete rest.required;
  return rest;
}

function operationObject(path: string, operation: Operation) {
  const { access } = operation;
  const errors = new Set(operation.errors ?? []);
  if (access !== "public") errors.add(401).add(429);
  if (access !== "public" && access !== "staff") errors.add(403);
  if (operation.body || operation.query) errors.add(400);
  if (path.includes("{")) errors.add(404);
  const parameters = [
    ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "integer", minimum: 1 },
    })),
    ...(operation.query
      ? Object.entries(
          (jsonSchema(operation.query).properties ?? {}) as Record<string, Record<string, unknown>>,
        ).map(([name, schema]) => ({ name, in: "query", required: false, schema }))
      : []),
  ];
  return {
    summary: operation.summary,
    tags: [operation.tag],
    ...(access === "public" ? { security: [] } : {}),
    ...(access !== "public" && access !== "staff" ? { description: `Needs the ${access} permission.` } : {}),
    // Who gets past the guard (the test of the authorization matrix holds the server to it).
    ...(access !== "public" ? { "x-roles": rolesOf(access) } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.optionalBody,
            content: {
              "application/json": {
                schema: jsonSchema(operation.body, operation.partialBody),
                ...(operation.example ? { example: operation.example } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        [operation.ok, ...(operation.alsoOk ? [operation.alsoOk] : [])].map((ok) => [
          ok.status,
          {
            description: ok.description,
            content: { "application/json": { schema: jsonSchema(ok.schema) } },
          },
        ]),
      ),
      ...Object.fromEntries(
        [...errors].sort().map((status) => [
          status,
          {
            description: ERROR_TEXT[status] ?? "An error",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
          },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(OPERATIONS) as [ApiOperation, Operation][]) {
    const [method, path] = id.split(" ");
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationObject(path, operation);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "VoltStock API",
      version: "1",
      description:
        "The staff back-office's JSON API. Sign in with POST /api/auth/login (a session cookie) or send an API token an admin made on /users as `Authorization: Bearer <token>`. Money is text with two decimals (exact); times are ISO 8601. Errors answer `{ message, errors? }`.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API token from /users" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "__session" },
      },
      schemas: { Error: jsonSchema(answer.errorAnswer) },
    },
    paths,
  };
}
