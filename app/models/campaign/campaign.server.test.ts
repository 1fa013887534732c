import { beforeEach, describe, expect, test } from "vitest";
import { testDatabase } from "../../../tests/setup/database";
import { createCampaign, updateCampaign } from "./campaign.server";
import { campaignSchema } from "./campaign-schema";

const db = testDatabase();

const input = (overrides: Record<string, unknown> = {}) =>
  campaignSchema.parse({ name: "Joulu", startDate: "2026-12-01", endDate: "2026-12-24", ...overrides });

beforeEach(() => db.truncate("campaign"));

describe("the campaign write path", () => {
  test("keeps the calendar days as given, whatever the time zone", async () => {
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    expect(campaign).toMatchObject({
      name: "Joulu",
      startDate: "2026-12-01",
      endDate: "2026-12-24",
      version: 1,
    });
    const changed = await db.inRequest(() =>
      updateCampaign(campaign.id, input({ endDate: "2026-12-31", version: campaign.version })),
    );
    expect(changed).toMatchObject({ ok: true, campaign: { endDate: "2026-12-31", version: 2 } });
  });

  test("a stale version is refused and changes nothing", async () => {
    const campaign = await db.inRequest(() => createCampaign(input(), null));
    await db.inRequest(() =>
      updateCampaign(campaign.id, input({ name: "First", version: campaign.version })),
    );
    expect(
      await db.inRequest(() =>
        updateCampaign(campaign.id, input({ name: "Second", version: campaign.version })),
      ),
    ).toEqual({ ok: false, reason: "stale" });
    expect(await db.inRequest(() => updateCampaign(999_999, input()))).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});
