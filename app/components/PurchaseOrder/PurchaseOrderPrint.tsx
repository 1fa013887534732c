import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as s from "~/components/Document/DocumentPrint.css";
import { useFormat } from "~/i18n/use-format";
import type { PrintedPurchaseOrder } from "~/models/purchase-order/purchase-order-form.server";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A purchase order as printed for its supplier (A4, the print stylesheet of the sales documents):
 * the shop's letterhead, the order's number and dates, the supplier, the lines without VAT, the VAT
 * per rate and the totals, in the interface language. The print button needs JavaScript, so it
 * appears only then; without it the browser's own Print does the same.
 */
export function PurchaseOrderPrint({ data }: { data: PrintedPurchaseOrder }) {
  const { t } = useTranslation("purchasing");
  const format = useFormat();
  const hydrated = useHydrated();
  const { shop, order } = data;
  return (
    <main className={s.screen}>
      <nav className={s.toolbar}>
        <Link to={`/purchasing/${order.id}`}>← {t("print.back", { number: order.number })}</Link>
        {hydrated ? (
          <button type="button" className={s.printButton} onClick={() => window.print()}>
            {t("print.print")}
          </button>
        ) : null}
      </nav>
      <article className={s.sheet} data-testid="printed-purchase-order">
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
            <h1 className={s.title}>{t("print.title")}</h1>
            <dl className={s.facts}>
              <dt className={s.term}>{t("print.number")}</dt>
              <dd className={s.value} data-testid="printed-number">
                {order.number}
              </dd>
              <dt className={s.term}>{t("print.date")}</dt>
              <dd className={s.value}>{format.date(order.sentAt ?? order.createdAt)}</dd>
              <dt className={s.term}>{t("print.expected")}</dt>
              <dd className={s.value}>{format.date(`${order.expectedDate}T12:00:00`)}</dd>
            </dl>
          </div>
        </header>

        <section className={s.customer} data-testid="printed-supplier">
          <h2 className={s.heading}>{t("print.supplier")}</h2>
          <p className={s.shopLine}>{order.supplier.name}</p>
          {order.supplier.contactName ? <p className={s.shopLine}>{order.supplier.contactName}</p> : null}
          {order.supplier.email ? <p className={s.shopLine}>{order.supplier.email}</p> : null}
          {order.supplier.phone ? <p className={s.shopLine}>{order.supplier.phone}</p> : null}
        </section>

        <p className={s.pricesNote}>{t("print.pricesNote")}</p>
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
                {t("table.unitCost")}
              </th>
              <th className={`${s.th} ${s.number}`} scope="col">
                {t("print.vatRate")}
              </th>
              <th className={`${s.th} ${s.number}`} scope="col">
                {t("table.lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} className={s.row} data-testid="printed-line">
                <td className={s.td}>{line.productName}</td>
                <td className={`${s.td} ${s.code}`}>{line.sku}</td>
                <td className={`${s.td} ${s.number}`}>{format.number(line.quantityOrdered)}</td>
                <td className={`${s.td} ${s.number}`}>{format.money(line.unitCost)}</td>
                <td className={`${s.td} ${s.number}`}>{format.rate(line.vatRate)}</td>
                <td className={`${s.td} ${s.number}`}>{format.money(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <section className={s.totals} data-testid="printed-totals">
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
              {order.vatBreakdown.map((row) => (
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
            <dt>{t("totals.subtotal")}</dt>
            <dd className={s.sumValue}>{format.money(order.subtotal)}</dd>
            <dt>{t("totals.tax")}</dt>
            <dd className={s.sumValue}>{format.money(order.taxAmount)}</dd>
            <dt className={s.grandTotal}>{t("totals.total")}</dt>
            <dd className={`${s.sumValue} ${s.grandTotal}`} data-testid="printed-total">
              {format.money(order.totalAmount)}
            </dd>
          </dl>
        </section>

        {order.note ? (
          <section className={s.notes}>
            <h2 className={s.heading}>{t("print.note")}</h2>
            {order.note}
          </section>
        ) : null}
      </article>
    </main>
  );
}
