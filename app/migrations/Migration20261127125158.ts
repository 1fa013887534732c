import { Migration } from '@mikro-orm/migrations';

export class Migration20261127125158 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "serial_unit" drop constraint serial_unit_serial_check;`);

    this.addSql(`alter table "serial_unit" add constraint serial_unit_serial_check check(serial = btrim(serial) and serial <> '');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "serial_unit" drop constraint serial_unit_serial_check;`);

    this.addSql(`alter table "serial_unit" add constraint serial_unit_serial_check check(serial = upper(btrim(serial)) and serial <> '');`);
  }

}
