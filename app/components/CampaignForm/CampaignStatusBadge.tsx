import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import type { CampaignStatus } from "~/models/campaign/campaign-status";

const TONE: Record<CampaignStatus, BadgeTone> = {
  active: "success",
  upcoming: "info",
  expired: "neutral",
  inactive: "warning",
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation("campaigns");
  return (
    <Badge tone={TONE[status]} testId="campaign-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
