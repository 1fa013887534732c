import { defineAggregateServer } from "~/models/registry.server";
import { demoSuppliers } from "./demo.server";
import { Supplier } from "./supplier.entity";
import { supplierListQueries } from "./supplier.server";
import { SUPPLIER_OPERATIONS } from "./supplier-operations";

/** The supplier aggregate on the server: its entity, its /api operations and its list's queries to EXPLAIN. */
export const server = defineAggregateServer({
  demo: demoSuppliers,
  operations: SUPPLIER_OPERATIONS,
  entities: [Supplier],
  listPlans: {
    tables: ["supplier"],
    // 20,000 suppliers with names, contacts and addresses varied enough for a search to find a few.
    seed: [
      `insert into supplier (name, contact_name, email)
        select 'Supplier ' || i || ' ' || md5(i::text), 'Contact ' || md5((i * 7919)::text),
          'orders' || i || '@supplier' || (i % 97) || '.fi'
        from generate_series(1, 20000) as i`,
    ],
    queries: {
      "/suppliers, a page by name": (em) => supplierListQueries({ limit: 25, offset: 5000 }, em).rows,
      "/suppliers searched": (em) => supplierListQueries({ search: "a1b2", limit: 25, offset: 0 }, em).rows,
      "/suppliers searched, the count": (em) =>
        supplierListQueries({ search: "a1b2", limit: 25, offset: 0 }, em).count,
    },
  },
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    supplier: typeof server;
  }
}
