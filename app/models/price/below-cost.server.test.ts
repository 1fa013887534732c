import { beforeEach, expect, test } from "vitest";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { addDays } from "~/models/calendar-day";
import { addCampaignProduct, createCampaign } from "~/models/campaign/campaign.server";
import { campaignProductSchema, campaignSchema } from "~/models/campaign/campaign-schema";
import { todayIn } from "~/models/campaign/campaign-status";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { belowCostFile } from "./below-cost.server";

const db = testDatabase();

beforeEach(() =>
  db.truncate("campaign", "product", "price_history", "below_cost_approval", "audit_log", "user"),
);

async function manager() {
  const [{ id }] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, first_name, last_name, role) values ('mia@example.fi', 'x', 'Mia', 'Manager', 'manager') returning id`,
    );
  return { id, role: "manager" as const };
}

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

test("a campaign price under cost is refused without a reason; with a manager's, the reason and user are stored, audited and reported", async () => {
  const mia = await manager();
  const created = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: "Sono speaker",
        sku: "SS-1",
        brand: "Sono",
        // Net cost 50.00 excl. VAT: a campaign price of 60.00 incl. 25.5 % VAT is 47.81 net.
        purchasePrice: "50.00",
        vatInclusive: false,
        sellingPrice: "100.00",
        stockLevel: 5,
        supplier: "Tech Data",
      }),
      null,
    ),
  );
  if (!created.ok) throw new Error(created.reason);
  const today = todayIn(SHOP_TIME_ZONE);
  const campaign = await db.inRequest(() =>
    createCampaign(
      campaignSchema.parse({ name: "Clearance", startDate: today, endDate: addDays(today, 3) }),
      null,
    ),
  );
  const add = (fields: Record<string, unknown>, by: { id: number; role: "manager" | "salesperson" }) =>
    db.inRequest(() =>
      addCampaignProduct(
        campaign.id,
        campaignProductSchema.parse({ productId: created.product.id, discountPrice: "60.00", ...fields }),
        by,
      ),
    );
  const listed = () =>
    db.orm.em
      .fork()
      .execute<{ n: number }[]>("select count(*)::int as n from campaign_product")
      .then(([r]) => r.n);

  expect(await add({}, mia)).toMatchObject({
    ok: false,
    reason: "belowCost",
    findings: [{ label: "Sono speaker (SS-1)", price: "60.00", cost: "50.00", margin: -4.6 }],
  });
  expect(await add({ belowCostReason: "End of line" }, { id: mia.id, role: "salesperson" })).toMatchObject({
    ok: false,
    reason: "belowCostForbidden",
  });
  expect(await listed()).toBe(0);

  expect(await add({ belowCostReason: "  End of line, make room  " }, mia)).toEqual({ ok: true });
  expect(await listed()).toBe(1);
  const [row] = await db.orm.em
    .fork()
    .execute(
      "select subject, subject_id, product_id, user_id, user_name, reason, price::text, cost::text, margin::text from below_cost_approval",
    );
  expect(row).toEqual({
    subject: "campaign",
    subject_id: campaign.id,
    product_id: created.product.id,
    user_id: mia.id,
    user_name: "Mia Manager <mia@example.fi>",
    reason: "End of line, make room",
    price: "60.00",
    cost: "50.00",
    margin: "-4.6",
  });
  const [audit] = await db.orm.em
    .fork()
    .execute("select changes from audit_log where entity_type = 'below_cost'");
  expect(audit.changes).toMatchObject({ reason: { to: "End of line, make room" } });

  const csv = await db.inRequest(() => text(belowCostFile({ format: "csv", language: "en" })));
  const [head, line] = csv.split(/\r?\n/);
  expect(head).toBe(
    "createdAt,belowCostSubject,subjectId,label,price,cost,margin,discountPercent,user,reason",
  );
  expect(line).toBe(
    `${today},campaign,${campaign.id},Sono speaker (SS-1),60.00,50.00,-4.6,,Mia Manager <mia@example.fi>,"End of line, make room"`,
  );
  const excel = await db.inRequest(() => text(belowCostFile({ format: "excel", language: "fi" })));
  expect(excel).toContain("Kampanja;");
});
