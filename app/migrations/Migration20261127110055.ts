import { Migration } from '@mikro-orm/migrations';

export class Migration20261127110055 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column "unit" text check ("unit" in ('m', 'kg', 'l')) null, add column "net_quantity" numeric(10,3) null;`);
    this.addSql(`alter table "product" add constraint product_net_quantity_check check((unit is null and net_quantity is null) or (unit is not null and net_quantity > 0));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" drop constraint product_net_quantity_check;`);
    this.addSql(`alter table "product" drop column "unit", drop column "net_quantity";`);
  }

}
