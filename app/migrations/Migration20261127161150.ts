import { Migration } from '@mikro-orm/migrations';

/**
 * The shelf per location (issue #32): each product's shelf text ("A-12") moves from the product to
 * its row of product_stock at the default location, "Main store" (a row with quantity 0 is made
 * where the product has none there: the sum over locations, and so the total check, is unchanged),
 * then the product's column goes. Nothing is lost: down copies the default location's shelf back.
 */
export class Migration20261127161150 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index product_stock_shelf_lower_index on product_stock (location_id, lower(shelf)) where shelf is not null;`);
    this.addSql(`insert into "product_stock" ("product_id", "location_id", "quantity", "shelf")
      select p."id", (select "id" from "location" where "is_default"), 0, p."location"
        from "product" p where p."location" is not null
      on conflict ("product_id", "location_id") do update set "shelf" = excluded."shelf";`);
    this.addSql(`drop index "product_location_lower_index";`);
    this.addSql(`alter table "product" drop column "location";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" add column "location" varchar(50) null;`);
    this.addSql(`update "product" p set "location" = s."shelf"
      from "product_stock" s join "location" l on l."id" = s."location_id" and l."is_default"
      where s."product_id" = p."id";`);
    this.addSql(`CREATE INDEX product_location_lower_index ON public.product USING btree (lower((location)::text));`);
    this.addSql(`drop index "product_stock_shelf_lower_index";`);
  }

}
