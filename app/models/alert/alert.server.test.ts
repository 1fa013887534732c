import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { countUnreadAlerts } from "./alert.server";
import { UNREAD_BADGE_LIMIT } from "./unread-badge";

const db = testDatabase();

async function addAlerts(count: number, isRead: boolean) {
  await db.orm.em
    .fork()
    .execute(
      "insert into alert (type, title, message, is_read) select 'low_stock', 'Low stock', 'n' || i, ? from generate_series(1, ?) i",
      [isRead, count],
    );
}

beforeEach(() => db.truncate("alert"));

describe("the bell's unread count", () => {
  test("counts unread alerts only", async () => {
    await addAlerts(3, false);
    await addAlerts(5, true);
    expect(await db.inRequest(countUnreadAlerts)).toBe(3);
  });

  test("stops counting at the badge's limit (the bell shows 99+)", async () => {
    await addAlerts(UNREAD_BADGE_LIMIT + 50, false);
    expect(await db.inRequest(countUnreadAlerts)).toBe(UNREAD_BADGE_LIMIT);
  });
});
