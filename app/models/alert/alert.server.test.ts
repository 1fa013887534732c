import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { countUnreadAlerts, listAlertHistory, markAlertsRead } from "./alert.server";
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

describe("the alert history", () => {
  test("pages newest first, read and unread, or the unread alone, with the total", async () => {
    await addAlerts(30, true);
    await addAlerts(4, false);
    const first = await db.inRequest(() => listAlertHistory({ limit: 25, offset: 0 }));
    expect(first.total).toBe(34);
    expect(first.alerts).toHaveLength(25);
    const second = await db.inRequest(() => listAlertHistory({ limit: 25, offset: 25 }));
    expect(second.alerts).toHaveLength(9);
    const ids = [...first.alerts, ...second.alerts].map((alert) => alert.id);
    expect(new Set(ids).size).toBe(34);
    const unread = await db.inRequest(() => listAlertHistory({ unread: true, limit: 25, offset: 0 }));
    expect(unread.total).toBe(4);
    expect(unread.alerts.every((alert) => !alert.isRead)).toBe(true);
  });

  test("marks chosen alerts read, or all of them", async () => {
    await addAlerts(5, false);
    const { alerts } = await db.inRequest(() => listAlertHistory({ limit: 25, offset: 0 }));
    expect(await db.inRequest(() => markAlertsRead([alerts[0].id, alerts[1].id]))).toBe(2);
    expect(await db.inRequest(() => markAlertsRead([alerts[0].id]))).toBe(0);
    expect(await db.inRequest(countUnreadAlerts)).toBe(3);
    expect(await db.inRequest(() => markAlertsRead("all"))).toBe(3);
    expect(await db.inRequest(countUnreadAlerts)).toBe(0);
  });
});
