import { Migrator } from "@mikro-orm/migrations";
import { defineConfig } from "@mikro-orm/postgresql";
import { migrationsList } from "./app/migrations";
import { entities } from "./app/models/entities";

/** The one ORM configuration, for the server, the scripts and the tests alike. */
export function ormConfig(clientUrl: string) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 10 },
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
