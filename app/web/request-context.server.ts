import { RequestContext } from "@mikro-orm/postgresql";
import type { NextFunction, Request, Response } from "express";
import { connectDatabase } from "~/infra/database.server";
import { beginRequest } from "~/models/audit/audit-trail.server";

/**
 * Express middleware (server.ts, through the build's entry): every request gets its own
 * EntityManager fork, registered before anything queries, and its audit facts (the request id).
 */
export async function requestContext(_req: Request, res: Response, next: NextFunction) {
  const { orm } = await connectDatabase();
  RequestContext.create(orm.em, () => {
    beginRequest(typeof res.locals.requestId === "string" ? res.locals.requestId : null);
    next();
  });
}
