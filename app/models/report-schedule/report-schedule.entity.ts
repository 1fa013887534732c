import { defineEntity, p } from "@mikro-orm/core";
import { Category } from "~/models/category/category.entity";
import { createdAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import {
  SCHEDULE_FORMATS,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_GROUPINGS,
  SCHEDULED_REPORTS,
} from "./report-schedule";

/**
 * A report e-mailed to its owner daily or weekly (issue #14 item 6). A job claims a due schedule
 * by moving its `lastSentAt` into today before writing the e-mail, in one transaction: two
 * processes or a retry never send one schedule twice a day.
 */
export const ReportSchedule = defineEntity({
  name: "ReportSchedule",
  tableName: "report_schedule",
  checks: [
    // A weekly schedule names its weekday (1 Monday ... 7 Sunday); a daily one none.
    {
      name: "report_schedule_weekday_check",
      expression:
        "(frequency = 'weekly' and weekday >= 1 and weekday <= 7) or (frequency = 'daily' and weekday is null)",
    },
    // The sales report has its grouping and range; the product reports neither.
    {
      name: "report_schedule_sales_check",
      expression:
        "(report = 'sales' and sales_group is not null and (sales_days = 7 or sales_days = 30)) or (report <> 'sales' and sales_group is null and sales_days is null)",
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).deleteRule("cascade").index(),
    report: p.enum([...SCHEDULED_REPORTS]),
    format: p.enum([...SCHEDULE_FORMATS]),
    frequency: p.enum([...SCHEDULE_FREQUENCIES]),
    weekday: p.smallint().nullable(),
    /** A product report's category (its subcategories included); none for all. */
    category: p.manyToOne(Category).nullable().deleteRule("cascade").index(),
    salesGroup: p.enum([...SCHEDULE_GROUPINGS]).nullable(),
    salesDays: p.smallint().nullable(),
    active: p.boolean().default(true),
    lastSentAt: p.datetime().columnType("timestamptz").nullable(),
    createdAt: createdAt(),
  },
});
