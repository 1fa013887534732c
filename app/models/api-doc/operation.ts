import type { z } from "zod/v4";
import type { Permission } from "~/models/user/permissions";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An /api operation's name: its method and OpenAPI path, such as `PUT /api/products/{id}`. */
export type OperationId = `${Method} /api/${string}`;

/** Who may call an operation: "public" without sign-in; "staff" any signed-in user or token; else the permission needed. */
export type Access = "public" | "staff" | Permission;

/**
 * One /api operation, as the OpenAPI document describes it (openapi.server.ts and its parts) and
 * its route's guard enforces it: the route names the operation (`requireApiUser(request, id)`) and
 * the guard reads `access` here, so the document cannot say another thing than the guard does.
 */
export type Operation = {
  summary: string;
  tag: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A PATCH takes any subset of the body's fields. */
  partialBody?: boolean;
  /** The body may be left out (a DELETE's optional `{ version }`). */
  optionalBody?: boolean;
  example?: unknown;
  ok: { status: number; schema: z.ZodType; description: string };
  /** Another success answer, such as converting a quote (201, the order) beside moving it (200). */
  alsoOk?: { status: number; schema: z.ZodType; description: string };
  /** Errors beyond those the access, the body and the path imply. */
  errors?: number[];
};
