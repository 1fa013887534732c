import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * What each kind of document is numbered as, `KIND-YEAR-000123`, the kind being the counter's key
 * in `document_number`: quotes, sales orders, purchase orders, stock counts (inventory counts),
 * supplier claims (CL), customer returns (RMA) and transfers between locations (TR).
 */
export type DocumentKind = "Q" | "SO" | "PO" | "IC" | "CL" | "RMA" | "TR";

/**
 * The next `count` numbers of a kind of document in `year` (the shop's year of the day they are
 * made), in the caller's transaction: one upsert of the kind's counter row, which the creating
 * transaction then holds, so concurrent creations wait for each other and number in sequence, and
 * a rolled-back one gives its numbers back. Each year starts again at 1.
 */
export async function nextDocumentNumbers(
  tx: EntityManager,
  kind: DocumentKind,
  year: number,
  count = 1,
): Promise<string[]> {
  const [row] = await tx.execute<{ last: number }[]>(
    `insert into document_number (kind, year, last) values (?, ?, ?)
     on conflict (kind, year) do update set last = document_number.last + excluded.last returning last`,
    [kind, year, count],
  );
  return Array.from(
    { length: count },
    (_, i) => `${kind}-${year}-${String(row.last - count + 1 + i).padStart(6, "0")}`,
  );
}
