import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "~/infra/db.server";

/**
 * The catalogue's change stamp: the sum of catalogue_summary.changes, which the summary trigger
 * grows with every product row written, in the writer's own transaction.
 */
const STAMP = "(select coalesce(sum(changes), 0) from catalogue_summary)::bigint";

/**
 * A figure over the catalogue, kept in catalogue_figure under `key`: while the catalogue's change
 * stamp is the one the figure was computed at, it is read back (one primary-key read); otherwise
 * `query` (one row, read as JSON) runs in the same statement as it reads the stamp (one snapshot)
 * and is kept for the next reader, in any server process. Exact after every committed product write;
 * only for figures that depend on the product rows alone.
 */
export async function keptFigure<T>(
  key: string,
  query: { sql: string; params: readonly unknown[] },
  db: EntityManager = em(),
): Promise<T> {
  const [kept] = await db.execute<{ value: T }[]>(
    `select f.value from catalogue_figure f where f.key = ? and f.stamp = ${STAMP}`,
    [key],
  );
  if (kept) return kept.value;
  const [computed] = await db.execute<{ stamp: string; value: T }[]>(
    `with figure as (select ${STAMP} as stamp, (select to_jsonb(q) from (${query.sql}) as q limit 1) as value),
       kept as (
         insert into catalogue_figure (key, stamp, value) select ?, stamp, value from figure
         on conflict (key) do update set stamp = excluded.stamp, value = excluded.value
           where catalogue_figure.stamp < excluded.stamp)
     select stamp, value from figure`,
    [...query.params, key],
  );
  // Figures of an older catalogue are of no use: clear some, never waiting for another writer.
  await db.execute(
    `delete from catalogue_figure where key in (
       select key from catalogue_figure where stamp < ? limit 100 for update skip locked)`,
    [computed.stamp],
  );
  return computed.value;
}
