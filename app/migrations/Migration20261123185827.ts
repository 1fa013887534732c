import { Migration } from '@mikro-orm/migrations';

/** Each product row's share of the totals, signed: +1 for a row written, -1 for a row replaced or removed. */
function contribution(rows: string, sign: 1 | -1) {
  return `select coalesce(category_id, 0) as category_id, ${sign} as sign, margin_percent, margin_category,
      selling_price * stock_level as value_at_price,
      round(case when vat_inclusive then purchase_price / (1 + vat_rate / 100) else purchase_price end * stock_level, 6) as value_at_cost,
      least(stock_level, 1000) as level
    from ${rows}`;
}

/**
 * The summary trigger's function (first written in Migration20261123091330): adds each statement's
 * new rows and subtracts its old ones, in key order. With `changes`, every row a statement touches
 * also counts in its category's `changes` (the catalogue's change stamp), and truncating the
 * catalogue empties the kept figures.
 */
function summaryFunction(changes: boolean) {
  const upsert = `, summary as (
    insert into catalogue_summary as s (category_id, products, margin_sum, low_margin, medium_margin, high_margin, value_at_price, value_at_cost${changes ? ", changes" : ""})
    select category_id, sum(sign), sum(sign * margin_percent),
      coalesce(sum(sign) filter (where margin_category = 'low'), 0),
      coalesce(sum(sign) filter (where margin_category = 'medium'), 0),
      coalesce(sum(sign) filter (where margin_category = 'high'), 0),
      sum(sign * value_at_price), sum(sign * value_at_cost)${changes ? ", count(*)" : ""}
    from delta group by category_id order by category_id
    on conflict (category_id) do update set
      products = s.products + excluded.products,
      margin_sum = s.margin_sum + excluded.margin_sum,
      low_margin = s.low_margin + excluded.low_margin,
      medium_margin = s.medium_margin + excluded.medium_margin,
      high_margin = s.high_margin + excluded.high_margin,
      value_at_price = s.value_at_price + excluded.value_at_price,
      value_at_cost = s.value_at_cost + excluded.value_at_cost${changes ? ",\n      changes = s.changes + excluded.changes" : ""}
    returning 1)
  insert into stock_level_count as c (level, products)
  select level, sum(sign) from delta group by level order by level
  on conflict (level) do update set products = c.products + excluded.products`;
  const applyDelta = (delta: string) => `with delta as (${delta}) ${upsert};`;
  return `create or replace function catalogue_summary_apply() returns trigger language plpgsql as $body$
begin
  if tg_op = 'TRUNCATE' then
    delete from catalogue_summary;
    delete from stock_level_count;${changes ? "\n    delete from catalogue_figure;" : ""}
  elsif tg_op = 'INSERT' then
    ${applyDelta(contribution("new_rows", 1))}
  elsif tg_op = 'DELETE' then
    ${applyDelta(contribution("old_rows", -1))}
  else
    ${applyDelta(`${contribution("new_rows", 1)} union all ${contribution("old_rows", -1)}`)}
  end if;
  return null;
end
$body$;`;
}

export class Migration20261123185827 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalogue_figure" ("key" text not null, "stamp" bigint not null, "value" jsonb not null, constraint "catalogue_figure_pkey" primary key ("key"));`);

    this.addSql(`alter table "catalogue_summary" add column "changes" bigint not null default 0;`);

    // Written by hand: the summary trigger also keeps the change stamp.
    this.addSql(summaryFunction(true));
  }

  override async down(): Promise<void> {
    this.addSql(summaryFunction(false));

    this.addSql(`drop table if exists "catalogue_figure" cascade;`);

    this.addSql(`alter table "catalogue_summary" drop column "changes";`);
  }

}
