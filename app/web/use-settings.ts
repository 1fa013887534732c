import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LOW_STOCK_AT_MOST, DEFAULT_REORDER_QUANTITY } from "~/infra/setting-defaults";
import { DEFAULT_VAT_RATE } from "~/models/vat";
import type { RootData } from "./root-loader.server";

/** The shop's settings as the server read them (root loader): one source for every page. */
export function useSettings() {
  const root = useRouteLoaderData<RootData>("root");
  return (
    root?.settings ?? {
      lowStockAtMost: DEFAULT_LOW_STOCK_AT_MOST,
      vatRate: String(DEFAULT_VAT_RATE),
      reorderPoint: DEFAULT_LOW_STOCK_AT_MOST,
      reorderQuantity: DEFAULT_REORDER_QUANTITY,
    }
  );
}
