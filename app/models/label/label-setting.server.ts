import { LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod/v4";
import { em } from "~/infra/db.server";
import { namedSql } from "~/infra/sql.server";
import { isLabelLayoutId, ROLL_DPI } from "./label-layouts";
import { LabelSetting } from "./label-setting.entity";
import { DEFAULT_LABEL_SETTING, type LabelDefaults, labelSettingSchema } from "./label-setting-schema";

/**
 * The shop's default label layout and roll resolution, as stored (every server process reads the
 * same row), or the defaults while none is. A stored layout the list no longer has falls back too.
 */
export async function labelDefaults(db: EntityManager = em()): Promise<LabelDefaults> {
  const { rows } = await namedSql<{ layout: string; dpi: number }>(
    db,
    "select layout, dpi from label_setting where id = 1",
    {},
  );
  const stored = rows[0];
  if (!stored) return DEFAULT_LABEL_SETTING;
  return {
    layout: isLabelLayoutId(stored.layout) ? stored.layout : DEFAULT_LABEL_SETTING.layout,
    dpi: ROLL_DPI.find((dpi) => dpi === stored.dpi) ?? DEFAULT_LABEL_SETTING.dpi,
  };
}

export type LabelDefaultsChange = { ok: true; defaults: LabelDefaults } | { ok: false; error: z.ZodError };

/**
 * Changes the shop's default (admins and managers: the caller's guard). Refused, changing nothing,
 * for a layout or resolution the schema does not know. The change goes through the unit of work so
 * that the audit trail records it; the first one writes the row with the defaults first, so that
 * it is recorded as a change from them. Two changes at once: the later wins (a shop-wide setting,
 * changed rarely; no version to name).
 */
export async function changeLabelDefaults(
  input: unknown,
  db: EntityManager = em(),
): Promise<LabelDefaultsChange> {
  const parsed = labelSettingSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error };
  const defaults: LabelDefaults = parsed.data;
  await db.transactional(async (tx) => {
    await namedSql(
      tx,
      "insert into label_setting (id, layout, dpi) values (1, :layout, :dpi) on conflict (id) do nothing",
      DEFAULT_LABEL_SETTING,
    );
    const setting = await tx.findOneOrFail(LabelSetting, 1, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    setting.layout = defaults.layout;
    setting.dpi = defaults.dpi;
    await tx.flush();
  });
  return { ok: true, defaults };
}
