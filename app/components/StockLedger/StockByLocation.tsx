import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { FormErrors } from "~/components/Document/LineEditor";
import { type Column, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { StockByLocationRow } from "~/models/stock/stock-by-location.server";
import type { LocationPointActionData } from "~/web/stock/location-point-form.server";
import { useCan } from "~/web/use-can";
import { pointForm, pointInput } from "./StockByLocation.css";

/**
 * A product's figures per location (issue #32), one table: every active location (and an inactive
 * one still holding a row) with when it was last counted there, its stock, its shelf and its
 * reorder point, the total the last row.
 * Everyone reads it; admins and managers set a location's point with its own plain form (an empty
 * field removes it).
 */
/** A row of the table: a location's, or the total's. */
type Row = StockByLocationRow & { total?: true };

export function StockByLocation({
  rows,
  locations,
  stockLevel,
}: {
  rows: StockByLocationRow[];
  /** The active locations, default first: each is a row, with nothing there yet when it has none. */
  locations: { id: number; name: string }[];
  stockLevel: number;
}) {
  const { t } = useTranslation("stock");
  const format = useFormat();
  const allowed = useCan("stock:write");
  const posted = useActionData<LocationPointActionData | Record<string, unknown>>();
  const refusal =
    posted && "intent" in posted && posted.intent === "location-point"
      ? (posted as LocationPointActionData)
      : null;
  const held = new Map(rows.map((row) => [row.locationId, row]));
  const empty = (id: number, name: string): Row => ({
    locationId: id,
    name,
    active: true,
    quantity: 0,
    reorderPoint: null,
    shelf: null,
    lastCountedAt: null,
  });
  const all: Row[] = [
    ...locations.map((location) => held.get(location.id) ?? empty(location.id, location.name)),
    ...rows.filter((row) => !locations.some((location) => location.id === row.locationId)),
  ];
  if (all.length === 0) return null;
  const columns: Column<Row>[] = [
    {
      key: "location",
      kind: "primary",
      label: t("byLocation.location"),
      cell: (row) =>
        row.total ? (
          <strong>{t("byLocation.total")}</strong>
        ) : (
          <>
            <Link to={`/locations/${row.locationId}`} title={row.name} className={table.clamp}>
              {row.name}
            </Link>
            <div className={table.muted} data-testid="location-counted">
              {row.lastCountedAt
                ? t("byLocation.lastCounted", { date: format.date(row.lastCountedAt) })
                : t("byLocation.neverCounted")}
            </div>
          </>
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
    { key: "shelf", label: t("byLocation.shelf"), cell: (row) => (row.total ? "" : (row.shelf ?? "—")) },
    {
      key: "point",
      label: t("locationPoints.point"),
      cell: (row) => {
        if (row.total) return "";
        const mine = refusal?.locationId === row.locationId ? refusal : null;
        return (
          <>
            {allowed && row.active ? (
              <Form method="post" preventScrollReset className={pointForm}>
                <input type="hidden" name="locationId" value={row.locationId} />
                <input
                  aria-label={`${t("locationPoints.point")}: ${row.name}`}
                  name="reorderPoint"
                  inputMode="numeric"
                  maxLength={9}
                  className={pointInput}
                  defaultValue={mine ? mine.reorderPoint : (row.reorderPoint ?? "")}
                  aria-invalid={mine ? true : undefined}
                />
                <Button type="submit" name="intent" value="location-point" variant="secondary">
                  {t("locationPoints.save")}
                </Button>
              </Form>
            ) : row.reorderPoint === null ? (
              t("locationPoints.none")
            ) : (
              format.number(row.reorderPoint)
            )}
            {mine ? <FormErrors keys={mine.errors} testId="location-point-errors" /> : null}
          </>
        );
      },
    },
  ];
  const total: Row = { ...empty(0, ""), quantity: stockLevel, total: true };
  return (
    <Card title={t("byLocation.title")}>
      <p className={table.muted}>{t("locationPoints.lead")}</p>
      <DataTable
        label={t("byLocation.title")}
        testId="stock-by-location"
        columns={columns}
        rows={[...all, total]}
        rowKey={(row) => row.locationId}
        rowProps={(row) => ({
          "data-testid": row.total ? "stock-total" : "stock-location",
          "data-name": row.name,
        })}
        empty={t("byLocation.empty")}
      />
    </Card>
  );
}
