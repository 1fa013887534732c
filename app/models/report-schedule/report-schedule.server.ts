import { em } from "~/infra/db.server";
import { MAX_SCHEDULES, type ScheduleRow } from "./report-schedule";
import { ReportSchedule } from "./report-schedule.entity";
import type { ScheduleInput } from "./report-schedule-schema";

type Row = {
  id: number;
  report: ScheduleRow["report"];
  format: ScheduleRow["format"];
  frequency: ScheduleRow["frequency"];
  weekday: number | null;
  category_id: number | null;
  category_name: string | null;
  sales_group: ScheduleRow["salesGroup"];
  sales_days: number | null;
  active: boolean;
  last_sent_at: Date | null;
  created_at: Date;
};

function toScheduleRow(row: Row): ScheduleRow {
  return {
    id: row.id,
    report: row.report,
    format: row.format,
    frequency: row.frequency,
    weekday: row.weekday,
    categoryId: row.category_id,
    categoryName: row.category_name,
    salesGroup: row.sales_group,
    salesDays: row.sales_days as ScheduleRow["salesDays"],
    active: row.active,
    lastSentAt: row.last_sent_at ? new Date(row.last_sent_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** One user's schedules, oldest first (at most MAX_SCHEDULES). */
export async function listSchedules(userId: number): Promise<ScheduleRow[]> {
  const rows = await em().execute<Row[]>(
    `select s.id, s.report, s.format, s.frequency, s.weekday, s.category_id, c.name as category_name,
       s.sales_group, s.sales_days, s.active, s.last_sent_at, s.created_at
     from report_schedule s left join category c on c.id = s.category_id
     where s.user_id = ? order by s.id`,
    [userId],
  );
  return rows.map(toScheduleRow);
}

export type ScheduleRefusal = "tooMany" | "unknownCategory";

/**
 * Adds a schedule for the user, unless they have MAX_SCHEDULES already or its category does not
 * exist. The user's row is locked first, so two requests at once cannot both add the 20th.
 */
export async function addSchedule(
  userId: number,
  input: ScheduleInput,
): Promise<{ ok: true; id: number } | { ok: false; reason: ScheduleRefusal }> {
  return em().transactional(async (tx) => {
    await tx.execute(`select id from "user" where id = ? for update`, [userId]);
    const [{ count }] = await tx.execute<{ count: number }[]>(
      "select count(*)::int as count from report_schedule where user_id = ?",
      [userId],
    );
    if (count >= MAX_SCHEDULES) return { ok: false, reason: "tooMany" };
    if (input.categoryId !== null) {
      const found = await tx.execute("select 1 from category where id = ?", [input.categoryId]);
      if (found.length === 0) return { ok: false, reason: "unknownCategory" };
    }
    const id = await tx.insert(ReportSchedule, {
      user: userId,
      report: input.report,
      format: input.format,
      frequency: input.frequency,
      weekday: input.weekday,
      category: input.categoryId,
      salesGroup: input.salesGroup,
      salesDays: input.salesDays,
    });
    return { ok: true, id: Number(id) };
  });
}

/** Deletes one of the user's schedules; false when they have none with this id. */
export async function deleteSchedule(userId: number, id: number): Promise<boolean> {
  const deleted = await em().execute<{ id: number }[]>(
    "delete from report_schedule where id = ? and user_id = ? returning id",
    [id, userId],
  );
  return deleted.length > 0;
}

/** Pauses or resumes one of the user's schedules; false when they have none with this id. */
export async function setScheduleActive(userId: number, id: number, active: boolean): Promise<boolean> {
  const changed = await em().execute<{ id: number }[]>(
    "update report_schedule set active = ? where id = ? and user_id = ? returning id",
    [active, id, userId],
  );
  return changed.length > 0;
}
