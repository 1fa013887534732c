import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type Column, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { StockByLocationRow } from "~/models/stock/stock-by-location.server";

/** A row of the table: a location's, or the total's (no location). */
type Row = StockByLocationRow & { total?: true };

/**
 * A product's stock by location (issue #32), its total the last row. Other figures per place (a
 * reorder point, a shelf) are one more entry of `columns` (and of the read, stock-by-location.server.ts).
 */
export function StockByLocation({ rows, stockLevel }: { rows: StockByLocationRow[]; stockLevel: number }) {
  const { t } = useTranslation("stock");
  const format = useFormat();
  const columns: Column<Row>[] = [
    {
      key: "location",
      kind: "primary",
      label: t("byLocation.location"),
      cell: (row) =>
        row.total ? (
          <strong>{t("byLocation.total")}</strong>
        ) : (
          <Link to={`/locations/${row.locationId}`} title={row.name} className={table.clamp}>
            {row.name}
          </Link>
        ),
    },
    {
      key: "quantity",
      kind: "numeric",
      label: t("byLocation.quantity"),
      testId: "location-quantity",
      cell: (row) =>
        row.total ? <strong>{format.number(row.quantity)}</strong> : format.number(row.quantity),
    },
  ];
  const all: Row[] =
    rows.length > 0
      ? [...rows, { locationId: 0, name: "", active: true, quantity: stockLevel, total: true }]
      : [];
  return (
    <div data-testid="stock-by-location">
      <DataTable
        label={t("byLocation.title")}
        columns={columns}
        rows={all}
        rowKey={(row) => row.locationId}
        rowProps={(row) => ({
          "data-testid": row.total ? "stock-total" : "stock-location",
          "data-name": row.name,
        })}
        empty={t("byLocation.empty")}
      />
    </div>
  );
}
