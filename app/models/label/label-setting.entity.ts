import { defineEntity, p } from "@mikro-orm/core";
import { updatedAt } from "~/models/timestamps";

/**
 * The shop's default shelf-label layout (issue #30): one row (id 1), shared by every server process,
 * which the print forms start from. Without the row the defaults of label-setting.ts hold; the
 * first change writes it. Admins and managers change it; the audit trail records each change.
 */
export const LabelSetting = defineEntity({
  name: "LabelSetting",
  tableName: "label_setting",
  checks: [{ name: "label_setting_one_row_check", expression: "id = 1" }],
  properties: {
    id: p.integer().primary().autoincrement(false),
    /** A layout of label-layouts.ts (checked by the write path: the list may grow without a migration). */
    layout: p.string().length(30),
    /** A roll printer's resolution (203 or 300), kept beside a sheet layout too for the rolls. */
    dpi: p.integer(),
    updatedAt: updatedAt(),
  },
});
