import { defineAggregate, defineChecks } from "~/models/aggregate";

/** Shelf labels (issue #30): every role prints them; the reprint queue says which are out of date. */
export const aggregate = defineAggregate({
  sidebar: [{ to: "/labels", label: "nav.labels", icon: "scanner", place: 115 }],
});

declare module "~/models/aggregate" {
  interface Aggregates {
    label: typeof aggregate;
  }
}

/**
 * What the cross-cutting tests walk: anyone signed in sees the queue, previews a print and prints;
 * an empty print form names no products and goes back to the queue with a message.
 */
export const checks = defineChecks({
  routes: [
    ["GET", "/labels", "staff", 200],
    // A preview naming no products goes back to the queue with a message.
    ["GET", "/labels/new", "staff", "→/labels"],
    ["POST", "/labels/print", "staff", "→/labels"],
  ],
  fingerprint: ["label_print"],
});
