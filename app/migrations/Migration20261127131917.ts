import { Migration } from '@mikro-orm/migrations';

export class Migration20261127131917 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column "defective_stock" int not null default 0;`);
    this.addSql(`alter table "product" add constraint product_defective_stock_check check(defective_stock >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" drop constraint product_defective_stock_check;`);
    this.addSql(`alter table "product" drop column "defective_stock";`);
  }

}
