import { Migrator } from "@mikro-orm/migrations";
import { defineConfig } from "@mikro-orm/postgresql";
import { migrationsList } from "./app/migrations";
import { AuditTrail } from "./app/models/audit/audit-trail.server";
import { entities } from "./app/models/entities";

/** The one ORM configuration, for the server, the scripts and the tests alike. */
export function ormConfig(clientUrl: string) {
  return defineConfig({
    clientUrl,
    entities,
    // The audit trail: a row per audited change, in the change's transaction.
    subscribers: [new AuditTrail()],
    extensions: [Migrator],
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: false },
    // A request waits at most 5 s for a connection: when the database is away, pages say so (503)
    // in seconds instead of hanging for the pool's default minute.
    pool: { min: 0, max: 10, acquireTimeoutMillis: 5000 },
    // The catalogue lives in memory or on SSD, where reading a page out of order costs about what
    // reading the next one does: PostgreSQL's default (4, for spinning disks) makes the planner
    // read a whole table rather than the pages an index names, such as the search's trigram matches.
    driverOptions: { connection: { options: "-c random_page_cost=1.1" } },
    // ORM_DEBUG=true logs every query (to count a page's round trips); off otherwise.
    debug: process.env.ORM_DEBUG === "true" ? ["query"] : false,
    migrations: {
      // Listed explicitly so that the Vite bundle carries them; no folder is read at run time.
      migrationsList,
      path: "app/migrations",
      pathTs: "app/migrations",
      emit: "ts",
      transactional: true,
      allOrNothing: true,
      snapshotName: ".snapshot",
      // Not a line per migration at every start: the server says in a few lines what it did.
      silent: true,
    },
  });
}
