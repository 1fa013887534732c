import { env } from "~/infra/env.server";

/** The shop as a printed quote, order or purchase order heads it: from the environment, null where unset. */
export function printedShop() {
  const { SHOP_NAME, SHOP_ADDRESS, SHOP_BUSINESS_ID, SHOP_EMAIL, SHOP_PHONE } = env();
  return {
    name: SHOP_NAME,
    address: SHOP_ADDRESS ?? null,
    businessId: SHOP_BUSINESS_ID ?? null,
    email: SHOP_EMAIL ?? null,
    phone: SHOP_PHONE ?? null,
  };
}
