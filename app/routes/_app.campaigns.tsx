import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignStatusBadge } from "~/components/CampaignForm/CampaignStatusBadge";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { StatCards } from "~/components/StatCards/StatCards";
import { DataTable, EditDeleteLinks, RowActions } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { listCampaigns, shopToday, summarizeCampaigns } from "~/models/campaign/campaign.server";
import { requireUser } from "~/web/auth.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "campaigns"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const campaigns = await listCampaigns();
  return { campaigns, summary: summarizeCampaigns(campaigns), today: shopToday() };
}

export const meta = pageTitle("campaigns:title");

export default function CampaignsPage() {
  const { t } = useTranslation("campaigns");
  const format = useFormat();
  const { campaigns, summary } = useLoaderData<typeof loader>();
  const canEdit = useCan("campaign:write");
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        add={canEdit && { to: "/campaigns/new", label: t("add") }}
      />
      <StatCards
        items={[
          { label: t("cards.total"), value: summary.total, testId: "campaigns-total" },
          { label: t("cards.active"), value: summary.active, testId: "campaigns-active" },
          { label: t("cards.upcoming"), value: summary.upcoming, testId: "campaigns-upcoming" },
          { label: t("cards.expired"), value: summary.expired, testId: "campaigns-expired" },
        ]}
      />
      <Outlet />
      <DataTable
        label={t("title")}
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("table.name"),
            cell: (c) => (
              <Link to={`/campaigns/${c.id}`} className={`${list.productName} ${table.clamp}`} title={c.name}>
                {c.name}
              </Link>
            ),
          },
          {
            key: "description",
            label: t("table.description"),
            folds: true,
            cell: (c) =>
              c.description ? (
                <span className={`${table.muted} ${table.clamp}`} title={c.description}>
                  {c.description}
                </span>
              ) : null,
          },
          {
            key: "start",
            kind: "badge",
            label: t("table.start"),
            cell: (c) => format.date(`${c.startDate}T12:00:00`),
          },
          {
            key: "end",
            kind: "badge",
            label: t("table.end"),
            cell: (c) => format.date(`${c.endDate}T12:00:00`),
          },
          {
            key: "status",
            kind: "badge",
            label: t("table.status"),
            cell: (c) => <CampaignStatusBadge status={c.status} />,
          },
          { key: "products", kind: "numeric", label: t("table.products"), cell: (c) => c.productCount },
          canEdit && {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (c) => (
              <RowActions>
                <EditDeleteLinks
                  editTo={`/campaigns/${c.id}/edit`}
                  deleteTo={`/campaigns/${c.id}/delete`}
                  target={c.name}
                />
              </RowActions>
            ),
          },
        ]}
        rows={campaigns}
        rowKey={(c) => c.id}
        rowProps={() => ({ "data-testid": "campaign-row" })}
        empty={t("empty")}
      />
    </>
  );
}
