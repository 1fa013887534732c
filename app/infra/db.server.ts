import { type EntityManager, type EntityName, LockMode, RequestContext } from "@mikro-orm/postgresql";

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

/**
 * Deletes one record by id through the unit of work, so that the audit trail records it (a delete
 * by query would pass it by). False when there was none.
 */
export async function deleteRecord<T extends object>(entity: EntityName<T>, id: number): Promise<boolean> {
  return em().transactional(async (tx) => {
    const found = await tx.findOne(entity, id as never, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!found) return false;
    await tx.remove(found).flush();
    return true;
  });
}
