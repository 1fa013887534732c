import type { DemoStep } from "~/models/demo-shop";
import { locationSchema } from "./location-schema";
import { insertLocation } from "./location-writes.server";

/** The demo shop's places beside Main store (the migration's default): its web warehouse and a second store. */
export const DEMO_LOCATIONS = [
  { name: "Web warehouse", kind: "warehouse", address: "Varastotie 4, 01510 Vantaa" },
  { name: "Tampere store", kind: "store", address: "Hämeenkatu 12, 33100 Tampere" },
] as const;

/** The demo locations, through the locations' write path, before the products. */
export const demoLocations: DemoStep = {
  place: 25,
  seed: async (tx) => {
    for (const location of DEMO_LOCATIONS) {
      const created = await insertLocation(tx, locationSchema.parse({ ...location, active: true }));
      if (!created.ok) throw new Error(`The demo location ${location.name} was refused: ${created.reason}`);
    }
  },
};
