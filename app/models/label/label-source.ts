// Where a print's shelf labels come from, as the preview's address and the print form's hidden
// fields name it (pure: the pages write these fields, the server reads them back).
import type { ProductSort } from "~/models/product/product-reads.server";
import type { ProductStatus } from "~/models/product/product-status";

/**
 * A campaign's labels for its first day (its price and prior price as they will read then), or
 * at its end (the day after its last: the selling price, or another campaign's running then).
 */
export const CAMPAIGN_MOMENTS = ["start", "end"] as const;
export type CampaignMoment = (typeof CAMPAIGN_MOMENTS)[number];

export function isCampaignMoment(value: unknown): value is CampaignMoment {
  return CAMPAIGN_MOMENTS.includes(value as CampaignMoment);
}

/** The /products filters, named as that page's address names them (its `?search=&category=...`). */
export type LabelFilters = {
  search: string | null;
  category: number | null;
  supplierId: number | null;
  status: ProductStatus | null;
  /** The list's order, which the labels print in. */
  sort: ProductSort;
  dir?: "asc" | "desc";
};

/** The /products address's parameters a print of its filters keeps (not its page size). */
export const LABEL_FILTER_KEYS = ["search", "category", "supplierId", "status", "sort", "dir"] as const;

/**
 * Which products a print is for: the reprint queue, products named (a product's page), the
 * /products filters, the barcode scanner's list, a campaign's products at one of its moments, or
 * a purchase order's received lines.
 */
export type LabelSource =
  | { from: "queue" }
  | { from: "products"; ids: number[] }
  | { from: "filters"; filters: LabelFilters }
  | { from: "scanned" }
  | { from: "campaign"; id: number; moment: CampaignMoment }
  | { from: "purchase-order"; id: number };

export type LabelSourceKind = LabelSource["from"];

/** The source as fields: the preview's query string, and the print form's hidden inputs. */
export function labelSourceFields(source: LabelSource): [string, string][] {
  switch (source.from) {
    case "queue":
    case "scanned":
      return [["from", source.from]];
    case "products":
      return [["from", "products"], ...source.ids.map((id): [string, string] => ["product", String(id)])];
    case "filters": {
      const { search, category, supplierId, status, sort, dir } = source.filters;
      const fields: [string, string | null | undefined][] = [
        ["search", search],
        ["category", category === null ? null : String(category)],
        ["supplierId", supplierId === null ? null : String(supplierId)],
        ["status", status],
        ["sort", sort === "newest" ? null : sort],
        ["dir", dir],
      ];
      return [
        ["from", "filters"],
        ...fields.filter(
          (field): field is [string, string] => typeof field[1] === "string" && field[1] !== "",
        ),
      ];
    }
    case "campaign":
      return [
        ["from", "campaign"],
        ["id", String(source.id)],
        ["moment", source.moment],
      ];
    case "purchase-order":
      return [
        ["from", "purchase-order"],
        ["id", String(source.id)],
      ];
  }
}

/** The preview page of a source's labels. */
export function labelPreviewHref(source: LabelSource): string {
  return `/labels/new?${new URLSearchParams(labelSourceFields(source))}`;
}

/**
 * The preview of the labels of the /products list at its address (`search`: its query string):
 * its filters and order, not its page size.
 */
export function filtersPreviewHref(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams([["from", "filters"]]);
  for (const key of LABEL_FILTER_KEYS) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  return `/labels/new?${kept}`;
}

/** The page a source's products were chosen on: the preview's way back. */
export function labelSourcePage(source: LabelSource): string {
  switch (source.from) {
    case "queue":
      return "/labels";
    case "products":
      return source.ids.length === 1 ? `/products/${source.ids[0]}` : "/products";
    case "filters": {
      const [, ...filters] = labelSourceFields(source);
      return filters.length ? `/products?${new URLSearchParams(filters)}` : "/products";
    }
    case "scanned":
      return "/barcode-scanner";
    case "campaign":
      return `/campaigns/${source.id}`;
    case "purchase-order":
      return `/purchasing/${source.id}`;
  }
}
