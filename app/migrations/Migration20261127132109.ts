import { Migration } from '@mikro-orm/migrations';

export class Migration20261127132109 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "serial_unit" add column "guarantee_ends" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "serial_unit" drop column "guarantee_ends";`);
  }

}
