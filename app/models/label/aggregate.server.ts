import { defineAggregateServer } from "~/models/registry.server";
import { LabelPrint, LabelPrintLine, LabelQueue, LabelQueueTally } from "./label-queue.entity";
import { compactLabelQueueTally } from "./label-queue.server";
import { LabelSetting } from "./label-setting.entity";
import { DEFAULT_LABEL_SETTING, labelSettingAnswer, labelSettingSchema } from "./label-setting-schema";

/** Shelf labels on the server (issue #30): the reprint queue, the prints and the shop's default layout. */
export const server = defineAggregateServer({
  entities: [LabelQueue, LabelPrint, LabelPrintLine, LabelQueueTally, LabelSetting],
  jobs: [
    // The queue's tally gains a row with every change of the queue: folded into one now and then.
    { name: "label-queue-tally", cron: "*/5 * * * *", run: (orm) => compactLabelQueueTally(orm.em.fork()) },
  ],
  operations: {
    "GET /api/label-settings": {
      summary:
        "The shop's default shelf-label layout and roll printer resolution (the print forms start from it)",
      tag: "Shelf labels",
      access: "staff",
      ok: {
        status: 200,
        schema: labelSettingAnswer,
        description: "The default (the built-in one until changed)",
      },
    },
    "PUT /api/label-settings": {
      summary: "Change the shop's default shelf-label layout and roll printer resolution",
      tag: "Shelf labels",
      access: "label:configure",
      body: labelSettingSchema,
      example: DEFAULT_LABEL_SETTING,
      ok: { status: 200, schema: labelSettingAnswer, description: "The default as saved" },
    },
  },
});

declare module "~/models/registry.server" {
  interface ServerAggregates {
    label: typeof server;
  }
}
