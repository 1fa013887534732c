import type { EntityManager } from "@mikro-orm/postgresql";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { raiseAlertOnce } from "~/models/alert/alert.server";
import { addDays } from "~/models/calendar-day";
import { todayIn } from "./campaign-status";

/** The calendar day before `day` ("YYYY-MM-DD"). */
const dayBefore = (day: string) => addDays(day, -1);

/**
 * The campaign alerts of the shop's day that `now` falls in (the job runs it at the shop's
 * midnight): "starts today" for each active campaign whose first day it is, "ended" for each
 * whose last day was yesterday. Each is raised once, however often and by however many server
 * processes this runs (the alert's dedupe key). Returns how many were raised.
 */
export async function raiseCampaignDayAlerts(db: EntityManager, now: Date): Promise<number> {
  const today = todayIn(SHOP_TIME_ZONE, now);
  const yesterday = dayBefore(today);
  return db.transactional(async (tx) => {
    const campaigns = await tx.execute<{ id: number; name: string; start_date: string; end_date: string }[]>(
      `select id, name, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
       from campaign where is_active and (start_date = ?::date or end_date = ?::date)`,
      [today, yesterday],
    );
    let raised = 0;
    for (const campaign of campaigns) {
      const events = [
        ...(campaign.start_date === today ? [{ kind: "start", date: campaign.start_date }] : []),
        ...(campaign.end_date === yesterday ? [{ kind: "end", date: campaign.end_date }] : []),
      ];
      for (const event of events) {
        const starts = event.kind === "start";
        const done = await raiseAlertOnce(tx, {
          type: "campaign",
          title: starts ? "Campaign starts" : "Campaign ended",
          message: starts
            ? `Campaign "${campaign.name}" starts today (${event.date}).`
            : `Campaign "${campaign.name}" ended (${event.date}).`,
          productId: null,
          campaignId: campaign.id,
          data: { campaign: campaign.name, kind: event.kind, date: event.date },
          dedupeKey: `campaign:${campaign.id}:${event.kind}:${event.date}`,
        });
        if (done) raised += 1;
      }
    }
    return raised;
  });
}
