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
import type { CreditNoteData } from "~/web/customer-return/customer-return-form.server";

/**
 * A completed return's credit note, as the customer gets it: the shop's letterhead, the return's
 * and the order's numbers, the customer, the refunded lines (what was paid per unit, what is
 * refunded) and the refund's VAT per rate. The printed sheet's shared parts read the orders' texts.
 */
export function CreditNote({ data }: { data: CreditNoteData }) {
  const { t } = useTranslation("returns");
  const format = useFormat();
  const { shop, ret } = data;
  const lines = ret.lines.filter((line) => line.refundAmount !== null);
  return (
    <PrintFrame ns="orders" back={`/returns/${ret.id}`} number={ret.number} testId="credit-note">
      <Letterhead
        ns="orders"
        shop={shop}
        title={t("creditNote.title")}
        facts={[
          [t("creditNote.number"), ret.number, "printed-number"],
          [t("creditNote.date"), format.date(ret.completedAt ?? ret.createdAt)],
          [t("creditNote.order"), ret.orderNumber],
        ]}
      />
      <section className={s.customer} data-testid="printed-customer">
        <h2 className={s.heading}>{t("detail.customer")}</h2>
        <p className={s.shopLine}>{ret.customerName ?? t("detail.noCustomer")}</p>
      </section>
      <PrintedLines
        ns="orders"
        lines={lines.map((line) => ({
          id: line.id,
          productName: line.productName,
          sku: line.sku,
          quantity: line.quantity,
          unitAmount: line.unitPaid,
          vatRate: line.vatRate,
          total: line.refundAmount as string,
        }))}
        unitHeading={t("creditNote.paid")}
        totalHeading={t("creditNote.refunded")}
      />
      <section className={s.totals} data-testid="printed-totals">
        <PrintedVat ns="orders" rows={ret.vatBreakdown} />
        <PrintedSums
          sums={[
            { label: t("totals.net"), amount: format.money(ret.refundNet) },
            { label: t("totals.tax"), amount: format.money(ret.refundTax) },
            {
              label: t("creditNote.total"),
              amount: format.money(ret.refundTotal),
              grand: true,
              testId: "printed-total",
            },
          ]}
        />
      </section>
      <PrintedNote heading={t("detail.note")} text={ret.note} />
    </PrintFrame>
  );
}
