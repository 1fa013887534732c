import { Migration } from '@mikro-orm/migrations';

/** Stock counts per location (issue #32): every count so far counted the default location, "Main store". */
export class Migration20261127155913 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "stock_count" add column "location_id" int null;`);
    this.addSql(`update "stock_count" set "location_id" = (select "id" from "location" where "is_default");`);
    this.addSql(`alter table "stock_count" alter column "location_id" set not null;`);
    this.addSql(`alter table "stock_count" add constraint "stock_count_location_id_foreign" foreign key ("location_id") references "location" ("id") on update cascade on delete no action;`);
    this.addSql(`create index "stock_count_location_id_index" on "stock_count" ("location_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stock_count" drop constraint "stock_count_location_id_foreign";`);

    this.addSql(`drop index "stock_count_location_id_index";`);
    this.addSql(`alter table "stock_count" drop column "location_id";`);
  }

}
