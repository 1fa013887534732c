import { z } from "zod/v4";
import { LABEL_LAYOUT_IDS, type LabelLayoutId, ROLL_DPI, type RollDpi } from "./label-layouts";

/** The shop's default shelf-label layout: what the print forms start from (issue #30). */
export type LabelDefaults = { layout: LabelLayoutId; dpi: RollDpi };

/** Until an admin or manager chooses: the common A4 sheet, and a roll printer's usual 203 dpi. */
export const DEFAULT_LABEL_SETTING: LabelDefaults = { layout: "a4-3x8", dpi: 203 };

/**
 * A change of the default (the /labels form and PUT /api/label-settings): a layout of the list and a
 * roll's resolution, as JSON sends it (203) or a form does ("203"). Anything else is refused with
 * the print form's own messages.
 */
export const labelSettingSchema = z.object({
  layout: z.enum(LABEL_LAYOUT_IDS, { error: "labels.refusal.unknownLayout" }),
  dpi: z
    .union([z.literal(ROLL_DPI), z.enum(["203", "300"])], { error: "labels.refusal.dpiRequired" })
    .transform((dpi) => Number(dpi) as RollDpi)
    .describe("A roll printer's resolution, dots per inch (the sheets print at 600 whatever it is)"),
});

export type LabelSettingInput = z.infer<typeof labelSettingSchema>;

/** The default as the API answers it. */
export const labelSettingAnswer = z
  .object({ layout: z.enum(LABEL_LAYOUT_IDS), dpi: z.literal(ROLL_DPI) })
  .strict();
