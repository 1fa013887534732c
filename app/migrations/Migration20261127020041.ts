import { Migration } from '@mikro-orm/migrations';

export class Migration20261127020041 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "stock_count" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stock_count" drop column "version";`);
  }

}
