/** Campaign status is derived, never stored (spec section 4). Dates are calendar days, "YYYY-MM-DD". */
export type CampaignStatus = "active" | "upcoming" | "expired" | "inactive";

export function campaignStatus(
  campaign: { isActive: boolean; startDate: string; endDate: string },
  today: string,
): CampaignStatus {
  if (!campaign.isActive) return "inactive";
  if (today < campaign.startDate) return "upcoming";
  if (today > campaign.endDate) return "expired";
  return "active";
}

/** Today in the shop's time zone as "YYYY-MM-DD" (a campaign runs through its whole end day). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/**
 * The first moment of a calendar day ("YYYY-MM-DD") in a time zone, as the database's
 * `day::timestamp at time zone zone` gives it: midnight there, whatever its offset from UTC that day.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const offset = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .formatToParts(instant)
        .map((part) => [part.type, Number(part.value)]),
    );
    const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    return local - instant;
  };
  // The zone's offset at a first guess, then at the moment found (a day on which it changes).
  const guess = midnightUtc - offset(midnightUtc);
  return new Date(midnightUtc - offset(guess));
}
