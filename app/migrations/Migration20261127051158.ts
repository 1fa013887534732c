import { Migration } from '@mikro-orm/migrations';

export class Migration20261127051158 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "campaign" add column "reference_frozen_on" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign" drop column "reference_frozen_on";`);
  }

}
