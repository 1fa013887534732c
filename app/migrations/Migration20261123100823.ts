import { Migration } from '@mikro-orm/migrations';

export class Migration20261123100823 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "price_history" alter column "margin" type numeric(15,2) using ("margin"::numeric(15,2));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "price_history" alter column "margin" type numeric(8,2) using ("margin"::numeric(8,2));`);
  }

}
