/**
 * What a customer pays for a product on a day, when a campaign lowers it: the lowest price of the
 * active campaigns running that day (the older campaign on a tie). No row: the selling price
 * applies. The one definition an order's lines, the price log, the reduction-claims report and
 * bulk repricing follow.
 *
 * A subquery of at most one row (`price`, `original_price`, `campaign_id`, `campaign`,
 * `start_date`) for `left join lateral (...) r on true`; `product` and `day` are SQL expressions
 * (a column such as `p.id`; a binding such as `:today` or `?`, bound twice when positional).
 */
export function runningCampaignSql(product: string, day: string): string {
  return `select cp.discount_price as price, cp.original_price, c.id as campaign_id, c.name as campaign,
                 c.start_date
            from campaign_product cp join campaign c on c.id = cp.campaign_id
           where cp.product_id = ${product} and c.is_active
             and c.start_date <= ${day}::date and c.end_date >= ${day}::date
           order by cp.discount_price, c.id
           limit 1`;
}
