import type { LabelSelection } from "~/models/label/label-print.server";
import { isCampaignMoment, LABEL_FILTER_KEYS, type LabelSource } from "~/models/label/label-source";
import { productListQuery } from "~/models/product/product-schema";
import { idParam } from "~/web/params";
import { getScanned } from "~/web/scanner.server";

/**
 * A print's source as the preview's address or the print form's fields name it (label-source.ts),
 * or null when they name none that can be read (no products, an unknown `from`, a campaign or a
 * purchase order without a valid id). Without `from`: the reprint queue (`queue=all`) or the
 * products named (`product`, repeated), as the queue's and a product page's forms send them. The
 * /products filters are read by that page's own reader, so the labels are the list's products.
 */
export function readLabelSource(fields: URLSearchParams | FormData): LabelSource | null {
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const from = text("from") ?? (text("queue") === "all" ? "queue" : "products");
  switch (from) {
    case "queue":
    case "scanned":
      return { from };
    case "products": {
      const ids = fields
        .getAll("product")
        .map((value) => idParam(typeof value === "string" ? value : undefined))
        .filter((id): id is number => id !== null);
      return ids.length ? { from, ids } : null;
    }
    case "filters": {
      const params = new URLSearchParams();
      for (const key of LABEL_FILTER_KEYS) {
        const value = text(key);
        if (value !== null) params.set(key, value);
      }
      const query = productListQuery(params);
      return {
        from,
        filters: {
          search: query.search,
          category: query.category,
          supplierId: query.supplierId,
          status: query.status,
          sort: query.sort,
          dir: query.dir,
        },
      };
    }
    case "campaign": {
      const id = idParam(text("id") ?? undefined);
      const moment = text("moment");
      return id && isCampaignMoment(moment) ? { from, id, moment } : null;
    }
    case "purchase-order": {
      const id = idParam(text("id") ?? undefined);
      return id ? { from, id } : null;
    }
    default:
      return null;
  }
}

/** The products a source names, as the label model selects them: the scanned list's from the session. */
export async function labelSelectionOf(request: Request, source: LabelSource): Promise<LabelSelection> {
  switch (source.from) {
    case "queue":
      return { queue: true };
    case "products":
      return { productIds: source.ids };
    case "scanned":
      // One label a product, whatever its quantity on the list, in the list's order.
      return { productIds: (await getScanned(request)).map((item) => item.productId) };
    case "filters": {
      const { category, dir, ...filters } = source.filters;
      return { filters: { ...filters, categoryId: category, direction: dir } };
    }
    case "campaign":
      return { campaign: source.id, moment: source.moment };
    case "purchase-order":
      return { purchaseOrder: source.id };
  }
}
