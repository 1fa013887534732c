import { defineEntity, p } from "@mikro-orm/core";
import { Product } from "~/models/product/product.entity";
import { createdAt, money, updatedAt } from "~/models/timestamps";
import { User } from "~/models/user/user.entity";

export const Campaign = defineEntity({
  name: "Campaign",
  tableName: "campaign",
  // The list's order: latest start first.
  indexes: [{ name: "campaign_start_date_index", properties: ["startDate", "id"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    description: p.text().nullable(),
    // Calendar days in the shop's time zone; the campaign runs through the whole end day.
    startDate: p.date(),
    endDate: p.date(),
    isActive: p.boolean().default(true),
    /**
     * The day its prices' references were printed (a flyer's deadline): the lowest prices of the 30
     * days before are shown as the log knew them then, with a warning where a later change made
     * the printed figure wrong. Null: always the log's current figure.
     */
    referenceFrozenOn: p.date().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: p.integer().version(),
  },
});

export const CampaignProduct = defineEntity({
  name: "CampaignProduct",
  tableName: "campaign_product",
  uniques: [{ properties: ["campaign", "product"] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    campaign: p.manyToOne(Campaign).deleteRule("cascade"),
    product: p.manyToOne(Product).deleteRule("cascade").index(),
    discountPrice: money(),
    originalPrice: money(),
  },
});
