import { Migration } from '@mikro-orm/migrations';

/** Each product row's share of the totals, signed: +1 for a row written, -1 for a row replaced or removed. */
function contribution(rows: string, sign: 1 | -1) {
  return `select coalesce(category_id, 0) as category_id, ${sign} as sign, margin_percent, margin_category,
      selling_price * stock_level as value_at_price,
      round(case when vat_inclusive then purchase_price / (1 + vat_rate / 100) else purchase_price end * stock_level, 6) as value_at_cost,
      least(stock_level, 1000) as level
    from ${rows}`;
}

/** Adds the signed shares of `delta` to the totals, touching rows in key order. */
const upsert = `, summary as (
    insert into catalogue_summary as s (category_id, products, margin_sum, low_margin, medium_margin, high_margin, value_at_price, value_at_cost)
    select category_id, sum(sign), sum(sign * margin_percent),
      coalesce(sum(sign) filter (where margin_category = 'low'), 0),
      coalesce(sum(sign) filter (where margin_category = 'medium'), 0),
      coalesce(sum(sign) filter (where margin_category = 'high'), 0),
      sum(sign * value_at_price), sum(sign * value_at_cost)
    from delta group by category_id order by category_id
    on conflict (category_id) do update set
      products = s.products + excluded.products,
      margin_sum = s.margin_sum + excluded.margin_sum,
      low_margin = s.low_margin + excluded.low_margin,
      medium_margin = s.medium_margin + excluded.medium_margin,
      high_margin = s.high_margin + excluded.high_margin,
      value_at_price = s.value_at_price + excluded.value_at_price,
      value_at_cost = s.value_at_cost + excluded.value_at_cost
    returning 1)
  insert into stock_level_count as c (level, products)
  select level, sum(sign) from delta group by level order by level
  on conflict (level) do update set products = c.products + excluded.products`;

const applyDelta = (delta: string) => `with delta as (${delta}) ${upsert};`;

export class Migration20261123091330 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalogue_summary" ("category_id" int not null, "products" int not null default 0, "margin_sum" numeric(20,1) not null default 0, "low_margin" int not null default 0, "medium_margin" int not null default 0, "high_margin" int not null default 0, "value_at_price" numeric(20,2) not null default 0, "value_at_cost" numeric(24,6) not null default 0, constraint "catalogue_summary_pkey" primary key ("category_id"));`);

    this.addSql(`create table "stock_level_count" ("level" int not null, "products" int not null default 0, constraint "stock_level_count_pkey" primary key ("level"));`);

    // Written by hand: the totals are kept by statement triggers on product, which add each
    // statement's new rows and subtract its old ones, grouped and in key order (so that two writers
    // lock the summary rows in the same order). Truncating the catalogue empties them.
    this.addSql(`create function catalogue_summary_apply() returns trigger language plpgsql as $body$
begin
  if tg_op = 'TRUNCATE' then
    delete from catalogue_summary;
    delete from stock_level_count;
  elsif tg_op = 'INSERT' then
    ${applyDelta(contribution("new_rows", 1))}
  elsif tg_op = 'DELETE' then
    ${applyDelta(contribution("old_rows", -1))}
  else
    ${applyDelta(`${contribution("new_rows", 1)} union all ${contribution("old_rows", -1)}`)}
  end if;
  return null;
end
$body$;`);
    this.addSql(`create trigger product_summary_insert after insert on product referencing new table as new_rows for each statement execute function catalogue_summary_apply();`);
    this.addSql(`create trigger product_summary_update after update on product referencing old table as old_rows new table as new_rows for each statement execute function catalogue_summary_apply();`);
    this.addSql(`create trigger product_summary_delete after delete on product referencing old table as old_rows for each statement execute function catalogue_summary_apply();`);
    this.addSql(`create trigger product_summary_truncate after truncate on product for each statement execute function catalogue_summary_apply();`);
    // The totals of the catalogue as it stands.
    this.addSql(`with delta as (${contribution("product", 1)}) ${upsert}`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists product_summary_insert on product;`);
    this.addSql(`drop trigger if exists product_summary_update on product;`);
    this.addSql(`drop trigger if exists product_summary_delete on product;`);
    this.addSql(`drop trigger if exists product_summary_truncate on product;`);
    this.addSql(`drop function if exists catalogue_summary_apply();`);
    this.addSql(`drop table if exists "catalogue_summary" cascade;`);

    this.addSql(`drop table if exists "stock_level_count" cascade;`);
  }

}
