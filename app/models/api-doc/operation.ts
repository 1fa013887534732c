import type { z } from "zod/v4";
import type { Permission } from "~/models/user/permissions";

/** One /api operation as the OpenAPI document describes it (openapi.server.ts and its parts). */
type Method = "get" | "post" | "put" | "patch" | "delete";
export type Operation = {
  method: Method;
  /** OpenAPI path, such as /api/products/{id} */
  path: string;
  summary: string;
  tag: string;
  /** "public": no sign-in; "staff": any signed-in user or token; else the permission needed. */
  access: "public" | "staff" | Permission;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A PATCH takes any subset of the body's fields. */
  partialBody?: boolean;
  example?: unknown;
  ok: { status: number; schema: z.ZodType; description: string };
  /** Another success answer, such as converting a quote (201, the order) beside moving it (200). */
  alsoOk?: { status: number; schema: z.ZodType; description: string };
  /** Errors beyond those the access, the body and the path imply. */
  errors?: number[];
};
