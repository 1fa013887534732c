import { parseBusinessId } from "~/models/customer/business-id";
import { getCustomer } from "~/models/customer/customer.server";
import { printedShop } from "~/models/line-documents/printed-shop.server";
import { lineNet } from "~/models/order/document-net";
import { type DocumentKind, findDocument } from "~/web/order/document-form.server";

/**
 * What a printed quote or order shows: the shop (from the environment), the document, its customer's
 * postal details, and its lines priced as the customer reads them: without VAT for a business
 * customer, with VAT for anyone else. Only the figures printed leave the server (no margins or
 * purchase prices).
 */
export async function loadPrintedDocument(kind: DocumentKind, idText: string | undefined) {
  const document = await findDocument(kind, idText);
  const customer = document.customer ? await getCustomer(document.customer.id) : null;
  const withoutVat = customer?.customerType === "business";
  return {
    shop: printedShop(),
    document: {
      id: document.id,
      kind: document.kind,
      number: document.number,
      date: document.date,
      validUntil: document.kind === "quote" ? document.validUntil : null,
      // Where an order ships from (issue #32).
      location: document.kind === "order" ? document.location.name : null,
      notes: document.notes,
      discountPercent: document.discountPercent,
      subtotal: document.subtotal,
      discountAmount: document.discountAmount,
      taxAmount: document.taxAmount,
      totalAmount: document.totalAmount,
      netAmount: document.netAmount,
      vatBreakdown: document.vatBreakdown,
    },
    customer: customer && {
      name: `${customer.firstName} ${customer.lastName}`,
      company: customer.company,
      address: customer.address,
      postalCode: customer.postalCode,
      city: customer.city,
      country: customer.country,
      vatNumber: customer.vatNumber,
      // A Finnish business's Y-tunnus, read from the EU VAT number it is kept as.
      businessId: customer.vatNumber ? businessIdOf(customer.vatNumber) : null,
    },
    withoutVat,
    // The serial-tracked units shipped on an order, with their guarantees' ends (issue #31).
    units: document.kind === "order" ? document.units : [],
    lines: document.lines.map((line) => {
      const prices = withoutVat ? lineNet(line) : { unitPrice: line.unitPrice, totalPrice: line.totalPrice };
      return {
        id: line.id,
        productName: line.productName,
        sku: line.sku,
        quantity: line.quantity,
        vatRate: line.vatRate,
        ...prices,
      };
    }),
  };
}

export type PrintedDocument = Awaited<ReturnType<typeof loadPrintedDocument>>;

function businessIdOf(vatNumber: string): string | null {
  const parsed = parseBusinessId(vatNumber);
  return parsed.ok ? parsed.businessId : null;
}
