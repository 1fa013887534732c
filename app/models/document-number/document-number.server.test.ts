import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { type DocumentKind, nextDocumentNumbers } from "./document-number.server";

const db = testDatabase();

const next = (kind: DocumentKind, year: number, count?: number) =>
  db.orm.em.fork().transactional((tx) => nextDocumentNumbers(tx, kind, year, count));

beforeEach(() => db.truncate("document_number"));

describe("every document is numbered by one counter", () => {
  test("each kind counts on its own, per year, six digits after its prefix and the year", async () => {
    expect(await next("Q", 2026)).toEqual(["Q-2026-000001"]);
    expect(await next("Q", 2026)).toEqual(["Q-2026-000002"]);
    expect(await next("SO", 2026, 3)).toEqual(["SO-2026-000001", "SO-2026-000002", "SO-2026-000003"]);
    expect(await next("PO", 2026, 2)).toEqual(["PO-2026-000001", "PO-2026-000002"]);
    expect(await next("IC", 2026)).toEqual(["IC-2026-000001"]);
    expect(await next("SO", 2027)).toEqual(["SO-2027-000001"]);
    expect(await next("SO", 2026)).toEqual(["SO-2026-000004"]);
  });

  test("concurrent creations wait for each other and get numbers in sequence; a rolled-back one gives its numbers back", async () => {
    const numbers = (await Promise.all(Array.from({ length: 10 }, () => next("PO", 2026, 2)))).flat();
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `PO-2026-${String(i + 1).padStart(6, "0")}`),
    );
    await expect(
      db.orm.em.fork().transactional(async (tx) => {
        await nextDocumentNumbers(tx, "PO", 2026, 5);
        throw new Error("the document was refused");
      }),
    ).rejects.toThrow("the document was refused");
    expect(await next("PO", 2026)).toEqual(["PO-2026-000021"]);
  });
});
