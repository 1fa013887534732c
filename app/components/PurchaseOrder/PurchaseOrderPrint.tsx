import { useTranslation } from "react-i18next";
import * as s from "~/components/Document/DocumentPrint.css";
import {
  Letterhead,
  PrintedLines,
  PrintedNote,
  PrintedSums,
  PrintedVat,
  PrintFrame,
} from "~/components/Document/PrintSheet";
import { useFormat } from "~/i18n/use-format";
import type { PrintedPurchaseOrder } from "~/web/purchase-order/purchase-order-form.server";

/**
 * A purchase order as printed for its supplier (A4, the print stylesheet of the sales documents):
 * the shop's letterhead, the order's number and dates, the supplier, the lines without VAT, the VAT
 * per rate and the totals, in the interface language.
 */
export function PurchaseOrderPrint({ data }: { data: PrintedPurchaseOrder }) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  const { shop, order } = data;
  return (
    <PrintFrame
      ns="purchasing"
      back={`/purchasing/${order.id}`}
      number={order.number}
      testId="printed-purchase-order"
    >
      <Letterhead
        ns="purchasing"
        shop={shop}
        title={t("print.title")}
        facts={[
          [t("print.number"), order.number, "printed-number"],
          [t("print.date"), format.date(order.sentAt ?? order.createdAt)],
          [t("print.expected"), format.date(`${order.expectedDate}T12:00:00`)],
          [
            t("print.deliverTo"),
            order.location.address
              ? `${order.location.name}, ${order.location.address}`
              : order.location.name,
            "printed-deliver-to",
          ],
        ]}
      />

      <section className={s.customer} data-testid="printed-supplier">
        <h2 className={s.heading}>{t("print.supplier")}</h2>
        <p className={s.shopLine}>{order.supplier.name}</p>
        {order.supplier.contactName ? <p className={s.shopLine}>{order.supplier.contactName}</p> : null}
        {order.supplier.email ? <p className={s.shopLine}>{order.supplier.email}</p> : null}
        {order.supplier.phone ? <p className={s.shopLine}>{order.supplier.phone}</p> : null}
      </section>

      <p className={s.pricesNote}>{t("print.pricesNote")}</p>
      <PrintedLines
        ns="purchasing"
        lines={order.lines.map((line) => ({
          ...line,
          quantity: line.quantityOrdered,
          unitAmount: line.unitCost,
          total: line.lineTotal,
        }))}
        unitHeading={t("table.unitCost")}
        totalHeading={t("table.lineTotal")}
      />

      <section className={s.totals} data-testid="printed-totals">
        <PrintedVat ns="purchasing" rows={order.vatBreakdown} />
        <PrintedSums
          sums={[
            { label: t("totals.subtotal"), amount: format.money(order.subtotal) },
            { label: t("totals.tax"), amount: format.money(order.taxAmount) },
            {
              label: t("totals.total"),
              amount: format.money(order.totalAmount),
              grand: true,
              testId: "printed-total",
            },
          ]}
        />
      </section>

      <PrintedNote heading={t("print.note")} text={order.note} />
    </PrintFrame>
  );
}
