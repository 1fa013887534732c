import type { EntityManager } from "@mikro-orm/postgresql";
import { between, type Rng, seededRandom } from "~/models/demo-random";
import type { DemoStep } from "~/models/demo-shop";
import type { TrackingMode } from "~/models/product/tracking";
import { luhnCheckDigit } from "./imei";
import { recordOpeningSerials } from "./serial.server";

/**
 * The demo shop's serial-tracked products (phones by IMEI, laptops by serial number) have a unit
 * for each piece of their opening stock, counted in before the order history, so that the demo
 * orders ship them by serial and the customers' pages list what they bought.
 */
function serialOf(rng: Rng, tracking: TrackingMode, brand: string): string {
  if (tracking === "imei") {
    const first14 = `35${Array.from({ length: 12 }, () => between(rng, 0, 9)).join("")}`;
    return `${first14}${luhnCheckDigit(first14)}`;
  }
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  const body = Array.from({ length: 9 }, () => letters[between(rng, 0, letters.length - 1)]).join("");
  return `${brand.slice(0, 2).toUpperCase()}${body}`;
}

async function countInOpeningUnits(tx: EntityManager) {
  // A generator of its own, so the rest of the demo stays as it was.
  const rng = seededRandom(20263131);
  const products = await tx.execute<
    { id: number; tracking: TrackingMode; brand: string; stock_level: number }[]
  >(
    "select id, tracking, brand, stock_level from product where tracking <> 'none' and stock_level > 0 order by id",
  );
  const seen = new Set<string>();
  const units = products.flatMap((product) =>
    Array.from({ length: product.stock_level }, () => {
      let serial = serialOf(rng, product.tracking, product.brand);
      while (seen.has(serial)) serial = serialOf(rng, product.tracking, product.brand);
      seen.add(serial);
      return { productId: product.id, serial };
    }),
  );
  await recordOpeningSerials(tx, units, "opening");
}

export const demoSerials: DemoStep = { place: 35, seed: (tx) => countInOpeningUnits(tx) };
