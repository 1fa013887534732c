import { beforeEach, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { changeLabelDefaults, labelDefaults } from "./label-setting.server";

const db = testDatabase();

beforeEach(() => db.truncate("label_setting", "audit_log"));

const audited = () =>
  db.orm.em
    .fork()
    .execute(
      "select entity_type, entity_label, action, changes from audit_log where entity_type = 'label_setting' order by id",
    );

test("the shop's default is the A4 3 x 8 sheet at 203 dpi until someone chooses", async () => {
  expect(await db.inRequest(() => labelDefaults())).toEqual({ layout: "a4-3x8", dpi: 203 });
});

test("a change is stored for every server process and recorded in the audit trail", async () => {
  const changed = await db.inRequest(() => changeLabelDefaults({ layout: "roll-58x40", dpi: "300" }));
  expect(changed).toEqual({ ok: true, defaults: { layout: "roll-58x40", dpi: 300 } });
  // Another process: a connection of its own, no identity map.
  expect(await labelDefaults(db.orm.em.fork())).toEqual({ layout: "roll-58x40", dpi: 300 });
  await db.inRequest(() => changeLabelDefaults({ layout: "a4-2x7", dpi: 300 }));
  expect(await db.inRequest(() => labelDefaults())).toEqual({ layout: "a4-2x7", dpi: 300 });
  // The first change is one from the defaults (their row is written first).
  expect(await audited()).toEqual([
    {
      entity_type: "label_setting",
      entity_label: "Default label layout",
      action: "update",
      changes: { layout: { from: "a4-3x8", to: "roll-58x40" }, dpi: { from: 203, to: 300 } },
    },
    {
      entity_type: "label_setting",
      entity_label: "Default label layout",
      action: "update",
      changes: { layout: { from: "roll-58x40", to: "a4-2x7" } },
    },
  ]);
});

test("an unknown layout or resolution is refused with its message and changes nothing", async () => {
  await db.inRequest(() => changeLabelDefaults({ layout: "a4-2x7", dpi: 203 }));
  for (const [input, message] of [
    [{ layout: "a4-9x9", dpi: 203 }, "labels.refusal.unknownLayout"],
    [{ layout: "", dpi: 203 }, "labels.refusal.unknownLayout"],
    [{ dpi: 203 }, "labels.refusal.unknownLayout"],
    [{ layout: "roll-62x29", dpi: 600 }, "labels.refusal.dpiRequired"],
    [{ layout: "roll-62x29", dpi: "abc" }, "labels.refusal.dpiRequired"],
  ] as const) {
    const refused = await db.inRequest(() => changeLabelDefaults(input));
    expect(refused.ok, JSON.stringify(input)).toBe(false);
    if (!refused.ok) expect(refused.error.issues.map((issue) => issue.message)).toEqual([message]);
  }
  expect(await db.inRequest(() => labelDefaults())).toEqual({ layout: "a4-2x7", dpi: 203 });
  expect(await audited()).toHaveLength(1);
});

test("a stored layout the list no longer has falls back to the default", async () => {
  await db.orm.em.fork().execute("insert into label_setting (id, layout, dpi) values (1, 'a5-gone', 150)");
  expect(await db.inRequest(() => labelDefaults())).toEqual({ layout: "a4-3x8", dpi: 203 });
});
