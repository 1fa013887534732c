import { Migration } from '@mikro-orm/migrations';

export class Migration20261127191715 extends Migration {

  override async up(): Promise<void> {
    // Migrations run in one transaction: the stock total's deferred check of an earlier one's rows
    // runs now, or PostgreSQL refuses to alter a table with checks pending.
    this.addSql(`set constraints all immediate;`);
    this.addSql(`alter table "product_stock" add column "last_counted_at" timestamptz null;`);
    // Written by hand: each product's last count at each location, from the committed counts (a
    // count is of one location; those before issue #32 are Main store's). A product counted where
    // it has no row yet gets one, holding nothing.
    this.addSql(`insert into product_stock (product_id, location_id, quantity, last_counted_at)
      select l.product_id, c.location_id, 0, max(c.committed_at)
        from stock_count_line l join stock_count c on c.id = l.count_id
       where c.status = 'committed' and l.product_id is not null and c.committed_at is not null
       group by l.product_id, c.location_id
      on conflict (product_id, location_id) do update set last_counted_at = excluded.last_counted_at;`);
    this.addSql(`set constraints all deferred;`);
  }

  override async down(): Promise<void> {
    this.addSql(`set constraints all immediate;`);
    this.addSql(`alter table "product_stock" drop column "last_counted_at";`);
    this.addSql(`set constraints all deferred;`);
  }

}
