import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { CampaignStatusBadge } from "~/components/CampaignForm/CampaignStatusBadge";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { StatCards } from "~/components/StatCards/StatCards";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { listCampaigns, shopToday, summarizeCampaigns } from "~/models/campaign.server";
import { requireUser } from "~/utils/auth.server";
import { useCan } from "~/utils/use-can";

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
      <div className={table.wrap}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{t("table.name")}</th>
              <th className={table.th}>{t("table.description")}</th>
              <th className={table.th}>{t("table.start")}</th>
              <th className={table.th}>{t("table.end")}</th>
              <th className={table.th}>{t("table.status")}</th>
              <th className={`${table.th} ${table.numeric}`}>{t("table.products")}</th>
              {canEdit ? <th className={`${table.th} ${table.numeric}`}>{t("table.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id} data-testid="campaign-row">
                <td className={table.td}>
                  <Link to={`/campaigns/${c.id}`} className={list.productName}>
                    {c.name}
                  </Link>
                </td>
                <td className={`${table.td} ${table.muted}`}>{c.description ?? ""}</td>
                <td className={table.td}>{format.date(`${c.startDate}T12:00:00`)}</td>
                <td className={table.td}>{format.date(`${c.endDate}T12:00:00`)}</td>
                <td className={table.td}>
                  <CampaignStatusBadge status={c.status} />
                </td>
                <td className={`${table.td} ${table.numeric}`}>{c.productCount}</td>
                {canEdit ? (
                  <td className={table.td}>
                    <div className={table.actions}>
                      <Link
                        to={`/campaigns/${c.id}/edit`}
                        className={buttonClass("ghost")}
                        aria-label={`${t("common:actions.edit")}: ${c.name}`}
                        preventScrollReset
                      >
                        {t("common:actions.edit")}
                      </Link>
                      <Link
                        to={`/campaigns/${c.id}/delete`}
                        className={buttonClass("ghost")}
                        aria-label={`${t("common:actions.delete")}: ${c.name}`}
                        preventScrollReset
                      >
                        {t("common:actions.delete")}
                      </Link>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {campaigns.length === 0 ? <div className={table.empty}>{t("empty")}</div> : null}
      </div>
    </>
  );
}
