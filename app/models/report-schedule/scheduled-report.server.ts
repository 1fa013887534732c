import type { EntityManager } from "@mikro-orm/postgresql";
import { isLanguage, type Language } from "~/i18n/config";
import { formatters } from "~/i18n/format";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { env } from "~/infra/env.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { type EmailAttachment, EmailMessage } from "~/models/notification/notification.entity";
import { writerFor } from "~/models/notification/notification.server";
import { reportFileName } from "~/models/report/report";
import { reportFile } from "~/models/report/report.server";
import type { ReportTotals } from "~/models/report/report-totals";
import { salesReportSearch } from "~/models/report/sales-report";
import { salesReport } from "~/models/report/sales-report.server";
import { salesReportFile, salesReportFileName } from "~/models/report/sales-report-file.server";
import { PERMISSIONS } from "~/models/user/permissions";
import {
  isoWeekday,
  isProductReport,
  MAX_ATTACHMENT_BYTES,
  type ScheduledReport,
  type ScheduleFrequency,
  scheduledSalesQuery,
} from "./report-schedule";

/** A claimed schedule with its owner. */
type Claimed = {
  id: number;
  report: ScheduledReport;
  format: "excel" | "csv";
  frequency: ScheduleFrequency;
  category_id: number | null;
  category_name: string | null;
  sales_group: "day" | "week" | "month" | null;
  sales_days: number | null;
  user_id: number;
  email: string;
  language: string;
};

/**
 * Which schedules are due on `today` (as SQL, shared by the search and the claim): active, of an
 * active owner who may still schedule reports, daily or weekly on today's weekday, and not yet
 * sent on this shop day.
 */
const SCHEDULERS: readonly string[] = PERMISSIONS["report:schedule"];
const DUE = `s.active and u.is_active and u.role in (${SCHEDULERS.map(() => "?").join(", ")})
  and (s.frequency = 'daily' or s.weekday = ?)
  and (s.last_sent_at is null or (s.last_sent_at at time zone ?)::date < ?::date)`;

function dueParams(today: string) {
  return [...SCHEDULERS, isoWeekday(today), SHOP_TIME_ZONE, today];
}

/**
 * The morning job: each schedule due today gets one e-mail to its owner, in the owner's language,
 * with the report's totals and its file attached (written by the download's own functions).
 * Each schedule is claimed and its e-mail queued in one transaction of its own: the claim moves
 * its last sending into today, so a second run, a retry or another process finds it sent (and
 * waits on the row while the first is still writing). A schedule that fails is rolled back and
 * left due; the others go on, and the run then fails so that pg-boss tries again later.
 * Returns how many e-mails were queued.
 */
export async function sendScheduledReports(
  db: EntityManager,
  now: Date,
  { maxAttachmentBytes = MAX_ATTACHMENT_BYTES } = {},
): Promise<number> {
  const today = todayIn(SHOP_TIME_ZONE, now);
  const due = await db
    .fork()
    .execute<{ id: number }[]>(
      `select s.id from report_schedule s join "user" u on u.id = s.user_id where ${DUE} order by s.id`,
      dueParams(today),
    );
  let queued = 0;
  const failures: string[] = [];
  for (const { id } of due) {
    try {
      queued += await db.fork().transactional(async (tx) => {
        const [schedule] = await tx.execute<Claimed[]>(
          `update report_schedule s set last_sent_at = ?
           from "user" u
           where s.id = ? and u.id = s.user_id and ${DUE}
           returning s.id, s.report, s.format, s.frequency, s.category_id,
             (select name from category where id = s.category_id) as category_name,
             s.sales_group, s.sales_days, u.id as user_id, u.email, u.language`,
          [now, id, ...dueParams(today)],
        );
        if (!schedule) return 0;
        await tx.insert(EmailMessage, await scheduledEmail(tx, schedule, today, maxAttachmentBytes));
        return 1;
      });
    } catch (error) {
      failures.push(`schedule ${id}: ${(error as Error).message ?? error}`);
    }
  }
  if (failures.length > 0) throw new Error(`Scheduled reports failed: ${failures.join("; ")}`);
  return queued;
}

type Email = {
  user: number;
  toAddress: string;
  subject: string;
  body: string;
  attachments: EmailAttachment[] | null;
};

const CSV = "text/csv; charset=utf-8";

/** The e-mail of one schedule on `today`: subject, totals, the file or why it is not attached. */
async function scheduledEmail(
  tx: EntityManager,
  schedule: Claimed,
  today: string,
  maxBytes: number,
): Promise<Email> {
  const language: Language = isLanguage(schedule.language) ? schedule.language : "en";
  const { t } = await writerFor(language);
  const format = formatters(language);
  const dialect = { format: schedule.format, language };
  const base = env().PUBLIC_URL?.replace(/\/$/, "");
  let title: string;
  let lines: string[];
  let file: { filename: string; text: string | null; bytes: number };
  let page: string;
  if (isProductReport(schedule.report)) {
    const report = schedule.report;
    title = t(`reports:fileTitles.${report}`);
    const seen: { totals?: ReportTotals } = {};
    const stream = reportFile(report, schedule.category_id, dialect, {
      db: tx,
      onTotals: (totals) => {
        seen.totals = totals;
      },
    });
    file = { filename: reportFileName(title, today), ...(await readText(stream, maxBytes)) };
    if (!seen.totals) throw new Error("The report file ended without its total line");
    lines = productTotalLines(seen.totals, t, format);
    if (schedule.category_name)
      lines.unshift(t("reports:schedules.email.category", { category: schedule.category_name }));
    page = "/reports";
  } else {
    title = t("reports:fileTitles.sales");
    const query = scheduledSalesQuery(today, schedule.sales_days ?? 7, schedule.sales_group ?? "day");
    const report = await salesReport(query, tx);
    const text = salesReportFile(report, schedule.format, language);
    const bytes = Buffer.byteLength(text, "utf8");
    file = {
      filename: salesReportFileName(report, language),
      text: bytes <= maxBytes ? text : null,
      bytes,
    };
    const total = report.total;
    lines = [
      t("reports:schedules.email.period", {
        from: format.date(`${query.from}T12:00:00Z`),
        to: format.date(`${query.to}T12:00:00Z`),
        group: t(`sales-report:groups.${query.group}`).toLowerCase(),
      }),
      `${t("sales-report:cards.sales")}: ${format.money(total.sales)}`,
      `${t("sales-report:cards.margin")}: ${format.money(total.margin)}`,
      `${t("sales-report:cards.marginPercent")}: ${total.marginPercent === null ? "–" : format.percent(total.marginPercent)}`,
      `${t("sales-report:cards.units")}: ${format.number(total.units)}`,
      `${t("sales-report:cards.orders")}: ${format.number(total.orders)}`,
    ];
    page = `/reports/sales?${salesReportSearch(query)}`;
  }
  const link = base ? `${base}${page}` : null;
  const fileLine =
    file.text !== null
      ? t("reports:schedules.email.attached", { filename: file.filename })
      : link
        ? t("reports:schedules.email.tooLargeLink", {
            size: format.number(file.bytes / 1024 / 1024, 1),
            limit: format.number(maxBytes / 1024 / 1024, 1),
            link,
          })
        : t("reports:schedules.email.tooLarge", {
            size: format.number(file.bytes / 1024 / 1024, 1),
            limit: format.number(maxBytes / 1024 / 1024, 1),
          });
  return {
    user: schedule.user_id,
    toAddress: schedule.email,
    subject: `VoltStock: ${title} ${today}`,
    body: [
      t(`reports:schedules.email.intro.${schedule.frequency}`, {
        title,
        date: format.date(`${today}T12:00:00Z`),
      }),
      "",
      ...lines,
      "",
      fileLine,
      "",
      t("reports:schedules.email.why"),
    ].join("\n"),
    attachments:
      file.text === null ? null : [{ filename: file.filename, contentType: CSV, content: file.text }],
  };
}

type Writer = Awaited<ReturnType<typeof writerFor>>["t"];

/** A product report's total line, as lines of the e-mail. */
function productTotalLines(totals: ReportTotals, t: Writer, format: ReturnType<typeof formatters>): string[] {
  return [
    `${t("reports:totals.products")}: ${format.number(totals.products)}`,
    `${t("reports:totals.units")}: ${format.number(totals.units)}`,
    `${t("reports:totals.value")}: ${format.money(totals.value)}`,
    `${t("reports:totals.valueAtCost")}: ${format.money(totals.valueAtCost)}`,
    `${t("reports:totals.margin")}: ${totals.averageMargin === null ? "–" : format.percent(totals.averageMargin)}`,
  ];
}

/**
 * A file stream's text, read to its end (its totals come last): kept while it fits in `limit`
 * bytes, else dropped (null) so that a huge catalogue is counted, not held.
 */
async function readText(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ text: string | null; bytes: number }> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text: string | null = "";
  let bytes = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) text = null;
    if (text !== null) text += decoder.decode(value, { stream: true });
  }
  return { text: text === null ? null : text + decoder.decode(), bytes };
}
