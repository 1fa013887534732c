import type { Language } from "~/i18n/config";
import { formatters } from "~/i18n/format";
import { printedShop } from "~/models/line-documents/printed-shop.server";
import { writerFor } from "~/models/notification/notification.server";
import type { SupplierClaimRow } from "./supplier-claim-schema";

/**
 * The e-mail that carries a supplier claim to its supplier (through the outbox), like a purchase
 * order's: a plain-text body listing each line (product, SKU, quantity, serial, unit cost, what is
 * wrong) and the claim's value, in the sender's language.
 */
export async function supplierClaimEmail(
  claim: SupplierClaimRow,
  language: Language,
): Promise<{ subject: string; body: string }> {
  const { t } = await writerFor(language);
  const format = formatters(language);
  const shop = printedShop();
  const lines = claim.lines.flatMap((line) => [
    t("claims:email.line", {
      quantity: format.number(line.quantity),
      product: line.productName,
      sku: line.sku,
      unitCost: format.money(line.unitCost),
      total: format.money(line.lineTotal),
    }),
    ...(line.serial ? [`  ${t("claims:email.serial", { serial: line.serial })}`] : []),
    ...(line.note ? [`  ${t("claims:email.note", { note: line.note })}`] : []),
  ]);
  const body = [
    t("claims:email.greeting"),
    "",
    t("claims:email.intro", { number: claim.number, shop: shop.name }),
    "",
    ...lines,
    "",
    `${t("claims:email.total")}: ${format.money(claim.totalValue)}`,
    ...(claim.note ? ["", `${t("claims:detail.note")}: ${claim.note}`] : []),
    "",
    t("claims:email.closing"),
    ...[shop.name, shop.address, shop.email, shop.phone].filter((line): line is string => !!line),
  ].join("\n");
  return { subject: t("claims:email.subject", { number: claim.number, shop: shop.name }), body };
}
