import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { FormErrors } from "~/components/Document/LineEditor";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { LocationPointActionData } from "~/web/stock/location-point-form.server";
import { useCan } from "~/web/use-can";

export type LocationPointRow = {
  locationId: number;
  name: string;
  quantity: number;
  reorderPoint: number | null;
};

/**
 * A product's reorder point in each active location (issue #32): everyone reads them; admins and
 * managers change one with its own plain form (an empty field removes it).
 */
export function LocationPoints({ rows }: { rows: LocationPointRow[] }) {
  const { t } = useTranslation("stock");
  const format = useFormat();
  const allowed = useCan("stock:write");
  const posted = useActionData<LocationPointActionData | Record<string, unknown>>();
  const refusal =
    posted && "intent" in posted && posted.intent === "location-point"
      ? (posted as LocationPointActionData)
      : null;
  if (rows.length === 0) return null;
  return (
    <Card title={t("locationPoints.title")}>
      <p className={table.muted}>{t("locationPoints.lead")}</p>
      <table className={table.table} data-testid="location-points">
        <thead>
          <tr>
            <th scope="col">{t("locationPoints.location")}</th>
            <th scope="col" className={table.numeric}>
              {t("locationPoints.quantity")}
            </th>
            <th scope="col">{t("locationPoints.point")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mine = refusal?.locationId === row.locationId ? refusal : null;
            return (
              <tr key={row.locationId} data-testid="location-point-row">
                <th scope="row">{row.name}</th>
                <td className={table.numeric}>{format.number(row.quantity)}</td>
                <td>
                  {allowed ? (
                    <Form method="post" preventScrollReset style={{ display: "flex", gap: "0.5rem" }}>
                      <input type="hidden" name="locationId" value={row.locationId} />
                      <input
                        aria-label={`${t("locationPoints.point")}: ${row.name}`}
                        name="reorderPoint"
                        inputMode="numeric"
                        maxLength={9}
                        size={6}
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
