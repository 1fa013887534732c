import { Migration } from '@mikro-orm/migrations';

export class Migration20261127132244 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stock_count_serial" ("id" serial primary key, "line_id" int not null, "serial" varchar(100) not null, "missing" boolean not null default false, "unit_state" text check ("unit_state" in ('in_stock', 'sold', 'returned', 'defective', 'at_supplier', 'scrapped')) null, constraint stock_count_serial_serial_check check (serial = btrim(serial) and serial <> ''));`);
    this.addSql(`alter table "stock_count_serial" add constraint "stock_count_serial_line_serial_unique" unique ("line_id", "serial");`);

    this.addSql(`alter table "stock_count_serial" add constraint "stock_count_serial_line_id_foreign" foreign key ("line_id") references "stock_count_line" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_count_serial" cascade;`);
  }

}
