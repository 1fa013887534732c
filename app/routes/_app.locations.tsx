import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { Cut, DataTable, EditDeleteLinks, RowActions } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { listLocations } from "~/models/location/location-writes.server";
import { requireUser } from "~/web/auth.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "locations"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return listLocations();
}

export const meta = pageTitle("locations:title");

export default function LocationsPage() {
  const { t } = useTranslation("locations");
  const format = useFormat();
  const { locations, total } = useLoaderData<typeof loader>();
  const canEdit = useCan("location:write");
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        add={canEdit && { to: "/locations/new", label: t("add") }}
      />
      <Outlet />
      <DataTable
        label={t("title")}
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("table.name"),
            cell: (l) => (
              <>
                <strong className={table.clamp} title={l.name}>
                  <Link to={`/locations/${l.id}`} className={list.productName}>
                    {l.name}
                  </Link>
                </strong>{" "}
                {l.isDefault ? (
                  <Badge tone="info" testId="location-default">
                    {t("default")}
                  </Badge>
                ) : null}
              </>
            ),
          },
          { key: "kind", kind: "badge", label: t("table.kind"), cell: (l) => t(`kind.${l.kind}`) },
          {
            key: "address",
            label: t("table.address"),
            optional: true,
            cell: (l) => (l.address ? <Cut text={l.address} max="16rem" /> : "—"),
          },
          {
            key: "status",
            kind: "badge",
            label: t("table.status"),
            cell: (l) => (
              <Badge tone={l.active ? "success" : "neutral"} bare>
                {l.active ? t("active") : t("inactive")}
              </Badge>
            ),
          },
          {
            key: "units",
            kind: "numeric",
            label: t("table.units"),
            cell: (l) => format.number(l.stockUnits),
          },
          {
            key: "products",
            kind: "numeric",
            label: t("table.products"),
            cell: (l) => format.number(l.stockProducts),
          },
          canEdit && {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (l) => (
              <RowActions>
                <EditDeleteLinks
                  editTo={`/locations/${l.id}/edit`}
                  deleteTo={`/locations/${l.id}/delete`}
                  target={l.name}
                />
              </RowActions>
            ),
          },
        ]}
        rows={locations}
        rowKey={(l) => l.id}
        rowProps={(l) => ({ "data-testid": "location-row", "data-name": l.name })}
        empty={t("empty")}
      />
      <p className={table.muted} data-testid="location-total">
        {t("count", { count: total })}
      </p>
    </>
  );
}
