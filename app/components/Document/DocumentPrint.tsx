import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import type { PrintedDocument } from "~/web/order/document-print.server";
import * as s from "./DocumentPrint.css";
import { Letterhead, PrintedLines, PrintedNote, PrintedSums, PrintedVat, PrintFrame } from "./PrintSheet";

/** The units shipped, by serial, each with its guarantee's last day: what the customer keeps for a claim. */
function PrintedUnits({ units }: { units: PrintedDocument["units"] }) {
  const { t } = useTranslation("serials");
  const format = useFormat();
  if (units.length === 0) return null;
  return (
    <section className={s.units} data-testid="printed-units">
      <h2 className={s.heading}>{t("print.title")}</h2>
      <table className={s.unitTable}>
        <thead>
          <tr>
            <th className={s.unitHeading}>{t("sold.product")}</th>
            <th className={s.unitHeading}>{t("sold.serial")}</th>
            <th className={s.unitHeading}>{t("sold.guarantee")}</th>
          </tr>
        </thead>
        <tbody>
          {units.map((unit) => (
            <tr key={unit.id} data-testid="printed-unit">
              <td className={s.unitCell}>{unit.productName}</td>
              <td className={`${s.unitCell} ${s.unitSerial}`}>{unit.serial}</td>
              <td className={`${s.unitCell} ${s.unitDay}`}>
                {unit.guaranteeEnds ? format.date(`${unit.guaranteeEnds}T12:00:00`) : t("sold.noGuarantee")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A quote or an order as printed for its customer: the shop's letterhead, the document's number and
 * dates, the customer, the lines, the totals and the VAT per rate. Prices are without VAT for a
 * business customer, with VAT for anyone else.
 */
export function DocumentPrint({ data }: { data: PrintedDocument }) {
  const { t } = useTranslation("orders");
  const format = useFormat();
  const { shop, document, customer, lines, units, withoutVat } = data;
  const screen = document.kind === "quote" ? "quotes" : "orders";
  const vatBasis = withoutVat ? "net" : "gross";
  return (
    <PrintFrame
      ns="orders"
      back={`/${screen}/${document.id}`}
      number={document.number}
      testId="printed-document"
    >
      <Letterhead
        ns="orders"
        shop={shop}
        title={t(`print.title.${document.kind}`)}
        facts={[
          [t("print.number"), document.number, "printed-number"],
          [t("print.date"), format.date(document.date)],
          ...(document.validUntil
            ? [[t("print.validUntil"), format.date(`${document.validUntil}T12:00:00`)] as [string, string]]
            : []),
          ...(document.location
            ? [[t("print.location"), document.location, "printed-location"] as [string, string, string]]
            : []),
        ]}
      />

      <section className={s.customer} data-testid="printed-customer">
        <h2 className={s.heading}>{t("print.customer")}</h2>
        {customer ? (
          <>
            {customer.company ? <p className={s.shopLine}>{customer.company}</p> : null}
            <p className={s.shopLine}>{customer.name}</p>
            {customer.address ? <p className={s.shopLine}>{customer.address}</p> : null}
            {customer.postalCode || customer.city ? (
              <p className={s.shopLine}>{[customer.postalCode, customer.city].filter(Boolean).join(" ")}</p>
            ) : null}
            {customer.country ? <p className={s.shopLine}>{customer.country}</p> : null}
            {customer.businessId ? (
              <p className={s.shopLine}>
                {t("print.businessId")} {customer.businessId}
              </p>
            ) : null}
            {customer.vatNumber ? (
              <p className={s.shopLine}>
                {t("print.vatNumber")} {customer.vatNumber}
              </p>
            ) : null}
          </>
        ) : (
          <p className={s.shopLine}>{t("detail.noCustomer")}</p>
        )}
      </section>

      <p className={s.pricesNote}>{t(`print.prices.${vatBasis}`)}</p>
      <PrintedLines
        ns="orders"
        lines={lines.map((line) => ({ ...line, unitAmount: line.unitPrice, total: line.totalPrice }))}
        unitHeading={t(`print.unitPrice.${vatBasis}`)}
        totalHeading={t(`print.lineTotal.${vatBasis}`)}
      />

      <PrintedUnits units={units} />

      <section className={s.totals} data-testid="printed-totals">
        <PrintedSums
          sums={[
            { label: t("print.subtotal"), amount: format.money(document.subtotal) },
            ...(Number(document.discountAmount) > 0
              ? [
                  {
                    label: t("totals.discount", { percent: format.rate(document.discountPercent) }),
                    amount: `−${format.money(document.discountAmount)}`,
                  },
                ]
              : []),
          ]}
        />
        <PrintedVat ns="orders" rows={document.vatBreakdown} />
        <PrintedSums
          sums={[
            { label: t("totals.netTotal"), amount: format.money(document.netAmount) },
            { label: t("totals.taxTotal"), amount: format.money(document.taxAmount) },
            {
              label: t("totals.total"),
              amount: format.money(document.totalAmount),
              grand: true,
              testId: "printed-total",
            },
          ]}
        />
      </section>

      <PrintedNote heading={t("print.notes")} text={document.notes} />
    </PrintFrame>
  );
}
