import { type EntityManager, RequestContext } from "@mikro-orm/postgresql";

/**
 * The database as the models use it: the current request's EntityManager. Imports nothing of the
 * app, so a model that asks for em() loads only the ORM (the connection, migrations, seed and jobs
 * are start-up's: app/startup/startup.server.ts).
 */
export function em(): EntityManager {
  const current = RequestContext.getEntityManager();
  if (!current) throw new Error("No request context: the database is used outside a request.");
  return current as EntityManager;
}
