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
