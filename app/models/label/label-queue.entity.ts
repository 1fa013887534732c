import { defineEntity, p } from "@mikro-orm/core";
import { Product } from "~/models/product/product.entity";
import { createdAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";
import type { LabelReason } from "./label-reason";

/**
 * The reprint queue (issue #30): a row per product whose shelf label is out of date, with every
 * reason since its last print and when the latest came. A print of the product takes it off.
 */
export const LabelQueue = defineEntity({
  name: "LabelQueue",
  tableName: "label_queue",
  properties: {
    product: p.oneToOne(Product).primary().owner().deleteRule("cascade"),
    reasons: p.array<LabelReason>().columnType(`text[]`),
    queuedAt: p.datetime().columnType("timestamptz").defaultRaw("now()"),
  },
});

/** A print of shelf labels: who printed which products' labels, when and how. */
export const LabelPrint = defineEntity({
  name: "LabelPrint",
  tableName: "label_print",
  indexes: [{ name: "label_print_created_at_index", properties: ["createdAt", "id"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: createdAt(),
    user: p.manyToOne(User).nullable().deleteRule("set null"),
    /** The layout printed on (label-layouts.ts), and the language of its words. */
    layout: p.string().length(30),
    language: p.string().length(5),
    count: p.integer(),
  },
});

/** A product a print printed, with the price its label showed. */
export const LabelPrintLine = defineEntity({
  name: "LabelPrintLine",
  tableName: "label_print_line",
  properties: {
    id: p.integer().primary().autoincrement(),
    print: p.manyToOne(LabelPrint).deleteRule("cascade").index(),
    product: p.manyToOne(Product).deleteRule("cascade").index(),
    price: p.decimal("string").precision(10).scale(2),
  },
});

/**
 * How many products the reprint queue holds, kept by PostgreSQL with every statement that adds to
 * or takes from it (a statement trigger on label_queue, migration Migration20261127102254): a row
 * per such statement with its signed count, summed by the dashboard and /labels instead of
 * counting a queue that may hold the whole catalogue. Rows are only ever added by writers (no row
 * any two transactions both update); a job folds them into one now and then.
 */
export const LabelQueueTally = defineEntity({
  name: "LabelQueueTally",
  tableName: "label_queue_tally",
  properties: {
    id: p.bigint("number").primary().autoincrement(),
    delta: p.integer(),
  },
});
