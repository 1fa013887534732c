import { defineAggregateServer } from "~/models/registry.server";
import { LabelPrint, LabelPrintLine, LabelQueue } from "./label-queue.entity";

/** Shelf labels on the server (issue #30): the reprint queue and the prints. */
export const server = defineAggregateServer({ entities: [LabelQueue, LabelPrint, LabelPrintLine] });
