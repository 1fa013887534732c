import type { Language } from "~/i18n/config";
import { formatters } from "~/i18n/format";
import { printedShop } from "~/models/line-documents/printed-shop.server";
import type { EmailAttachment } from "~/models/notification/notification.entity";
import { writerFor } from "~/models/notification/notification.server";
import type { PurchaseOrderRow } from "./purchase-order-row";

/**
 * The e-mail that carries a purchase order to its supplier (through the outbox): a plain-text
 * body listing the lines and totals, and the printable order as an HTML file attached (a page of
 * its own with its styles inline, so any mail program or browser opens and prints it). Written in
 * the sender's language; every text of the order is escaped.
 */
export async function purchaseOrderEmail(
  order: PurchaseOrderRow,
  language: Language,
): Promise<{ subject: string; body: string; attachments: EmailAttachment[] }> {
  const { t } = await writerFor(language);
  const format = formatters(language);
  const shop = printedShop();
  const filename = `${order.number}.html`;
  const lines = order.lines.map((line) =>
    t("purchasing:email.line", {
      quantity: format.number(line.quantityOrdered),
      product: line.productName,
      sku: line.sku,
      unitCost: format.money(line.unitCost),
      total: format.money(line.lineTotal),
    }),
  );
  const body = [
    t("purchasing:email.greeting"),
    "",
    t("purchasing:email.intro", { number: order.number, shop: shop.name, filename }),
    t("purchasing:email.expected", { date: format.date(`${order.expectedDate}T12:00:00Z`) }),
    // Where the goods go (issue #32): the delivery location's name and address.
    t("purchasing:email.deliverTo", { place: deliveryPlace(order) }),
    "",
    ...lines,
    "",
    `${t("purchasing:totals.subtotal")}: ${format.money(order.subtotal)}`,
    `${t("purchasing:totals.tax")}: ${format.money(order.taxAmount)}`,
    `${t("purchasing:totals.total")}: ${format.money(order.totalAmount)}`,
    ...(order.note ? ["", `${t("purchasing:print.note")}: ${order.note}`] : []),
    "",
    t("purchasing:email.closing"),
    ...[shop.name, shop.address, shop.email, shop.phone].filter((line): line is string => !!line),
  ].join("\n");
  return {
    subject: t("purchasing:email.subject", { number: order.number, shop: shop.name }),
    body,
    attachments: [
      {
        filename,
        contentType: "text/html; charset=utf-8",
        content: purchaseOrderHtml(order, language, t, format),
      },
    ],
  };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as HTML: nothing a supplier's or a product's name holds is read as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

type Writer = Awaited<ReturnType<typeof writerFor>>["t"];

/** The printed purchase order as one HTML page with its styles inline (the e-mail's attachment). */
function purchaseOrderHtml(
  order: PurchaseOrderRow,
  language: Language,
  t: Writer,
  format: ReturnType<typeof formatters>,
): string {
  const shop = printedShop();
  const e = escapeHtml;
  const p = (text: string | null) => (text ? `<p>${e(text)}</p>` : "");
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${e(line.productName)}</td><td class="code">${e(line.sku)}</td>` +
        `<td class="n">${e(format.number(line.quantityOrdered))}</td>` +
        `<td class="n">${e(format.money(line.unitCost))}</td>` +
        `<td class="n">${e(format.rate(line.vatRate))}</td>` +
        `<td class="n">${e(format.money(line.lineTotal))}</td></tr>`,
    )
    .join("");
  const vat = order.vatBreakdown
    .map(
      (row) =>
        `<tr><td>${e(format.rate(row.rate))}</td><td class="n">${e(format.money(row.net))}</td>` +
        `<td class="n">${e(format.money(row.vat))}</td><td class="n">${e(format.money(row.gross))}</td></tr>`,
    )
    .join("");
  const supplier = order.supplier;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${e(order.number)} · ${e(shop.name)}</title>
<style>
@page { size: A4; margin: 18mm 16mm; }
body { font-family: Arial, Helvetica, sans-serif; font-size: 11pt; color: #111; max-width: 180mm; margin: 0 auto; }
header { display: flex; justify-content: space-between; gap: 12mm; margin-bottom: 8mm; }
h1 { font-size: 18pt; margin: 0 0 3mm; }
h2 { font-size: 11pt; margin: 0 0 2mm; text-transform: uppercase; color: #555; }
p { margin: 0 0 1mm; }
.shop { font-weight: bold; font-size: 13pt; }
table { width: 100%; border-collapse: collapse; margin: 4mm 0; }
th, td { text-align: left; padding: 1.5mm 2mm; border-bottom: 1px solid #ccc; vertical-align: top; }
th { font-size: 9pt; text-transform: uppercase; color: #555; }
.n { text-align: right; white-space: nowrap; }
.code { white-space: nowrap; font-family: monospace; }
.sums { width: 80mm; margin-left: auto; }
.total td { font-weight: bold; font-size: 12pt; }
</style></head><body>
<header><div><p class="shop">${e(shop.name)}</p>${p(shop.address)}${
    shop.businessId ? `<p>${e(t("purchasing:print.businessId"))} ${e(shop.businessId)}</p>` : ""
  }${p(shop.email)}${p(shop.phone)}</div>
<div><h1>${e(t("purchasing:print.title"))}</h1>
<p>${e(t("purchasing:print.number"))}: <strong>${e(order.number)}</strong></p>
<p>${e(t("purchasing:print.date"))}: ${e(format.date(order.sentAt ?? order.createdAt))}</p>
<p>${e(t("purchasing:print.expected"))}: ${e(format.date(`${order.expectedDate}T12:00:00Z`))}</p>
<p>${e(t("purchasing:print.deliverTo"))}: ${e(deliveryPlace(order))}</p></div></header>
<section><h2>${e(t("purchasing:print.supplier"))}</h2><p>${e(supplier.name)}</p>${p(supplier.contactName)}${p(
    supplier.email,
  )}${p(supplier.phone)}</section>
<p>${e(t("purchasing:print.pricesNote"))}</p>
<table><thead><tr><th>${e(t("purchasing:table.product"))}</th><th>${e(t("purchasing:print.sku"))}</th>
<th class="n">${e(t("purchasing:table.quantity"))}</th><th class="n">${e(t("purchasing:table.unitCost"))}</th>
<th class="n">${e(t("purchasing:print.vatRate"))}</th><th class="n">${e(t("purchasing:table.lineTotal"))}</th></tr></thead>
<tbody>${rows}</tbody></table>
<table class="sums"><thead><tr><th>${e(t("purchasing:totals.rate"))}</th><th class="n">${e(t("purchasing:totals.net"))}</th>
<th class="n">${e(t("purchasing:totals.vat"))}</th><th class="n">${e(t("purchasing:totals.gross"))}</th></tr></thead><tbody>${vat}</tbody></table>
<table class="sums"><tbody>
<tr><td>${e(t("purchasing:totals.subtotal"))}</td><td class="n">${e(format.money(order.subtotal))}</td></tr>
<tr><td>${e(t("purchasing:totals.tax"))}</td><td class="n">${e(format.money(order.taxAmount))}</td></tr>
<tr class="total"><td>${e(t("purchasing:totals.total"))}</td><td class="n">${e(format.money(order.totalAmount))}</td></tr>
</tbody></table>
${order.note ? `<section><h2>${e(t("purchasing:print.note"))}</h2><p>${e(order.note)}</p></section>` : ""}
</body></html>
`;
}

/** The delivery location as one line (issue #32): its name, then its address when it has one. */
function deliveryPlace(order: PurchaseOrderRow): string {
  const { name, address } = order.location;
  return address ? `${name}, ${address.replace(/\s*\n\s*/g, ", ")}` : name;
}
