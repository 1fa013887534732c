import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/Card/Card";
import { Code, DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import type { SoldUnit } from "~/models/serial/serial-sale.server";

/**
 * The serial-tracked units a customer bought (issue #31), newest first: each serial linked to its
 * unit, its order and its guarantee's last day. Shown only when there is one.
 */
export function CustomerUnits({ units, total }: { units: SoldUnit[]; total: number }) {
  const { t } = useTranslation("serials");
  const format = useFormat();
  if (total === 0) return null;
  return (
    <Card title={t("sold.title")}>
      <div data-testid="customer-units">
        <DataTable
          label={t("sold.title")}
          columns={[
            {
              key: "serial",
              kind: "primary",
              label: t("sold.serial"),
              cell: (unit) => (
                <>
                  <Link to={`/serials/${unit.id}`}>
                    <Code value={unit.serial} />
                  </Link>{" "}
                  {unit.productName}
                </>
              ),
            },
            {
              key: "order",
              kind: "badge",
              label: t("sold.order"),
              cell: (unit) => <Link to={`/orders/${unit.orderId}`}>{unit.orderNumber}</Link>,
            },
            {
              key: "guarantee",
              kind: "badge",
              label: t("sold.guarantee"),
              cell: (unit) =>
                unit.guaranteeEnds ? format.date(`${unit.guaranteeEnds}T12:00:00`) : t("sold.noGuarantee"),
            },
          ]}
          rows={units}
          rowKey={(unit) => unit.id}
          rowProps={() => ({ "data-testid": "customer-unit" })}
          empty={t("sold.none")}
        />
      </div>
      {total > units.length ? <p>{t("sold.more", { count: total - units.length })}</p> : null}
    </Card>
  );
}
