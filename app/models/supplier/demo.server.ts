import type { DemoStep } from "~/models/demo-shop";
import { DEMO_SUPPLIERS } from "./demo-data";
import { insertSupplier } from "./supplier.server";
import { supplierSchema } from "./supplier-schema";

/** The demo suppliers, through the suppliers' write path, before the products that name them. */
export const demoSuppliers: DemoStep = {
  place: 20,
  seed: async (tx, shop) => {
    for (const [name, contactName, email, phone, leadTimeDays] of DEMO_SUPPLIERS) {
      const created = await insertSupplier(
        tx,
        supplierSchema.parse({ name, contactName, email, phone, leadTimeDays }),
      );
      if (!created.ok) throw new Error(`The demo supplier ${name} was refused: ${created.reason}`);
      shop.suppliers.push(name);
    }
  },
};
