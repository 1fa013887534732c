import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import type { PrintedDocument } from "~/models/order/document-print.server";
import { useHydrated } from "~/utils/use-hydrated";
import * as s from "./DocumentPrint.css";

/**
 * A quote or an order as printed for its customer: the shop's letterhead, the document's number and
 * dates, the customer, the lines, the totals and the VAT per rate. Prices are without VAT for a
 * business customer, with VAT for anyone else. The print button needs JavaScript, so it appears
 * only then; without it the browser's own Print does the same.
 */
export function DocumentPrint({ data }: { data: PrintedDocument }) {
  const { t } = useTranslation("orders");
  const format = useFormat();
  const hydrated = useHydrated();
  const { shop, document, customer, lines, withoutVat } = data;
  const screen = document.kind === "quote" ? "quotes" : "orders";
  const vatBasis = withoutVat ? "net" : "gross";
  return (
    <main className={s.screen}>
      <nav className={s.toolbar}>
        <Link to={`/${screen}/${document.id}`}>← {t("print.back", { number: document.number })}</Link>
        {hydrated ? (
          <button type="button" className={s.printButton} onClick={() => window.print()}>
            {t("print.print")}
          </button>
        ) : null}
      </nav>
      <article className={s.sheet} data-testid="printed-document">
        <header className={s.head}>
          <div>
            <p className={s.shopName}>{shop.name}</p>
            {shop.address ? <p className={s.shopLine}>{shop.address}</p> : null}
            {shop.businessId ? (
              <p className={s.shopLine}>
                {t("print.businessId")} {shop.businessId}
              </p>
            ) : null}
            {shop.email ? <p className={s.shopLine}>{shop.email}</p> : null}
            {shop.phone ? <p className={s.shopLine}>{shop.phone}</p> : null}
          </div>
          <div>
            <h1 className={s.title}>{t(`print.title.${document.kind}`)}</h1>
            <dl className={s.facts}>
              <dt className={s.term}>{t("print.number")}</dt>
              <dd className={s.value} data-testid="printed-number">
                {document.number}
              </dd>
              <dt className={s.term}>{t("print.date")}</dt>
              <dd className={s.value}>{format.date(document.date)}</dd>
              {document.validUntil ? (
                <>
                  <dt className={s.term}>{t("print.validUntil")}</dt>
                  <dd className={s.value}>{format.date(`${document.validUntil}T12:00:00`)}</dd>
                </>
              ) : null}
            </dl>
          </div>
        </header>

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
        <table className={s.lines} data-testid="printed-lines">
          <colgroup>
            <col />
            <col className={s.skuColumn} />
            <col className={s.quantityColumn} />
            <col className={s.amountColumn} />
            <col className={s.rateColumn} />
            <col className={s.amountColumn} />
          </colgroup>
          <thead>
            <tr className={s.row}>
              <th className={s.th} scope="col">
                {t("table.product")}
              </th>
              <th className={s.th} scope="col">
                {t("print.sku")}
              </th>
              <th className={`${s.th} ${s.number}`} scope="col">
                {t("table.quantity")}
              </th>
              <th className={`${s.th} ${s.number}`} scope="col">
                {t(`print.unitPrice.${vatBasis}`)}
              </th>
              <th className={`${s.th} ${s.number}`} scope="col">
                {t("print.vatRate")}
              </th>
              <th className={`${s.th} ${s.number}`} scope="col">
                {t(`print.lineTotal.${vatBasis}`)}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className={s.row} data-testid="printed-line">
                <td className={s.td}>{line.productName}</td>
                <td className={`${s.td} ${s.code}`}>{line.sku}</td>
                <td className={`${s.td} ${s.number}`}>{format.number(line.quantity)}</td>
                <td className={`${s.td} ${s.number}`}>{format.money(line.unitPrice)}</td>
                <td className={`${s.td} ${s.number}`}>{format.rate(line.vatRate)}</td>
                <td className={`${s.td} ${s.number}`}>{format.money(line.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <section className={s.totals} data-testid="printed-totals">
          <dl className={s.sums}>
            <dt>{t("print.subtotal")}</dt>
            <dd className={s.sumValue}>{format.money(document.subtotal)}</dd>
            {Number(document.discountAmount) > 0 ? (
              <>
                <dt>{t("totals.discount", { percent: format.rate(document.discountPercent) })}</dt>
                <dd className={s.sumValue}>−{format.money(document.discountAmount)}</dd>
              </>
            ) : null}
          </dl>
          <table className={s.vatTable} data-testid="printed-vat">
            <caption className={s.caption}>{t("print.vatBreakdown")}</caption>
            <thead>
              <tr className={s.row}>
                <th className={s.th} scope="col">
                  {t("totals.rate")}
                </th>
                <th className={`${s.th} ${s.number}`} scope="col">
                  {t("totals.net")}
                </th>
                <th className={`${s.th} ${s.number}`} scope="col">
                  {t("totals.vat")}
                </th>
                <th className={`${s.th} ${s.number}`} scope="col">
                  {t("totals.gross")}
                </th>
              </tr>
            </thead>
            <tbody>
              {document.vatBreakdown.map((row) => (
                <tr key={row.rate} className={s.row} data-testid="printed-vat-row">
                  <td className={s.td}>{format.rate(row.rate)}</td>
                  <td className={`${s.td} ${s.number}`}>{format.money(row.net)}</td>
                  <td className={`${s.td} ${s.number}`}>{format.money(row.vat)}</td>
                  <td className={`${s.td} ${s.number}`}>{format.money(row.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className={s.sums}>
            <dt>{t("totals.netTotal")}</dt>
            <dd className={s.sumValue}>{format.money(document.netAmount)}</dd>
            <dt>{t("totals.taxTotal")}</dt>
            <dd className={s.sumValue}>{format.money(document.taxAmount)}</dd>
            <dt className={s.grandTotal}>{t("totals.total")}</dt>
            <dd className={`${s.sumValue} ${s.grandTotal}`} data-testid="printed-total">
              {format.money(document.totalAmount)}
            </dd>
          </dl>
        </section>

        {document.notes ? (
          <section className={s.notes}>
            <h2 className={s.heading}>{t("print.notes")}</h2>
            {document.notes}
          </section>
        ) : null}
      </article>
    </main>
  );
}
